// Dots and Boxes board in SVG. Lines are picked by clicking the gap between
// two dots (with a hover highlight) or two dots in turn; the keyboard moves
// a focus over the lines. Player 1 is dark blue, Player 2 light blue, and
// boxes also carry the owner's initials (and stripes for Player 2) so that
// colour is never the only signal. This file makes the board and draws the
// view on it; its state is state.ts, its lattice lattice.ts, the picking
// of a line input.ts.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h, initials, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import { play as sound } from "../../sound";
import type { GameView, TableCtx } from "../types";
import { build } from "./lattice";
import { dotName, key, lattice, M, U, type Dots, type DotsView } from "./state";

export { dotName } from "./state";

export function dotsView(ctx: TableCtx): GameView {
  const d: Dots = {
    ctx, el: h("div", { class: "dots-board" }), rows: 0, cols: 0, root: null, slots: new Map(), dotEls: [],
    boxLayer: null, lastMark: null, focusKey: "", selected: null, pending: new Set(), freshBoxes: new Set(),
    update: () => update(d),
  };
  return {
    el: d.el, update: d.update,
    events: (evs, push) => events(d, evs, push),
    hint: () => d.selected ? "pick a dot next to the selected one" : "draw a line between two neighbouring dots",
  };
}

function update(d: Dots): void {
  const { ctx, el } = d;
  const v = ctx.view() as DotsView | null;
  if (!v || !v.rows) {
    clear(el);
    d.root = null;
    el.append(h("p", { class: "muted" }, "Waiting for the board…"));
    return;
  }
  if (!d.root || v.rows !== d.rows || v.cols !== d.cols) build(d, v);
  const mover = ctx.mover();
  el.classList.toggle("can-move", mover !== null);
  el.classList.toggle("p1-moves", mover === 1);
  paintLines(d, v);
  paintLast(d, v);
  paintBoxes(d, v);
}

function paintLines(d: Dots, v: DotsView): void {
  const drawn = new Map<string, number>();
  for (const l of v.lines ?? []) {
    const [y, x] = lattice(l.from, l.to);
    drawn.set(key(y, x), l.by);
  }
  for (const [k, s] of d.slots) {
    const by = drawn.get(k);
    const name = `${dotName(s.from)} to ${dotName(s.to)}`;
    if (by !== undefined) {
      d.pending.delete(k);
      s.ln.setAttribute("class", `ln drawn p${by}`);
      s.g.setAttribute("aria-label", `Line ${name}, drawn by ${d.ctx.seatLabel(by)}`);
      s.g.setAttribute("aria-disabled", "true");
    } else if (d.pending.has(k)) {
      s.g.setAttribute("aria-label", `Line ${name}, sending`);
    } else {
      s.ln.setAttribute("class", "ln free");
      s.g.setAttribute("aria-label", `Line ${name}, free`);
      s.g.removeAttribute("aria-disabled");
    }
  }
}

/** paintLast marks the last line drawn. */
function paintLast(d: Dots, v: DotsView): void {
  const lastMark = d.lastMark;
  if (!lastMark) return;
  if (v.last) {
    lastMark.setAttribute("x1", String(M + v.last.from[1] * U));
    lastMark.setAttribute("y1", String(M + v.last.from[0] * U));
    lastMark.setAttribute("x2", String(M + v.last.to[1] * U));
    lastMark.setAttribute("y2", String(M + v.last.to[0] * U));
    lastMark.setAttribute("visibility", "visible");
  } else lastMark.setAttribute("visibility", "hidden");
}

function paintBoxes(d: Dots, v: DotsView): void {
  const { ctx, boxLayer } = d;
  if (!boxLayer) return;
  clear(boxLayer);
  const ini = [initials(ctx.seatName(0)), initials(ctx.seatName(1))];
  if (ini[0] === ini[1]) {
    ini[0] = "P1";
    ini[1] = "P2";
  }
  (v.boxes ?? []).forEach((row, r) => row.forEach((owner, c) => {
    if (owner < 0) return;
    const bx = M + c * U, by = M + r * U;
    const fresh = d.freshBoxes.has(`${r},${c}`);
    boxLayer.append(svg("g", { class: `box p${owner}` + (fresh ? " fresh" : ""), "data-box": `${r},${c}`, "data-owner": owner },
      svg("title", null, `Box ${dotName([r, c])}: ${ctx.seatLabel(owner)}`),
      svg("rect", { x: bx + 4, y: by + 4, width: U - 8, height: U - 8, rx: 4 }),
      svg("text", { x: bx + U / 2, y: by + U / 2, "dominant-baseline": "central", "text-anchor": "middle" }, ini[owner] ?? "")));
  }));
  d.freshBoxes.clear();
}

function events(d: Dots, evs: GameEvent[], push: MatchPush): void {
  let boxes = 0;
  for (const e of evs) {
    if (e.type === "box" && e.data) {
      boxes++;
      d.freshBoxes.add(`${e.data.row},${e.data.col}`);
    }
  }
  if (boxes) d.update();
  sound(boxes ? "box" : "line");
  const who = d.ctx.seatLabel(push.seat);
  // The game's own words (Go's Describe) say the line and the boxes.
  announce(`${who} ${namedSeats(push.text ?? "", d.ctx.seatName)}.`);
}
