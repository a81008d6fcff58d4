// The Dots and Boxes board's state, shared by its parts: the lattice of
// lines drawn as SVG, the line with the keyboard's focus, the dot picked
// first, the lines sent but not yet confirmed, the boxes just taken.
import type { TableCtx } from "../types";

export type Dot = [number, number];
export interface LineV { from: Dot; to: Dot; by: number }
export interface DotsView { rows: number; cols: number; lines: LineV[] | null; boxes: number[][] | null; scores?: number[]; turn?: number; last?: LineV | null }

export const U = 48; // distance between dots in SVG units
export const M = 22; // margin

export function dotName(d: Dot): string {
  return String.fromCharCode(97 + d[1]) + (d[0] + 1);
}

/** slotKey names a line by its lattice cell: (2r, 2c+1) across, (2r+1, 2c) down. */
export function lattice(a: Dot, b: Dot): [number, number] {
  return [a[0] + b[0], a[1] + b[1]];
}

export const key = (y: number, x: number) => `${y},${x}`;

export interface Slot { y: number; x: number; from: Dot; to: Dot; g: SVGGElement; ln: SVGLineElement }

export interface Dots {
  ctx: TableCtx;
  el: HTMLElement;
  rows: number;
  cols: number;
  root: SVGSVGElement | null;
  slots: Map<string, Slot>;
  dotEls: SVGCircleElement[][];
  boxLayer: SVGGElement | null;
  lastMark: SVGLineElement | null;
  focusKey: string;
  selected: Dot | null;
  pending: Set<string>;
  freshBoxes: Set<string>;
  /** update draws the board from the view. */
  update(): void;
}
