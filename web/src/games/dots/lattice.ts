// Dots and Boxes's board built in SVG: the dots, each with a wider ring
// to click, and between neighbours a line with a wider band to click,
// each line a button the keyboard's focus moves over.
import { clear, svg } from "../../dom";
import { choose, clickDot, markSelected, onKey, setFocus } from "./input";
import { dotName, key, lattice, M, U, type Dot, type Dots, type DotsView } from "./state";

export function build(d: Dots, v: DotsView): void {
  const rows = d.rows = v.rows;
  const cols = d.cols = v.cols;
  clear(d.el);
  d.slots = new Map();
  d.dotEls = [];
  const w = (cols - 1) * U + 2 * M;
  const hgt = (rows - 1) * U + 2 * M;
  const root = d.root = svg("svg", {
    viewBox: `0 0 ${w} ${hgt}`, class: "dots-svg", role: "group",
    "aria-label": `Board of ${rows} by ${cols} dots. Use the arrow keys to move between lines and Enter to draw one.`,
    style: `aspect-ratio: ${w} / ${hgt}`,
  });
  const defs = svg("defs", null,
    svg("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 8, height: 8, class: "hatch-bg" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "hatch-line" })));
  d.boxLayer = svg("g", { class: "boxes" });
  const lineLayer = svg("g", { class: "lines" });
  const dotLayer = svg("g", { class: "dots" });
  d.lastMark = svg("line", { class: "last-mark", visibility: "hidden" });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) addSlot(d, lineLayer, [r, c], [r, c + 1]);
      if (r + 1 < rows) addSlot(d, lineLayer, [r, c], [r + 1, c]);
    }
  }
  addDots(d, dotLayer);
  root.append(defs, d.boxLayer, d.lastMark, lineLayer, dotLayer);
  root.addEventListener("keydown", (e) => onKey(d, e));
  d.el.append(root);
  const first = d.slots.get(key(0, 1)) ?? d.slots.values().next().value;
  if (first) {
    first.g.setAttribute("tabindex", "0");
    d.focusKey = key(first.y, first.x);
  }
}

function addDots(d: Dots, dotLayer: SVGGElement): void {
  for (let r = 0; r < d.rows; r++) {
    const row: SVGCircleElement[] = [];
    for (let c = 0; c < d.cols; c++) {
      const at: Dot = [r, c];
      const hit = svg("circle", { cx: M + c * U, cy: M + r * U, r: 11, class: "dot-hit", "data-dot": dotName(at) });
      const dot = svg("circle", { cx: M + c * U, cy: M + r * U, r: 5, class: "dot" });
      hit.addEventListener("click", (e) => {
        e.stopPropagation();
        clickDot(d, at);
      });
      dotLayer.append(dot, hit);
      row.push(dot);
    }
    d.dotEls.push(row);
  }
}

function addSlot(d: Dots, layer: SVGGElement, a: Dot, b: Dot): void {
  const [y, x] = lattice(a, b);
  const x1 = M + a[1] * U, y1 = M + a[0] * U, x2 = M + b[1] * U, y2 = M + b[0] * U;
  // The hit line stops short of the dots so that the dots stay clickable.
  const inset = 10;
  const across = a[0] === b[0];
  const hit = svg("line", {
    x1: across ? x1 + inset : x1, y1: across ? y1 : y1 + inset,
    x2: across ? x2 - inset : x2, y2: across ? y2 : y2 - inset, class: "hit",
  });
  const ln = svg("line", { x1, y1, x2, y2, class: "ln free" });
  const g = svg("g", { class: "slot", tabindex: "-1", role: "button", "data-line": `${dotName(a)}-${dotName(b)}` }, ln, hit);
  g.addEventListener("click", () => {
    d.selected = null;
    markSelected(d);
    setFocus(d, key(y, x), false);
    choose(d, a, b);
  });
  g.addEventListener("pointerenter", () => g.classList.add("hover"));
  g.addEventListener("pointerleave", () => g.classList.remove("hover"));
  layer.append(g);
  d.slots.set(key(y, x), { y, x, from: a, to: b, g, ln });
}
