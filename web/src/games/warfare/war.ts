// The warfare board's state, shared by its parts: the view's Board, the
// selection and the hexes it lights, the last move's hexes, and the page's
// elements; and what the view's prices say of ranks and levels.
import type { Box, PanZoom } from "../../panzoom";
import type { TableCtx } from "../types";
import type { Layers } from "./draw";
import { noPrices, type Board, type Prices, type Selection, type Target, type WarView } from "./hexes";
import type { AnimStep, TurnReplay } from "./replay";

export interface War {
  ctx: TableCtx;
  board: Board | null;
  /** islandKey names the island drawn, so that a new one is built anew. */
  islandKey: string;
  sel: Selection | null;
  /** want is the selection to take once the server's view shows the move. */
  want: Selection | null;
  targets: Map<number, Target>;
  /** last holds the hexes the last move touched. */
  last: Set<number>;
  full: Box;
  /** sending: a move is on its way, so that a double click is one move. */
  sending: boolean;
  /** turnSteps are another player's actions in the turn under way. */
  turnSteps: AnimStep[];
  ui: WarUI;
  /** render draws the map and panels from the state. */
  render(): void;
}

/** WarUI is the page's parts, built once and filled on every update. */
export interface WarUI {
  el: HTMLElement;
  side: HTMLElement;
  root: SVGSVGElement;
  layers: Layers;
  gridLayer: SVGGElement;
  mapBox: HTMLElement;
  toolbar: HTMLElement;
  roundEl: HTMLElement;
  endBtn: HTMLButtonElement;
  nextBtn: HTMLButtonElement;
  selBox: HTMLElement;
  legend: HTMLElement;
  vilList: HTMLElement;
  /** hexTip is the one tooltip, moved to the hex under the pointer. */
  hexTip: SVGTitleElement;
  pz: PanZoom;
  turns: TurnReplay;
}

// Ranks, levels and costs come from the view (Prices), never from here.
export const prices = (w: War): Prices => w.board?.v.prices ?? noPrices;
/** rankOf is a villager's rank (its strength), 0 for no villager. */
export const rankOf = (w: War, thing: string | undefined): number => prices(w).ranks.findIndex((x) => x.name === thing) + 1;
export const rankName = (w: War, r: number): string => prices(w).ranks[r - 1]?.name ?? "";
export const maxRank = (w: War, level: string): number => prices(w).levels.find((x) => x.name === level)?.top ?? 0;

/** view is the island as the board's seat sees it, or null before one. */
export function view(w: War): WarView | null {
  const v = w.ctx.view() as WarView | null;
  return v && Array.isArray(v.hexes) ? v : null;
}

/** me is the seat that is to move on this page, or null. */
export function me(w: War): number | null {
  const s = w.ctx.mover();
  const v = view(w);
  return s !== null && v && v.turn === s ? s : null;
}
