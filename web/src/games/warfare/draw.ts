// Drawing the island's layers from the view: the land and its owners'
// patterns, meadows and roads, borders and coast, the marks of the
// selection, and what stands on each hex.
import { clear, svg } from "../../dom";
import { HW, R, corner, hexPoints, type Board, type Prices, type Selection, type Target, type WarView } from "./hexes";
import { treeShape } from "./symbols";

/** Layers are the map's groups, bottom to top. */
export interface Layers {
  land: SVGGElement; pattern: SVGGElement; ground: SVGGElement; border: SVGGElement; mark: SVGGElement; thing: SVGGElement;
}

/** Ranks reads a villager's rank from the view's prices. */
export interface Ranks {
  rankOf(thing: string | undefined): number;
  rankName(r: number): string;
  prices(): Prices;
}

/** drawLand colours each land hex by its owner, lights the targets, and
 * lays each owner's pattern over their land. */
export function drawLand(l: Layers, board: Board, v: WarView, targets: Map<number, Target>): void {
  const landLayer = l.land, patternLayer = l.pattern;
  const owners = new Map<number, string[]>();
  for (const c of v.hexes) {
    const poly = landLayer.children[c.id] as SVGPolygonElement | undefined;
    if (!poly) continue;
    const cls = ["wf-hex", c.owner < 0 ? "neutral" : `p${c.owner}`];
    if (targets.has(c.id)) cls.push("target", `t-${targets.get(c.id)}`);
    poly.setAttribute("class", cls.join(" "));
    if (c.owner >= 0) {
      const [cx, cy] = board.centre(c.id);
      const list = owners.get(c.owner) ?? [];
      list.push(`M${hexPoints(cx, cy)}Z`);
      owners.set(c.owner, list);
    }
  }
  clear(patternLayer);
  for (const [o, paths] of owners) patternLayer.append(svg("path", { d: paths.join(""), fill: `url(#wf-pat-${o % 6})`, class: `wf-pattern p${o}` }));
}

/** drawGround draws the meadows and the roads. */
export function drawGround(groundLayer: SVGGElement, board: Board, v: WarView): void {
  clear(groundLayer);
  for (const c of v.hexes) {
    const [cx, cy] = board.centre(c.id);
    if (c.meadow) {
      // Under a piece the meadow shrinks to a tuft in the hex's corner.
      const at = c.thing ? `translate(${(cx - 14.5).toFixed(1)},${(cy + 1).toFixed(1)}) scale(.45)` : `translate(${cx.toFixed(1)},${cy.toFixed(1)})`;
      groundLayer.append(svg("use", { href: "#wf-sym-meadow", transform: at, "data-meadow": c.id }));
    }
    if (c.road || c.thing === "village") {
      let d = "";
      board.nbr[c.id].forEach((n, i) => {
        if (n < 0) return;
        const t = board?.hex(n);
        if (!t || !(t.road || (c.road && t.thing === "village")) || t.owner !== c.owner) return;
        const a = (-60 * i * Math.PI) / 180;
        d += `M${cx.toFixed(1)},${cy.toFixed(1)} L${(cx + (HW / 2) * Math.cos(a)).toFixed(1)},${(cy + (HW / 2) * Math.sin(a)).toFixed(1)} `;
      });
      if (!d && !c.road) continue;
      if (!d) d = `M${(cx - R * 0.6).toFixed(1)},${(cy + R * 0.45).toFixed(1)} h${(R * 1.2).toFixed(1)}`;
      groundLayer.append(svg("path", { d, class: "wf-road", "data-road": c.id }));
    }
  }
}

/** drawBorders draws the borders between owners and the coast. */
export function drawBorders(borderLayer: SVGGElement, board: Board, v: WarView): void {
  let coast = "", border = "";
  for (const c of v.hexes) {
    const [cx, cy] = board.centre(c.id);
    board.nbr[c.id].forEach((n, i) => {
      if (n >= 0 && (n < c.id || board?.hex(n).owner === c.owner)) return;
      const seg = `M${corner(cx, cy, 30 - 60 * i)} L${corner(cx, cy, -30 - 60 * i)} `;
      if (n < 0) coast += seg;
      else border += seg;
    });
  }
  clear(borderLayer);
  borderLayer.append(svg("path", { d: coast, class: "wf-coast" }), svg("path", { d: border, class: "wf-border" }));
}

