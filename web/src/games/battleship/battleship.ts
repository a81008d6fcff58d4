// Battleship: the ocean grid (your fleet, the enemy's shots) and the target
// grid (your shots), fleet placement by click, drag or keyboard, and the
// score bar. Hits, misses and sinkings are animated, sounded and announced.
// This file makes the board and its page; its state is board.ts, its grids
// grid.ts, the placement place.ts, the pointer and keys input.ts, the
// drawing paint.ts.
import type { GameEvent } from "../../api";
import { announce, h } from "../../dom";
import { play as sound } from "../../sound";
import type { GameView, TableCtx } from "../types";
import { cellsOf, lay, me, placing, ships, v, type Bs, type Shot } from "./board";
import { loadDraft } from "./fleetdraft";
import { makeGrid, sizeGrid, type Grid } from "./grid";
import { listenOcean, listenTarget, rotateKey } from "./input";
import { paintAid, renderAll } from "./paint";

export function battleshipView(ctx: TableCtx): GameView {
  const b = page(ctx);
  b.render = () => renderAll(b);
  b.aidCheck.addEventListener("change", () => paintAid(b));
  listenOcean(b);
  listenTarget(b);
  const onKey = rotateKey(b);
  document.addEventListener("keydown", onKey);
  const upd = () => update(b);
  upd();
  return { el: b.el, update: upd, events: (evs) => events(b, evs), hint: () => hint(b), destroy: () => document.removeEventListener("keydown", onKey) };
}

/** page builds the board's page (the score, both grids with their titles,
 * the dock, the aid's switch) and the state around it. */
function page(ctx: TableCtx): Bs {
  const ocean = makeGrid("Your ocean grid", "ocean");
  const target = makeGrid("Target grid: enemy waters", "target");
  const score = h("div", { class: "bs-score", role: "group", "aria-label": "Score" });
  const dock = h("div", { class: "dock", hidden: true });
  // The grids' titles come straight under the table's title (h1): an h2
  // each, drawn at the size of a sub-heading.
  const oceanTitle = h("h2", { class: "bs-title" }, "Your fleet");
  const targetTitle = h("h2", { class: "bs-title" }, "Enemy waters");
  // The expert's aid ("where would the expert fire?"): a map of the enemy
  // grid from this seat's own shots, which the server gives only in
  // unrated games against the computer (the tutorial, practice).
  const aidCheck = h("input", { type: "checkbox", id: "bs-aid" });
  const aidBox = h("label", { class: "aid-toggle small", for: "bs-aid", hidden: true }, aidCheck, " Where would the expert fire?");
  const el = h("div", { class: "bs" },
    score,
    h("div", { class: "bs-grids" },
      h("section", { class: "bs-side ocean-side" }, oceanTitle, ocean.el, dock),
      h("section", { class: "bs-side target-side" }, targetTitle, aidBox, target.el)));
  return {
    ctx, ocean, target, el, score, dock, oceanTitle, targetTitle, aidCheck, aidBox, aid: null, aidAsked: -1,
    fleet: [], sel: null, dir: "h", hover: null, drag: null, sending: false, pendingShot: "",
    press: null, suppressClick: false, shownSeat: -2, render: () => {},
  };
}

function update(b: Bs): void {
  const x = v(b);
  sizeGrid(b.ocean, lay(b).size);
  sizeGrid(b.target, lay(b).size);
  // At one screen the next player must not see the previous player's
  // unsent placement: local state belongs to the seat it was made for.
  if (x && x.seat !== b.shownSeat) {
    b.shownSeat = x.seat;
    // A reload keeps the ships placed but not yet sent.
    const draft = x.phase === "placement" && !x.placed[me(b)] ? loadDraft(b.ctx.table.match ?? "", x.seat) : null;
    b.fleet = x.fleets?.[me(b)] ?? draft ?? [];
    b.sel = ships(b).find((f) => !b.fleet.some((p) => p.ship === f.name))?.name ?? null;
    b.dir = "h";
    b.hover = null;
    b.drag = null;
  }
  if (x && x.phase !== "placement") b.pendingShot = "";
  if (x && x.fleets?.[me(b)] && !placing(b)) b.fleet = x.fleets[me(b)] ?? b.fleet;
  renderAll(b);
  paintAid(b);
}

function flash(g: Grid, r: number, c: number, cls: string): void {
  const btn = g.cells[r]?.[c];
  if (!btn) return;
  btn.classList.remove("boom", "splash");
  void btn.offsetWidth;
  btn.classList.add(cls);
  setTimeout(() => btn.classList.remove(cls), 900);
}

function events(b: Bs, evs: GameEvent[]): void {
  for (const e of evs) {
    if (e.type === "shot" && e.data) shot(b, e.seat, e.data as Shot);
    else if (e.type === "start") {
      announce("Both fleets are placed. The battle begins!");
      b.ctx.info("Both fleets are placed. The battle begins!");
    }
  }
}

/** shot flashes, sounds and tells a shot by either seat. */
function shot(b: Bs, seat: number, s: Shot): void {
  const i = me(b);
  const mine = seat === i;
  const g = mine ? b.target : b.ocean;
  flash(g, s.row, s.col, s.result === "miss" ? "splash" : "boom");
  sound(s.result === "miss" ? "miss" : s.result === "sunk" ? "sunk" : "hit");
  let msg: string;
  if (mine) {
    msg = s.result === "miss" ? `You fired at ${s.square}: miss.` : s.result === "hit" ? `You fired at ${s.square}: hit!` : `You fired at ${s.square}: you sank the enemy ${s.ship}!`;
  } else {
    const who = b.ctx.seatName(seat);
    const ship = (v(b)?.fleets?.[i] ?? []).find((p) => cellsOf(b, p).some(([r, c]) => r === s.row && c === s.col));
    msg = s.result === "miss" ? `${who} fired at ${s.square}: miss.` :
      s.result === "hit" ? `${who} fired at ${s.square}: hit on your ${ship?.ship ?? "ship"}!` :
        `${who} fired at ${s.square} and sank your ${s.ship}!`;
  }
  b.ctx.info(msg);
  announce(msg);
}

function hint(b: Bs): string {
  const x = v(b);
  if (!x) return "wait";
  if (x.phase === "placement") return "place your ships on your grid, then press Start battle";
  return "fire at a square of the enemy grid";
}
export { tutorialFor } from "./tutorial";
