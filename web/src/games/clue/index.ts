// Clue-Less as the shared screens see it: its card's picture, how its
// board is worked, the suspect each seat plays and whether a seat is out
// of the running, and the loaders of its board and its replay's notebook.
import { svg } from "../../dom";
import type { GameEntry } from "../entry";

interface Player { seat: number; suspect?: string; inactive?: boolean }

const players = (view: unknown): Player[] | undefined => (view as { players?: Player[] } | null)?.players;

export const clue: GameEntry = {
  title: "Clue-Less",
  emblem: () => [svg("circle", { cx: 20, cy: 20, r: 10, class: "gc-line" }), svg("path", { d: "M27 27L40 40", class: "gc-line thick" })],
  controls: [
    "On your turn the rooms and hallways you may move to are lit on the board: click one to go there.",
    "After entering a room, choose a suspect and a weapon and press Suggest. When a suggestion asks you for a card, press the card you want to show.",
    "Accuse… opens the accusation: pick a suspect, a weapon and a room. End turn passes the turn when you are done.",
    "The notebook fills in what follows from what you have seen; switch that off to keep only your own marks.",
  ],
  board: () => import("./clue").then((m) => ({ view: m.clueView })),
  analysis: () => import("./notebook").then((m) => m.clueAnalysis),
  // The suspect a seat plays, chosen before the start or dealt at it.
  character: (view, seat) => players(view)?.find((p) => p.seat === seat)?.suspect,
  // A seat that accused wrongly (its view marks it inactive) only answers
  // suggestions now.
  out: (view, held) => !!players(view)?.some((p) => held.includes(p.seat) && p.inactive),
};
