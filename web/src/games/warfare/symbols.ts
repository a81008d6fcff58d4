// The symbols drawn on the island's hexes and the patterns of each
// player's land, in the map's <defs>.
import { svg } from "../../dom";

/** defs holds the land patterns and the symbols drawn on hexes. */
export function defs(): SVGDefsElement {
  const pat = (i: number, ...kids: SVGElement[]) =>
    svg("pattern", { id: `wf-pat-${i}`, width: 9, height: 9, patternUnits: "userSpaceOnUse" }, ...kids);
  const ln = (x1: number, y1: number, x2: number, y2: number) => svg("line", { x1, y1, x2, y2, class: "wf-pat-ink" });
  return svg("defs", null,
    svg("pattern", { id: "wf-pat-0", width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, ln(0, 0, 0, 9)),
    pat(1, svg("circle", { cx: 4.5, cy: 4.5, r: 1.6, class: "wf-pat-dot" })),
    pat(2, ln(0, 4.5, 9, 4.5)),
    svg("pattern", { id: "wf-pat-3", width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, ln(0, 0, 0, 9)),
    pat(4, ln(0, 4.5, 9, 4.5), ln(4.5, 0, 4.5, 9)),
    pat(5, ln(4.5, 0, 4.5, 9)),
    // A tree's one path is green above its trunk and brown below (see
    // treeShape): the bounding box runs from y=-19 to y=13, the trunk
    // shows below y=8.
    svg("linearGradient", { id: "wf-tree-fill", x1: 0, y1: 0, x2: 0, y2: 1 },
      svg("stop", { offset: 27 / 32, "stop-color": "#2f6b2f" }),
      svg("stop", { offset: 27 / 32, "stop-color": "#6b4423" })),
    // Symbols are drawn about (0,0), about one hex across.
    svg("g", { id: "wf-sym-tombstone", class: "wf-tomb" },
      svg("path", { d: "M-8,12 L-8,-5 A8,8 0 0 1 8,-5 L8,12 Z" }),
      svg("path", { d: "M0,-8 V6 M-5,-3 H5", class: "cross" })),
    svg("g", { id: "wf-sym-hovel", class: "wf-building" },
      svg("path", { d: "M-11,12 V-1 L0,-11 L11,-1 V12 Z", class: "wall" }),
      svg("rect", { x: -3, y: 3, width: 6, height: 9, class: "door" })),
    svg("g", { id: "wf-sym-town", class: "wf-building" },
      svg("path", { d: "M-16,12 V1 L-10,-6 L-4,1 V12 Z", class: "wall" }),
      svg("path", { d: "M-4,12 V-4 L5,-14 L14,-4 V12 Z", class: "wall" }),
      svg("rect", { x: 2, y: 4, width: 6, height: 8, class: "door" }),
      svg("rect", { x: -12, y: 3, width: 4, height: 4, class: "door" }),
      svg("rect", { x: 3, y: -5, width: 4, height: 4, class: "door" })),
    svg("g", { id: "wf-sym-fort", class: "wf-building wf-stone" },
      svg("path", { d: "M-15,12 V-12 H-10 V-7 H-5 V-12 H0 V-7 H5 V-12 H10 V-7 H15 V-12 H15 V12 Z", class: "wall" }),
      svg("path", { d: "M-4,12 V4 A4,4 0 0 1 4,4 V12 Z", class: "door" })),
    svg("g", { id: "wf-sym-tower", class: "wf-building wf-stone" },
      svg("path", { d: "M-7,13 V-10 H-9 V-16 H-5 V-13 H-2 V-16 H2 V-13 H5 V-16 H9 V-10 H7 V13 Z", class: "wall" }),
      svg("rect", { x: -1.5, y: -6, width: 3, height: 6, class: "door" })),
    // One element, not a group: each <use> of it copies what it holds.
    svg("path", { id: "wf-sym-meadow", class: "wf-meadow", d: "M-12,10 l2,-8 l2,8 M-4,10 l2,-9 l2,9 M4,10 l2,-8 l2,8 M-8,14 l2,-7 l2,7 M1,14 l2,-7 l2,7" }));
}

/** treeShape is a tree about (0,0) in one path: its trunk and two layers
 * of leaves. An island holds a hundred trees or more, and a <use> of a
 * symbol costs the browser a copy of each of the symbol's elements to
 * style and lay out: a tree of four elements drawn that way was a fifth
 * of the map's first draw. */
export const treeShape = "M-2,6 h4 v7 h-4 Z M0,-15 L11,8 L-11,8 Z M0,-19 L8,-3 L-8,-3 Z";
