// Drawing the warfare board from its state: the island built once per
// island (its hexes, its grid and its bounds), then on every update the
// selection checked against the view, the map's layers and the panels.
import { clear, h, svg } from "../../dom";
import { drawBorders, drawGround, drawLand, drawMarks, drawThings } from "./draw";
import { Board, HW, R, columnName, hexPoints, type Target, type WarView } from "./hexes";
import { centreOn, describe, act, hexLabel, idle, select, send } from "./moves";
import { renderPicker, renderSel, type SelDeps } from "./selection";
import { drawSide, openOnOwnLand } from "./side";
import { maxRank, me, prices, rankName, rankOf, view, type War } from "./war";

/** update draws the view the table holds now. */
export function update(w: War): void {
  const v = view(w);
  if (!v) {
    clear(w.ui.selBox);
    w.ui.selBox.append(h("p", { class: "muted" }, "Waiting for the island…"));
    return;
  }
  const key = `${v.island}:${v.width}x${v.height}:${v.hexes.length}`;
  if (!w.board || key !== w.islandKey) build(w, v);
  else w.board = new Board(v);
  render(w);
}

/** build draws a new island: a polygon per hex, the grid's letters and
 * numbers, and the bounds that Fit shows. */
function build(w: War, v: WarView): void {
  const { gridLayer, mapBox, pz, layers } = w.ui;
  const board = w.board = new Board(v);
  w.islandKey = `${v.island}:${v.width}x${v.height}:${v.hexes.length}`;
  const wdt = HW * (v.width + 1.5), hgt = 1.5 * R * v.height + R * 1.4;
  w.full = { x: HW * 0.5, y: 0, w: wdt - HW, h: hgt };
  // The island's bounds, so that "fit" shows land, not sea.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of v.hexes) {
    const [cx, cy] = board.centre(c.id);
    x0 = Math.min(x0, cx - HW / 2); x1 = Math.max(x1, cx + HW / 2);
    y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
  }
  // Room for the grid's letters above the land and its numbers left of it.
  if (x0 < x1) w.full = { x: x0 - R * 1.6, y: y0 - R * 1.5, w: x1 - x0 + R * 2.1, h: y1 - y0 + R * 2 };
  clear(gridLayer);
  if (x0 < x1) {
    const cols = new Set(v.hexes.map((c) => c.x)), rows = new Set(v.hexes.map((c) => c.y));
    for (const x of cols) gridLayer.append(svg("text", { x: HW * x + HW, y: y0 - R * 0.45, "text-anchor": "middle" }, columnName(x)));
    for (const y of rows) gridLayer.append(svg("text", { x: x0 - R * 0.35, y: 1.5 * R * y + R * 1.2 + R * 0.3, "text-anchor": "end" }, String(y + 1)));
  }
  mapBox.style.setProperty("aspect-ratio", `${w.full.w.toFixed(0)} / ${w.full.h.toFixed(0)}`);
  pz.setFull(w.full);
  clear(layers.land);
  for (const c of v.hexes) {
    const [cx, cy] = board.centre(c.id);
    layers.land.append(svg("polygon", { points: hexPoints(cx, cy), "data-hex": c.id }));
  }
  openOnOwnLand(pz, w.ui.root, board, v, w.ctx.viewSeat());
}

/** render draws the map and the panels from the state. */
export function render(w: War): void {
  const v = view(w);
  const board = w.board;
  if (!v || !board) return;
  const seat = me(w);
  checkSelection(w, board, seat);
  const { layers, hexTip } = w.ui;
  drawLand(layers, board, v, w.targets);
  const tipAt = hexTip.parentNode as Element | null;
  if (tipAt) hexTip.textContent = hexLabel(w, Number(tipAt.getAttribute("data-hex")));
  drawGround(layers.ground, board, v);
  drawBorders(layers.border, board, v);
  drawMarks(layers.mark, board, w.last, w.targets, w.sel);
  drawThings(layers.thing, board, v, { rankOf: (t) => rankOf(w, t), rankName: (r) => rankName(w, r), prices: () => prices(w) });
  renderToolbar(w, v, seat);
  const d: SelDeps = {
    selBox: w.ui.selBox, board, sel: w.sel, targets: w.targets, prices: () => prices(w),
    rankOf: (t) => rankOf(w, t), rankName: (r) => rankName(w, r), maxRank: (l) => maxRank(w, l),
    send: (m, after) => send(w, m, after), select: (s) => select(w, s), describe: (c) => describe(w, c),
    centreOn: (id) => centreOn(w, id), act: (s, to) => act(w, s, to),
  };
  renderSel(d, v, seat);
  renderPicker(d, seat);
  const { side, legend, vilList } = w.ui;
  drawSide({ ctx: w.ctx, side, legend, vilList, sel: () => w.sel, select: (s) => select(w, s), centreOn: (id) => centreOn(w, id), render: () => render(w) }, v, seat);
}

/** checkSelection takes the selection a move asked for once the view
 * shows it, drops one that no longer holds, and lights its targets. */
function checkSelection(w: War, board: Board, seat: number | null): void {
  const want = w.want;
  if (want && seat !== null) {
    const c = board.hex(want.hex);
    if (c.owner === seat && (want.kind === "unit" ? rankOf(w, c.thing) > 0 : c.thing === "village")) {
      w.sel = want;
      w.want = null;
    }
  } else w.want = null;
  // A selection that no longer holds (the villager acted or died, it
  // is no longer our turn) is dropped.
  const held = w.sel;
  if (held && seat !== null) {
    const c = board.hex(held.hex);
    if (c.owner !== seat || (held.kind === "unit" ? !rankOf(w, c.thing) : c.thing !== "village")) w.sel = null;
  } else w.sel = null;
  let targets = new Map<number, Target>();
  const sel = w.sel;
  const vl = sel?.kind === "village" ? board.vilByRegion.get(board.hex(sel.hex).region) : undefined;
  if (sel?.kind === "unit") targets = board.unitTargets(sel.hex);
  else if (sel && vl && sel.mode.kind === "buy") {
    const r = sel.mode.rank;
    targets = board.buyTargets(vl, r);
    if (!targets.size) sel.mode = { kind: "move" };
  } else if (sel && vl && sel.mode.kind === "tower") {
    targets = board.towerTargets(vl);
    if (!targets.size) sel.mode = { kind: "move" };
  }
  w.targets = targets;
}

function renderToolbar(w: War, v: WarView, seat: number | null): void {
  const { roundEl, endBtn, nextBtn } = w.ui;
  roundEl.textContent = v.turn < 0 ? `Game over after round ${v.round}` :
    `Round ${v.round}${v.rounds ? ` of ${v.rounds}` : ""} · ${seat !== null ? "your turn" : `${w.ctx.seatLabel(v.turn)} to play`}`;
  endBtn.hidden = seat === null;
  nextBtn.hidden = seat === null;
  const n = idle(w).length;
  nextBtn.textContent = `Next villager (${n})`;
  nextBtn.disabled = n === 0;
}
