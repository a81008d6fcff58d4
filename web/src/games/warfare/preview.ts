// The start of a match drawn small and still, for the create dialog and
// the table before its start.
import { svg } from "../../dom";
import { Board, HW, R, corner, hexPoints, type WarView } from "./hexes";

/** warfarePreview draws the start of a match small and still, for the
 * people at a table to agree on the island before the start: each land
 * hex in its owner's colour, the borders, the coast, the hovels (a square
 * in the owner's colour) and the trees. It uses no ids of its own (no
 * patterns or symbols), so that the board beside it, whose defs share
 * the page, keeps its own; and its classes are not the board's, which
 * the page's tests and styles look for. It returns null for anything but
 * a view. */
export function warfarePreview(data: unknown): SVGSVGElement | null {
  const v = data as WarView | null;
  if (!v || !Array.isArray(v.hexes) || v.hexes.length === 0) return null;
  const b = new Board(v);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const land = svg("g", { class: "wf-pv-land" });
  const things = svg("g", { class: "wf-pv-things" });
  let coast = "", border = "";
  for (const c of v.hexes) {
    const [cx, cy] = b.centre(c.id);
    x0 = Math.min(x0, cx - HW / 2); x1 = Math.max(x1, cx + HW / 2);
    y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
    land.append(svg("polygon", { points: hexPoints(cx, cy), class: `wf-hex ${c.owner < 0 ? "neutral" : "p" + c.owner}` }));
    b.nbr[c.id].forEach((n, i) => {
      if (n >= 0 && (n < c.id || b.hex(n).owner === c.owner)) return;
      const seg = `M${corner(cx, cy, 30 - 60 * i)} L${corner(cx, cy, -30 - 60 * i)} `;
      if (n < 0) coast += seg;
      else border += seg;
    });
    if (c.thing === "village") things.append(svg("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, rx: 3, class: `wf-pv-village p${c.owner}` }));
    else if (c.thing === "tree") things.append(svg("path", { d: `M${cx.toFixed(1)},${(cy - 13).toFixed(1)} l10,20 h-20 Z`, class: "wf-pv-tree" }));
  }
  const lines = svg("g", null, svg("path", { d: coast, class: "wf-coast" }), svg("path", { d: border, class: "wf-border" }));
  const pad = R / 2;
  return svg("svg", {
    class: "wf-preview", role: "img", "data-hexes": v.hexes.length,
    viewBox: `${(x0 - pad).toFixed(1)} ${(y0 - pad).toFixed(1)} ${(x1 - x0 + 2 * pad).toFixed(1)} ${(y1 - y0 + 2 * pad).toFixed(1)}`,
    "aria-label": `The island at the start: ${v.hexes.length} land hexes shared by ${v.players} players, ${v.villages.length} villages.`,
  }, land, lines, things) as SVGSVGElement;
}
