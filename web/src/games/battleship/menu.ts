// The Battleship main menu: new game, load, tutorial, rulebook,
// achievements and quit.
import { api, type Achievement, type SaveInfo, type Table } from "../../api";
import { clear, fmtTime, h, medal, toast } from "../../dom";
import { openRules } from "../../rules";
import { app, navigate, onNavigate } from "../../state";
import { socket } from "../../ws";
import { markTutorial } from "./tutorial";
import { saveButton } from "../../screens/saves";

const ALL = [
  { title: "Complete tutorial", description: "Finish the Battleship tutorial." },
  { title: "Rookie", description: "Win your first game of Battleship." },
  { title: "Talented", description: "Win 5 games of Battleship." },
  { title: "Expert", description: "Win 20 games of Battleship." },
];

/** Where the menu is shown: as its own page, or over a game in play. */
interface MenuPlace {
  /** back, over a game, closes the menu and goes back to the game. */
  back?: () => void;
  /** rules opens the rulebook (over a game the menu closes first, since
   * the rules panel cannot be read behind a modal dialog). */
  rules: () => void;
}

/** menuBody builds the menu's list and the panel it fills. */
function menuBody(place: MenuPlace): { nav: HTMLElement; panel: HTMLElement; newGame: () => void } {
  const panel = h("div", { class: "menu-panel", "aria-live": "polite" });
  const levels = app.games.find((g) => g.name === "battleship")?.bots ?? ["easy", "hard", "expert"];
  const item = (id: string, label: string, note: string, f: () => void) => {
    const b = h("button", { class: "menu-item", id }, h("strong", null, label), h("small", null, note));
    b.addEventListener("click", () => {
      f();
      // Over a game on a phone the panel comes under the list: show it.
      if (place.back && panel.isConnected) panel.scrollIntoView({ block: "nearest" });
    });
    return b;
  };
  const nav = h("nav", { class: "menu", "aria-label": "Battleship menu" },
    place.back ? h("h2", { id: "bs-menu-title" }, "Battleship") : h("h1", null, "Battleship"),
    place.back ? item("bs-resume", "Back to the game", "Close the menu; the game goes on", place.back) : null,
    item("bs-new", "New game", "Play against the computer", () => newGame(panel, levels, place)),
    item("bs-load", "Load game", "Continue a saved battle", () => void load(panel)),
    item("bs-tutorial", "Tutorial", "Learn by playing, step by step", () => void create("easy", 0, true)),
    item("bs-rules", "Rulebook", "How the game is played", place.rules),
    item("bs-achievements", "Achievements", "What you have earned", () => void achievements(panel)),
    item("bs-quit", "Quit", "Back to the lobby", () => navigate("/")));
  return { nav, panel, newGame: () => newGame(panel, levels, place) };
}

/** create makes a table against the computer at level and opens it. */
async function create(level: string, first: number, tutorial = false): Promise<void> {
  try {
    const r = await socket.send<{ table: Table }>("table.create", {
      // The tutorial is practice: unrated, so that the expert's aid
      // may be switched on there.
      game: "battleship", options: { first }, seats: [{ kind: "me" }, { kind: "bot", level }], rated: !tutorial,
    });
    if (tutorial) markTutorial(r.table.id);
    navigate("/t/" + r.table.id);
  } catch (x) {
    toast((x as Error).message, "error");
  }
}

/** newGame fills the panel with the choices of a new game. */
function newGame(panel: HTMLElement, levels: string[], place: MenuPlace): void {
  clear(panel);
  const lv = h("select", { id: "bs-level" }, levels.map((l) => h("option", { value: l }, l[0].toUpperCase() + l.slice(1))));
  const first = h("select", { id: "bs-first" }, h("option", { value: "0" }, "I fire first"), h("option", { value: "1" }, "The computer fires first"));
  const go = h("button", { class: "primary", id: "bs-start" }, "Start");
  go.addEventListener("click", () => create(lv.value, Number(first.value)));
  panel.append(h("h2", null, "New game"));
  if (place.back) panel.append(h("p", { class: "small muted" }, "Starting a new game leaves this one, after asking."));
  panel.append(h("div", { class: "field" }, h("label", { for: "bs-level" }, "Opponent"), lv),
    h("div", { class: "field" }, h("label", { for: "bs-first" }, "First shot"), first), go);
  lv.focus();
}

