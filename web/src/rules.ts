// Rulebooks and control help for each game, written for this client, and
// the non-modal panel that shows them while play goes on.
import { h } from "./dom";
import { warfareRules } from "./games/warfarerules";

interface Section { title: string; paras: string[] }

const books: Record<string, { title: string; sections: Section[] }> = {
  dots: {
    title: "Dots and Boxes",
    sections: [
      { title: "Goal", paras: ["Own more boxes than your opponent when the board is full."] },
      {
        title: "Taking turns",
        paras: [
          "Players take turns drawing one line between two neighbouring dots, across or down. Lines cannot be diagonal and cannot skip a dot.",
          "When your line closes the fourth side of one box (or of two boxes at once), those boxes become yours and you must draw another line. Otherwise the turn passes.",
          "Nobody has to close a box they could close: sometimes leaving it is the stronger play.",
          "The game ends when every box has an owner. Most boxes wins; an equal count is a tie.",
        ],
      },
      {
        title: "Playing on this board",
        paras: [
          "Click or tap the gap between two dots to draw that line; the line under the pointer lights up first. You can also click one dot and then a neighbouring dot.",
          "Keyboard: Tab to the board, move between lines with the arrow keys and press Enter or Space to draw.",
          "Player 1's lines and boxes are dark blue with their initials; Player 2's are light blue with striped boxes and their initials.",
          "If a move is not allowed (the line is already drawn, the dots are diagonal or too far apart) a message says why and it stays your turn.",
        ],
      },
      {
        title: "Controls",
        paras: [
          "Restart starts a new game with the same size and players. Quit leaves the table. Help opens this panel; play continues while it is open.",
          "Save keeps the game under a name so you can load it later from Saved games.",
        ],
      },
      {
        title: "A tip",
        paras: ["Late in the game the board splits into chains of boxes. Giving away a short chain can force your opponent to open a long one for you."],
      },
    ],
  },
  battleship: {
    title: "Battleship",
    sections: [
      { title: "Goal", paras: ["Sink all five enemy ships before the enemy sinks yours."] },
      {
        title: "Your fleet",
        paras: [
          "Each side hides five ships on a 10 × 10 grid (columns A–J, rows 1–10): carrier 5 squares, battleship 4, cruiser 3, submarine 3 and destroyer 2.",
          "Ships lie across or down, stay inside the grid and never overlap. They may touch unless the table says otherwise.",
        ],
      },
      {
        title: "Battle",
        paras: [
          "Players take turns firing one shot at a square of the enemy's grid. Each shot is answered miss, hit, or sunk with the ship's name.",
          "A hit does not give an extra shot. You cannot fire at the same square twice.",
          "The first side to sink the whole enemy fleet wins. At the end the enemy's fleet is revealed.",
        ],
      },
      {
        title: "Playing on this screen",
        paras: [
          "Placing: choose a ship, then click a square of your ocean grid (or drag a placed ship). Press R or the Rotate button to turn it. Red squares mean the ship cannot go there. Random fills in a fleet you can still adjust.",
          "Firing: click a square of the target grid, or move with the arrow keys and press Enter. White dots are misses, red marks are hits.",
          "The score bar shows ships left on both sides, your shots and your accuracy.",
        ],
      },
      {
        title: "Achievements",
        paras: ["Complete tutorial, Rookie (first win), Talented (5 wins) and Expert (20 wins). They are kept with your account."],
      },
    ],
  },
  warfare: warfareRules,
};

export function ruleTitle(game: string): string {
  return books[game]?.title ?? game;
}

export function rulebook(game: string, headingLevel: "h2" | "h3" = "h3"): HTMLElement {
  const b = books[game];
  if (!b) return h("p", null, "No rulebook for this game yet.");
  return h("div", { class: "rulebook" },
    b.sections.map((s) => h("section", null, h(headingLevel, null, s.title), s.paras.map((p) => h("p", null, p)))));
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
