// Buccaneer as the shared screens see it: its card's picture, how its
// board is worked, and the loaders of its board and its replay's charts.
import { svg } from "../../dom";
import type { GameEntry } from "../entry";

/** inks are the charts' line colours by captain, darker shades of the
 * ships' colours. */
const inks = ["#1f4fa8", "#c2571a", "#1e7a3c", "#7d3cb5"];

export const buccaneer: GameEntry = {
  title: "Buccaneer",
  emblem: () => [svg("path", { d: "M8 32H40L34 40H14Z", class: "gc-ink" }), svg("path", { d: "M24 6V32", class: "gc-line" }),
    svg("path", { d: "M25 8L38 28H25Z", class: "gc-fill" })],
  controls: [
    "On your turn the squares your ship can reach are marked: click one to sail there, or pick a direction to turn the ship where it is. Then choose which way it points; only directions you could sail next turn are offered.",
    "Asked about a ship passing yours, press Attack or Let them pass.",
    "In a port other than your own, pick what to give and what to take, press Trade, and Done: leave port when you have finished.",
  ],
  board: () => import("./buccaneer").then((m) => ({ view: m.buccaneerView })),
  analysis: () => import("../../analysis/charts").then((m) => m.turnCharts("Treasure over the game", inks)),
};
