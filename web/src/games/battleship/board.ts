// The Battleship board's state, shared by its parts: the page's elements,
// the fleet being placed here before it is sent, the drag under way, the
// shot on its way, the expert's aid; and what the view says of the fleet
// (its ships, their lengths, where a ship may lie).
import type { TableCtx } from "../types";
import { cellsOf as cellsIn, lenOf as lenIn, problem as problemIn, type Lay, type Placement } from "./fleetlay";
import type { Grid } from "./grid";
import type { Heat } from "./heatmap";

export interface Shot { row: number; col: number; square: string; result: "miss" | "hit" | "sunk"; ship?: string }
export interface BsView extends Lay {
  seat: number; phase: "placement" | "battle" | "over"; options: { touch?: boolean; first?: number; salvo?: boolean };
  turn: number[]; placed: [boolean, boolean]; fleets: [Placement[] | null, Placement[] | null];
  shots: [Shot[] | null, Shot[] | null]; sunk: [string[] | null, string[] | null]; shotsLeft: number; winner?: number;
}

export interface Bs {
  ctx: TableCtx;
  ocean: Grid;
  target: Grid;
  el: HTMLElement;
  score: HTMLElement;
  dock: HTMLElement;
  oceanTitle: HTMLElement;
  targetTitle: HTMLElement;
  aidCheck: HTMLInputElement;
  aidBox: HTMLElement;
  /** aid is the expert's map for the update seq it was asked at. */
  aid: { seq: number; heat: Heat } | null;
  aidAsked: number;
  // Local placement, before the fleet is sent.
  fleet: Placement[];
  sel: string | null;
  dir: "h" | "v";
  hover: [number, number] | null;
  drag: { ship: string; orig: Placement | null; offset: number } | null;
  sending: boolean;
  pendingShot: string;
  /** press is a press on a placed ship, a drag once the pointer moves. */
  press: { r: number; c: number; x: number; y: number; id: number } | null;
  suppressClick: boolean;
  /** shownSeat is the seat whose local placement is held. */
  shownSeat: number;
  /** render draws the dock, both grids and the score from the state. */
  render(): void;
}

export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const labelOf = cap;

/** noLay stands for the view until it comes: no grid, no ships. */
const noLay: Lay = { size: 0, ships: [], keepOff: [] };

export function v(b: Bs): BsView | null {
  const x = b.ctx.view();
  return x && x.phase ? (x as BsView) : null;
}

export function me(b: Bs): number {
  const x = v(b);
  return x && x.seat >= 0 ? x.seat : Math.max(0, b.ctx.viewSeat());
}

/** lay is how a fleet is laid, from the view (fleetlay.ts). */
export function lay(b: Bs): Lay {
  const x = v(b);
  return x && x.size > 0 && Array.isArray(x.ships) ? x : noLay;
}

export const ships = (b: Bs): Lay["ships"] => lay(b).ships;
export const cellsOf = (b: Bs, p: Placement) => cellsIn(lay(b), p);
export const lenOf = (b: Bs, ship: string) => lenIn(lay(b), ship);
export const problem = (b: Bs, p: Placement, others: Placement[]) => problemIn(lay(b), p, others);

export function placing(b: Bs): boolean {
  const x = v(b);
  return !!x && x.phase === "placement" && !x.placed[me(b)] && b.ctx.mover() !== null;
}

export function candidate(b: Bs, r: number, c: number): Placement | null {
  if (!b.sel) return null;
  const off = b.drag ? b.drag.offset : 0;
  return b.dir === "h" ? { ship: b.sel, dir: b.dir, row: r, col: c - off } : { ship: b.sel, dir: b.dir, row: r - off, col: c };
}
