// Battleship as the shared screens see it: its card's picture, how its
// board is worked, its page of its own (the menu, which the table also
// opens over the board) and the loaders of its board, its tutorial and
// its replay's heat map.
import { svg } from "../../dom";
import type { GameEntry } from "../entry";

export const battleship: GameEntry = {
  title: "Battleship",
  hidden: true,
  emblem: () => [svg("path", { d: "M6 30H42L36 38H12Z", class: "gc-ink" }), svg("rect", { x: 18, y: 22, width: 12, height: 8, class: "gc-ink" }),
    svg("circle", { cx: 36, cy: 12, r: 5, class: "gc-hit" })],
  controls: [
    "Placing: choose a ship, then click a square of your ocean grid (or drag a placed ship). Press R or the Rotate button to turn it. Red squares mean the ship cannot go there. Random fills in a fleet you can still adjust.",
    "Firing: click a square of the target grid, or move with the arrow keys and press Enter. White circles are misses, red marks are hits.",
    "The score bar shows ships left on both sides, your shots and your accuracy.",
  ],
  board: () => import("./battleship").then((m) => ({ view: m.battleshipView, tutorial: m.tutorialFor })),
  analysis: () => import("./heatmap").then((m) => m.battleshipPanel),
  page: {
    load: () => import("./menu").then((m) => ({ screen: m.battleshipMenu, overTable: m.openBattleshipMenu })),
    menuId: "bs-menu-open",
    tutorial: true,
  },
};
