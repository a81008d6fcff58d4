// Dots and Boxes board in SVG. Lines are picked by clicking the gap between
// two dots (with a hover highlight) or two dots in turn; the keyboard moves
// a focus over the lines. Player 1 is dark blue, Player 2 light blue, and
// boxes also carry the owner's initials (and stripes for Player 2) so that
// colour is never the only signal.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h, initials, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import { play as sound } from "../../sound";
import type { GameView, TableCtx } from "../types";

type Dot = [number, number];
interface LineV { from: Dot; to: Dot; by: number }
interface DotsView { rows: number; cols: number; lines: LineV[] | null; boxes: number[][] | null; scores?: number[]; turn?: number; last?: LineV | null }

const U = 48; // distance between dots in SVG units
const M = 22; // margin

export function dotName(d: Dot): string {
  return String.fromCharCode(97 + d[1]) + (d[0] + 1);
}

/** slotKey names a line by its lattice cell: (2r, 2c+1) across, (2r+1, 2c) down. */
function lattice(a: Dot, b: Dot): [number, number] {
  return [a[0] + b[0], a[1] + b[1]];
}

interface Slot { y: number; x: number; from: Dot; to: Dot; g: SVGGElement; ln: SVGLineElement }

export function dotsView(ctx: TableCtx): GameView {
  const el = h("div", { class: "dots-board" });
  let rows = 0;
  let cols = 0;
  let root: SVGSVGElement | null = null;
  let slots = new Map<string, Slot>();
  let dotEls: SVGCircleElement[][] = [];
  let boxLayer: SVGGElement | null = null;
  let lastMark: SVGLineElement | null = null;
  let focusKey = "";
  let selected: Dot | null = null;
  const pending = new Set<string>();
  const freshBoxes = new Set<string>();

  const key = (y: number, x: number) => `${y},${x}`;

  function build(v: DotsView): void {
    rows = v.rows;
    cols = v.cols;
    clear(el);
    slots = new Map();
    dotEls = [];
    const w = (cols - 1) * U + 2 * M;
    const hgt = (rows - 1) * U + 2 * M;
    root = svg("svg", {
      viewBox: `0 0 ${w} ${hgt}`, class: "dots-svg", role: "group",
      "aria-label": `Board of ${rows} by ${cols} dots. Use the arrow keys to move between lines and Enter to draw one.`,
      style: `aspect-ratio: ${w} / ${hgt}`,
    });
    const defs = svg("defs", null,
      svg("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        svg("rect", { width: 8, height: 8, class: "hatch-bg" }),
        svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "hatch-line" })));
    boxLayer = svg("g", { class: "boxes" });
    const lineLayer = svg("g", { class: "lines" });
    const dotLayer = svg("g", { class: "dots" });
    lastMark = svg("line", { class: "last-mark", visibility: "hidden" });
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (c + 1 < cols) addSlot(lineLayer, [r, c], [r, c + 1]);
        if (r + 1 < rows) addSlot(lineLayer, [r, c], [r + 1, c]);
      }
    }
    for (let r = 0; r < rows; r++) {
      const row: SVGCircleElement[] = [];
      for (let c = 0; c < cols; c++) {
        const d: Dot = [r, c];
        const hit = svg("circle", { cx: M + c * U, cy: M + r * U, r: 11, class: "dot-hit", "data-dot": dotName(d) });
        const dot = svg("circle", { cx: M + c * U, cy: M + r * U, r: 5, class: "dot" });
        hit.addEventListener("click", (e) => {
          e.stopPropagation();
          clickDot(d);
        });
        dotLayer.append(dot, hit);
        row.push(dot);
      }
      dotEls.push(row);
    }
    root.append(defs, boxLayer, lastMark, lineLayer, dotLayer);
    root.addEventListener("keydown", onKey);
    el.append(root);
    const first = slots.get(key(0, 1)) ?? slots.values().next().value;
    if (first) {
      first.g.setAttribute("tabindex", "0");
      focusKey = key(first.y, first.x);
    }
  }

  function addSlot(layer: SVGGElement, a: Dot, b: Dot): void {
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
      selected = null;
      markSelected();
      setFocus(key(y, x), false);
      choose(a, b);
    });
    g.addEventListener("pointerenter", () => g.classList.add("hover"));
    g.addEventListener("pointerleave", () => g.classList.remove("hover"));
    layer.append(g);
    slots.set(key(y, x), { y, x, from: a, to: b, g, ln });
  }

  function setFocus(k: string, move = true): void {
    const s = slots.get(k);
    if (!s) return;
    slots.get(focusKey)?.g.setAttribute("tabindex", "-1");
    s.g.setAttribute("tabindex", "0");
    focusKey = k;
    if (move) s.g.focus();
  }

  function onKey(e: KeyboardEvent): void {
    const cur = slots.get(focusKey);
    if (!cur) return;
    const dirs: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = dirs[e.key];
    if (d) {
      e.preventDefault();
      const [dy, dx] = d;
      // Straight on by two lattice cells, else the nearest line diagonally
      // ahead, so every line is reachable from every other.
      const cands: [number, number][] = [
        [cur.y + 2 * dy, cur.x + 2 * dx],
        [cur.y + dy + (dy === 0 ? -1 : 0), cur.x + dx + (dx === 0 ? -1 : 0)],
        [cur.y + dy + (dy === 0 ? 1 : 0), cur.x + dx + (dx === 0 ? 1 : 0)],
      ];
      for (const [y, x] of cands) {
        if (slots.has(key(y, x))) {
          setFocus(key(y, x));
          return;
        }
      }
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose(cur.from, cur.to);
    } else if (e.key === "Escape" && selected) {
      selected = null;
      markSelected();
    }
  }

  function markSelected(): void {
    for (const row of dotEls) for (const d of row) d.classList.remove("selected");
    if (selected) dotEls[selected[0]]?.[selected[1]]?.classList.add("selected");
  }

  function clickDot(d: Dot): void {
    if (!selected) {
      selected = d;
      markSelected();
      ctx.info(`Dot ${dotName(d)} selected: now pick a neighbouring dot.`);
      return;
    }
    const a = selected;
    selected = null;
    markSelected();
    if (a[0] === d[0] && a[1] === d[1]) return;
    choose(a, d);
  }

  async function choose(a: Dot, b: Dot): Promise<void> {
    const seat = ctx.mover();
    if (seat === null) {
      if (ctx.st.outcome) ctx.error("The game is over. Start a new one with Rematch or New game.");
      else ctx.error("It is not your turn: wait for the other player.");
      return;
    }
    const adjacent = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
    const [y, x] = lattice(a, b);
    const s = adjacent ? slots.get(key(y, x)) : undefined;
    const k = key(y, x);
    // Optimistic: show the line at once; the server's answer confirms it
    // with the next update or takes it back with its reason.
    if (s && s.ln.classList.contains("free")) {
      pending.add(k);
      s.ln.setAttribute("class", `ln pending p${seat}`);
    }
    const ok = await ctx.play(seat, { from: a, to: b });
    if (!ok && pending.delete(k)) update();
  }

  function update(): void {
    const v = ctx.view() as DotsView | null;
    if (!v || !v.rows) {
      clear(el);
      root = null;
      el.append(h("p", { class: "muted" }, "Waiting for the board…"));
      return;
    }
    if (!root || v.rows !== rows || v.cols !== cols) build(v);
    const drawn = new Map<string, number>();
    for (const l of v.lines ?? []) {
      const [y, x] = lattice(l.from, l.to);
      drawn.set(key(y, x), l.by);
    }
    const mover = ctx.mover();
    el.classList.toggle("can-move", mover !== null);
    el.classList.toggle("p1-moves", mover === 1);
    for (const [k, s] of slots) {
      const by = drawn.get(k);
      const name = `${dotName(s.from)} to ${dotName(s.to)}`;
      if (by !== undefined) {
        pending.delete(k);
        s.ln.setAttribute("class", `ln drawn p${by}`);
        s.g.setAttribute("aria-label", `Line ${name}, drawn by ${ctx.seatLabel(by)}`);
        s.g.setAttribute("aria-disabled", "true");
      } else if (pending.has(k)) {
        s.g.setAttribute("aria-label", `Line ${name}, sending`);
      } else {
        s.ln.setAttribute("class", "ln free");
        s.g.setAttribute("aria-label", `Line ${name}, free`);
        s.g.removeAttribute("aria-disabled");
      }
    }
    if (lastMark) {
      if (v.last) {
        lastMark.setAttribute("x1", String(M + v.last.from[1] * U));
        lastMark.setAttribute("y1", String(M + v.last.from[0] * U));
        lastMark.setAttribute("x2", String(M + v.last.to[1] * U));
        lastMark.setAttribute("y2", String(M + v.last.to[0] * U));
        lastMark.setAttribute("visibility", "visible");
      } else lastMark.setAttribute("visibility", "hidden");
    }
    if (boxLayer) {
      clear(boxLayer);
      const ini = [initials(ctx.seatName(0)), initials(ctx.seatName(1))];
      if (ini[0] === ini[1]) {
        ini[0] = "P1";
        ini[1] = "P2";
      }
      (v.boxes ?? []).forEach((row, r) => row.forEach((owner, c) => {
        if (owner < 0) return;
        const bx = M + c * U, by = M + r * U;
        const fresh = freshBoxes.has(`${r},${c}`);
        boxLayer?.append(svg("g", { class: `box p${owner}` + (fresh ? " fresh" : ""), "data-box": `${r},${c}`, "data-owner": owner },
          svg("title", null, `Box ${dotName([r, c])}: ${ctx.seatLabel(owner)}`),
          svg("rect", { x: bx + 4, y: by + 4, width: U - 8, height: U - 8, rx: 4 }),
          svg("text", { x: bx + U / 2, y: by + U / 2, "dominant-baseline": "central", "text-anchor": "middle" }, ini[owner] ?? "")));
      }));
      freshBoxes.clear();
    }
  }

  function events(evs: GameEvent[], push: MatchPush): void {
    let boxes = 0;
    for (const e of evs) {
      if (e.type === "box" && e.data) {
        boxes++;
        freshBoxes.add(`${e.data.row},${e.data.col}`);
      }
    }
    if (boxes) update();
    sound(boxes ? "box" : "line");
    const who = ctx.seatLabel(push.seat);
    // The game's own words (Go's Describe) say the line and the boxes.
    announce(`${who} ${namedSeats(push.text ?? "", ctx.seatName)}.`);
  }

  function hint(): string {
    return selected ? "pick a dot next to the selected one" : "draw a line between two neighbouring dots";
  }

  return { el, update, events, hint };
}
