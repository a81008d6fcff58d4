// The Help panel and the rules page. A game's rulebook is the game's own
// text, served by the server from its Go package (GET
// /api/games/{game}/rules), the same the terminal's help shows; this
// client adds only how its own screen is worked, which no other client
// shares.
import { api, type Rulebook } from "./api";
import { app } from "./state";
import { h } from "./dom";

/** controls says, per game, how this client's board is worked: the one
 * part of the help that is the client's own. */
const controls: Record<string, string[]> = {
  dots: [
    "Click or tap the gap between two dots to draw that line; the line under the pointer lights up first. You can also click one dot and then a neighbouring dot.",
    "Keyboard: Tab to the board, move between lines with the arrow keys and press Enter or Space to draw.",
    "Player 1's lines and boxes are dark blue with their initials; Player 2's are light blue with striped boxes and their initials.",
    "If a move is not allowed (the line is already drawn, the dots are diagonal or too far apart) a message says why and it stays your turn.",
  ],
  battleship: [
    "Placing: choose a ship, then click a square of your ocean grid (or drag a placed ship). Press R or the Rotate button to turn it. Red squares mean the ship cannot go there. Random fills in a fleet you can still adjust.",
    "Firing: click a square of the target grid, or move with the arrow keys and press Enter. White dots are misses, red marks are hits.",
    "The score bar shows ships left on both sides, your shots and your accuracy.",
  ],
  clue: [
    "On your turn the rooms and hallways you may move to are lit on the board: click one to go there.",
    "After entering a room, choose a suspect and a weapon and press Suggest. When a suggestion asks you for a card, press the card you want to show.",
    "Accuse… opens the accusation: pick a suspect, a weapon and a room. End turn passes the turn when you are done.",
    "The notebook fills in what follows from what you have seen; switch that off to keep only your own marks.",
  ],
  buccaneer: [
    "On your turn the squares your ship can reach are marked: click one to sail there, or pick a direction to turn the ship where it is. Then choose which way it points; only directions you could sail next turn are offered.",
    "Asked about a ship passing yours, press Attack or Let them pass.",
    "In a port other than your own, pick what to give and what to take, press Trade, and Done: leave port when you have finished.",
  ],
  warfare: [
    "Click one of your villagers (a disc with P, I, S or K; the dots under it give its strength) to light the hexes it can reach: blue rings to walk, green to act in its region, red dashed for land it can take. Click a lit hex to go.",
    "Click one of your villages (or its row in the village list) to recruit, upgrade or build a watchtower; a recruit or tower then goes on a lit hex. A selected villager offers training and, for a peasant, a meadow or a road.",
    "Next villager (or N) picks one that can still act. The list of lit hexes below the map does the same as clicking, from the keyboard.",
    "Drag, or use the arrow keys, to move the map; zoom with the wheel, a two-finger pinch, the + and − buttons or keys; 0 or Fit shows the whole island; Escape clears the selection.",
  ],
};

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
    const own = controls[game];
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