/** drawMarks draws the selection, the destinations and the last move. */
export function drawMarks(markLayer: SVGGElement, board: Board, last: Set<number>, targets: Map<number, Target>, sel: Selection | null): void {
  clear(markLayer);
  for (const id of last) {
    const [cx, cy] = board.centre(id);
    markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 3), class: "wf-last" }));
  }
  for (const [id, t] of targets) {
    const [cx, cy] = board.centre(id);
    markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 3.5), class: `wf-target-ring t-${t}`, "data-target": id }));
  }
  if (sel) {
    const [cx, cy] = board.centre(sel.hex);
    markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 2), class: "wf-selected-halo" }),
      svg("polygon", { points: hexPoints(cx, cy, R - 2), class: "wf-selected" }));
  }
}

/** drawThings draws what stands on each hex: villagers with their rank
 * and work, villages with their level and player, trees and the rest. */
export function drawThings(thingLayer: SVGGElement, board: Board, v: WarView, ranks: Ranks): void {
  const { rankOf, rankName, prices } = ranks;
  const vilAt = new Map(v.villages.map((x) => [x.hex, x]));
  clear(thingLayer);
  for (const c of v.hexes) {
    if (!c.thing) continue;
    const [cx, cy] = board.centre(c.id);
    const r = rankOf(c.thing);
    if (r) {
      const g = svg("g", { class: `wf-unit p${c.owner}${c.done && c.owner === v.turn ? " done" : ""}${c.left ? " working" : ""}`, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, "data-unit": c.id, "data-rank": c.thing },
        svg("circle", { r: 12.5 }),
        svg("text", { y: 0.5, "dominant-baseline": "central", "text-anchor": "middle" }, rankName(r).charAt(0).toUpperCase()));
      for (let i = 0; i < r; i++) g.append(svg("circle", { cx: -6 + 4 * i, cy: 16, r: 1.6, class: "pip" }));
      if (c.left) {
        g.append(svg("rect", { x: 5, y: -19, width: 16, height: 10, rx: 2, class: "wf-work-badge" }),
          svg("text", { x: 13, y: -13.5, class: "wf-work", "text-anchor": "middle", "dominant-baseline": "central" }, (c.work === "road" ? "R" : "M") + c.left),
          svg("title", null, `busy on a ${c.work} for ${c.left} more turn${c.left === 1 ? "" : "s"}`));
      }
      thingLayer.append(g);
      continue;
    }
    if (c.thing === "village") {
      const vv = vilAt.get(c.id);
      const lvl = vv?.level ?? prices().levels[0]?.name ?? "";
      const g = svg("g", { class: `wf-village p${c.owner}${vv?.short ? " short" : ""}`, "data-village": c.id, "data-level": lvl },
        svg("use", { href: `#wf-sym-${lvl}`, x: cx, y: cy }),
        svg("rect", { x: cx + 7, y: cy - 21, width: 12, height: 11, rx: 2, class: "flag" }),
        svg("text", { x: cx + 13, y: cy - 15.5, "dominant-baseline": "central", "text-anchor": "middle", class: "flag-text" }, String(c.owner + 1)));
      if (vv?.short) g.append(svg("text", { x: cx - 13, y: cy - 13, class: "wf-warn", "text-anchor": "middle", "dominant-baseline": "central" }, "!"));
      thingLayer.append(g);
      continue;
    }
    if (c.thing === "tree") {
      thingLayer.append(svg("path", { d: treeShape, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, class: "wf-tree", "data-thing": c.thing }));
      continue;
    }
    thingLayer.append(svg("use", { href: `#wf-sym-${c.thing}`, x: cx, y: cy, "data-thing": c.thing }));
  }
}
