// Battleship's grids: a square of buttons per cell in ARIA grid rows, laid
// out once the view gives the size, with the arrow keys moving the one
// focusable square.
import { clear, h } from "../../dom";
import { sqName } from "./fleetlay";

export interface Grid { el: HTMLElement; label: string; id: string; cells: HTMLButtonElement[][]; focus: [number, number] }

export function makeGrid(label: string, id: string): Grid {
  const el = h("div", { class: "bs-grid", role: "grid", "aria-label": label, id });
  const g: Grid = { el, label, id, cells: [], focus: [0, 0] };
  el.addEventListener("keydown", (e) => {
    const d: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = d[e.key];
    const n = g.cells.length;
    if (!m || !n) return;
    e.preventDefault();
    const r = Math.max(0, Math.min(n - 1, g.focus[0] + m[0]));
    const c = Math.max(0, Math.min(n - 1, g.focus[1] + m[1]));
    moveFocus(g, r, c, true);
  });
  return g;
}

/** sizeGrid lays out n by n squares, once the view says n. */
export function sizeGrid(g: Grid, n: number): void {
  if (g.cells.length === n) return;
  clear(g.el);
  g.cells = [];
  g.focus = [0, 0];
  g.el.style.setProperty("--bs-n", String(n));
  g.el.append(h("div", { class: "corner", "aria-hidden": "true" }));
  for (let c = 0; c < n; c++) g.el.append(h("div", { class: "axis", "aria-hidden": "true" }, String.fromCharCode(65 + c)));
  // A grid is rows of cells (ARIA): each row and cell is a box of its
  // own for assistive technology and none for the layout (display:
  // contents), so the squares still sit in the one CSS grid.
  for (let r = 0; r < n; r++) {
    const line = h("div", { role: "row", class: "bs-row" }, h("div", { class: "axis", "aria-hidden": "true" }, String(r + 1)));
    const row: HTMLButtonElement[] = [];
    for (let c = 0; c < n; c++) {
      const b = h("button", { type: "button", class: "cell", tabindex: r === 0 && c === 0 ? "0" : "-1", "data-sq": sqName(r, c), "data-r": r, "data-c": c });
      row.push(b);
      line.append(h("div", { role: "gridcell", class: "bs-gridcell" }, b));
    }
    g.el.append(line);
    g.cells.push(row);
  }
}

export function moveFocus(g: Grid, r: number, c: number, focus: boolean): void {
  g.cells[g.focus[0]][g.focus[1]].tabIndex = -1;
  g.focus = [r, c];
  const b = g.cells[r][c];
  b.tabIndex = 0;
  if (focus) b.focus();
}
