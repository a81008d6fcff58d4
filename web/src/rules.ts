// The Help panel and the rules page. A game's rulebook is the game's own
// text, served by the server from its Go package (GET
// /api/games/{game}/rules), the same the terminal's help shows; this
// client adds only how its own screen is worked, which no other client
// shares.
import { api, type Rulebook } from "./api";
import { app } from "./state";
import { h } from "./dom";
import { gameEntry } from "./games/load";

const tableControls = "Help opens this panel, and play goes on while it is open. Save keeps the game under a name so you can take it up again from Saved games. Quit leaves the table.";

/** books holds each rulebook once fetched: it does not change while the
 * page is open. */
const books = new Map<string, Promise<Rulebook>>();

export function loadRulebook(game: string): Promise<Rulebook> {
  let p = books.get(game);
  if (!p) {
    p = api.rulebook(game);
    p.catch(() => books.delete(game));
    books.set(game, p);
  }
  return p;
}

export function ruleTitle(game: string): string {
  return app.games.find((g) => g.name === game)?.title ?? game;
}

/** rulebook returns an element that fills in with the game's rulebook
 * and this client's controls once the server has sent the book. */
export function rulebook(game: string, headingLevel: "h2" | "h3" = "h3"): HTMLElement {
  const box = h("div", { class: "rulebook", "aria-busy": "true" }, h("p", { class: "muted" }, "Loading the rules…"));
  const section = (title: string, paras: string[]) =>
    h("section", null, h(headingLevel, null, title), paras.map((p) => h("p", null, p)));
  loadRulebook(game).then((b) => {
    // How this client's board is worked: the one part of the help
    // that is the client's own, from the game's entry.
    const own = gameEntry(game)?.controls;
    box.replaceChildren(
      ...b.sections.map((s) => section(s.title, s.paras)),
      section("Playing on this screen", [...(own ?? []), tableControls]),
    );
  }, (e: Error) => {
    box.replaceChildren(h("p", { role: "alert" }, "The rules could not be loaded: " + e.message));
  }).finally(() => box.removeAttribute("aria-busy"));
  return box;
}

let panel: HTMLElement | null = null;
let panelGame = "";
let opener: HTMLElement | null = null;

/** openRules shows the rulebook beside the page; it is not modal, so the
 * board stays usable while it is open. */
export function openRules(game: string): void {
  if (panel && panelGame === game) {
    (panel.querySelector("h2") as HTMLElement | null)?.focus();
    return;
  }
  closeRules();
  opener = document.activeElement as HTMLElement | null;
  panelGame = game;
  const close = h("button", { class: "icon close", "aria-label": "Close help", title: "Close help (Esc)" }, "×");
  const title = h("h2", { tabindex: "-1" }, "Help: " + ruleTitle(game));
  panel = h("aside", { class: "rules-panel", role: "complementary", "aria-label": "Help and rules" },
    h("div", { class: "rules-head" }, title, close), rulebook(game));
  close.addEventListener("click", closeRules);
  panel.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeRules();
  });
  document.body.append(panel);
  document.body.classList.add("with-rules");
  title.focus();
}

export function closeRules(): void {
  if (!panel) return;
  panel.remove();
  panel = null;
  panelGame = "";
  document.body.classList.remove("with-rules");
  if (opener && opener.isConnected) opener.focus();
  opener = null;
}

export function rulesOpen(): boolean {
  return panel !== null;
}
