// Medieval Warfare as the shared screens see it: its card's picture, how
// its board is worked, and the loaders of its board, its preview of a
// match's start and its replay's charts.
import { svg } from "../../dom";
import type { GameEntry } from "../entry";

/** inks are the charts' line colours by seat, darker shades of the seat's
 * land. */
const inks = ["#b3261e", "#1f5fbf", "#8a6a00", "#1e7a3c", "#7d3cb5", "#b0531a"];

export const warfare: GameEntry = {
  title: "Medieval Warfare",
  emblem: () => [[14, 14], [30, 14], [22, 28], [38, 28]].map(([cx, cy]) => {
    const pts = Array.from({ length: 6 }, (_, i) => `${cx + 8 * Math.cos(Math.PI / 3 * i + Math.PI / 6)},${cy + 8 * Math.sin(Math.PI / 3 * i + Math.PI / 6)}`).join(" ");
    return svg("polygon", { points: pts, class: cx === 22 ? "gc-fill" : "gc-line" });
  }),
  controls: [
    "Click one of your villagers (a disc with P, I, S or K; the spots under it give its strength) to light the hexes it can reach: blue rings to walk, green to act in its region, red dashed for land it can take. Click a lit hex to go.",
    "Click one of your villages (or its row in the village list) to recruit, upgrade or build a watchtower; a recruit or tower then goes on a lit hex. A selected villager offers training and, for a peasant, a meadow or a road.",
    "Next villager (or N) picks one that can still act. The list of lit hexes below the map does the same as clicking, from the keyboard.",
    "Drag, or use the arrow keys, to move the map; zoom with the wheel, a two-finger pinch, the + and − buttons or keys; 0 or Fit shows the whole island; Escape clears the selection.",
  ],
  board: () => import("./warfare").then((m) => ({ view: m.warfareView })),
  analysis: () => import("../../analysis/charts").then((m) => m.turnCharts("Land and gold over the game", inks)),
  // The preview comes with the board's chunk: a chunk of its own would
  // share the grid's code with the board, in a chunk every page preloads.
  preview: () => import("./warfare").then((m) => m.warfarePreview),
};