/** load fills the panel with the saved Battleship games. */
async function load(panel: HTMLElement): Promise<void> {
  clear(panel);
  panel.append(h("h2", null, "Load a game"));
  try {
    const saves = ((await api.saves()).saves ?? []).filter((s: SaveInfo) => s.game === "battleship");
    if (saves.length === 0) {
      panel.append(h("p", { class: "muted" }, "No saved Battleship games yet. Use Save during a game."));
      return;
    }
    const ul = h("ul", { class: "save-list" });
    for (const s of saves) {
      const b = saveButton(s, (msg) => toast(msg, "error"));
      ul.append(h("li", null, h("div", null, h("strong", null, s.name), h("div", { class: "small muted" }, `${s.moves} moves · ${fmtTime(s.created)}`)), b));
    }
    panel.append(ul);
  } catch (x) {
    panel.append(h("p", { class: "form-error" }, (x as Error).message));
  }
}

/** achievements fills the panel with the achievements, earned or not. */
async function achievements(panel: HTMLElement): Promise<void> {
  clear(panel);
  panel.append(h("h2", null, "Achievements"));
  let got: Achievement[] = [];
  try {
    got = ((await api.profile(app.me?.name ?? "")).achievements ?? []).filter((a) => a.game === "battleship" || !a.game);
  } catch {
    // show every achievement as locked
  }
  const ul = h("ul", { class: "achievements" });
  for (const a of ALL) {
    const g = got.find((x) => x.title.toLowerCase() === a.title.toLowerCase());
    ul.append(h("li", { class: g ? "earned" : "locked" },
      medal(!!g),
      h("div", null, h("strong", null, a.title), h("div", { class: "small" }, g?.description || a.description),
        h("div", { class: "small muted" }, g ? "Earned " + fmtTime(g.at) : "Not earned yet"))));
  }
  panel.append(ul);
}

export function battleshipMenu(main: HTMLElement): void {
  const { nav, panel, newGame } = menuBody({ rules: () => openRules("battleship") });
  main.append(h("div", { class: "bs-menu" }, nav, panel));
  newGame();
  // /battleship?start=tutorial (the lobby's "Tutorial" link) starts the
  // tutorial at once; the address loses the word first, so that Back
  // from the tutorial's table comes to the menu, not to a second one.
  if (new URLSearchParams(location.search).get("start") === "tutorial") {
    history.replaceState(history.state, "", "/battleship");
    document.getElementById("bs-tutorial")?.click();
  }
}

/** openBattleshipMenu shows the menu over the table, at any time of a
 * game (spec: the menu is reachable without leaving the game): the game
 * stays where it is underneath, "Back to the game" or Escape closes the
 * menu, and an item that leaves the table asks first, as Quit does. */
export function openBattleshipMenu(): void {
  if (document.getElementById("bs-menu-dialog")) return;
  const back = document.activeElement as HTMLElement | null;
  const dlg = h("dialog", { class: "bs-menu-dialog", id: "bs-menu-dialog", "aria-labelledby": "bs-menu-title" });
  const close = () => dlg.close();
  const { nav, panel } = menuBody({
    back: close,
    rules: () => {
      close();
      openRules("battleship");
    },
  });
  panel.append(h("p", { class: "muted" }, "Choose from the menu, or go back to the game."));
  dlg.append(h("div", { class: "bs-menu" }, nav, panel));
  // Going to another screen from the menu (a new game, a save, Quit)
  // takes the menu away with the table it stood over.
  const stop = onNavigate(close);
  window.addEventListener("popstate", close);
  dlg.addEventListener("close", () => {
    stop();
    window.removeEventListener("popstate", close);
    dlg.remove();
    if (back?.isConnected) back.focus();
  });
  document.body.append(dlg);
  dlg.showModal();
  (document.getElementById("bs-resume") as HTMLElement | null)?.focus();
}
