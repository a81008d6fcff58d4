// Dots and Boxes as the shared screens see it: its card's picture, how its
// board is worked, the board size in the create dialog and in a table's
// title, and the loaders of its board and its replay's review.
import { h, svg } from "../../dom";
import { radioGroup } from "../../radios";
import type { OptionSpec } from "../../api";
import type { GameEntry, OptionsForm } from "../entry";

/** sizeForm offers the common square boards as one choice, and any
 * other size by its rows and columns. */
const sizeForm: OptionsForm = (g, preset, field) => {
  const els: HTMLElement[] = [];
  const readers: [string, () => unknown][] = [];
  const presetValue = Number(preset["rows"] ?? 8);
  const rows = g.options.find((o) => o.name === "rows");
  const cols = g.options.find((o) => o.name === "cols");
  const min = rows?.min ?? 2;
  const max = rows?.max ?? 16;
  const sizes = [3, 4, 5, 6, 8, 10, 12, 16].filter((n) => n >= min && n <= max)
    .map((n) => ({ value: String(n), label: `${n} × ${n} dots (${(n - 1) * (n - 1)} boxes)` }));
  const known = sizes.some((c) => c.value === String(presetValue));
  const sizeSel = radioGroup("dots-size", "Board size", [...sizes, { value: "custom", label: "Other size…" }], known ? String(presetValue) : "custom");
  els.push(h("div", { class: "field" }, sizeSel.el));
  const custom = h("div", { class: "row custom-size", hidden: sizeSel.value !== "custom" });
  els.push(custom);
  const fields = [rows, cols].filter((o): o is OptionSpec => !!o).map((o) => field(o, sizeSel.value === "custom" ? undefined : presetValue));
  fields.forEach((f) => custom.append(f.el));
  sizeSel.el.addEventListener("change", () => {
    custom.hidden = sizeSel.value !== "custom";
    if (sizeSel.value !== "custom") custom.querySelectorAll("input").forEach((i) => (i.value = sizeSel.value));
  });
  custom.querySelectorAll("input").forEach((i) => (i.value = String(presetValue)));
  if (rows) readers.push(["rows", fields[0].read]);
  if (cols) readers.push(["cols", fields[1].read]);
  for (const o of g.options) {
    if (o.name === "rows" || o.name === "cols") continue;
    const f = field(o, preset[o.name]);
    els.push(f.el);
    readers.push([o.name, f.read]);
  }
  return { els, readers };
};

export const dots: GameEntry = {
  title: "Dots and Boxes",
  emblem: () => {
    const kids: SVGElement[] = [];
    for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) kids.push(svg("circle", { cx: 10 + x * 14, cy: 10 + y * 14, r: 3, class: "gc-ink" }));
    kids.push(svg("path", { d: "M10 10H24V24H10Z", class: "gc-line" }), svg("rect", { x: 11, y: 11, width: 12, height: 12, class: "gc-fill" }));
    return kids;
  },
  controls: [
    "Click or tap the gap between two dots to draw that line; the line under the pointer lights up first. You can also click one dot and then a neighbouring dot.",
    "Keyboard: Tab to the board, move between lines with the arrow keys and press Enter or Space to draw.",
    "Player 1's lines and boxes are dark blue with their initials; Player 2's are light blue with striped boxes and their initials.",
    "If a move is not allowed (the line is already drawn, the dots are diagonal or too far apart) a message says why and it stays your turn.",
  ],
  board: () => import("./dots").then((m) => ({ view: m.dotsView })),
  analysis: () => import("./review").then((m) => m.dotsPanel),
  optionsText: (o, brief) => !(o.rows && o.cols) ? "" : brief ? `${o.rows}×${o.cols}` : `${o.rows}×${o.cols} dots`,
  optionsForm: sizeForm,
  numbered: true,
};
