// Battleship's pointer and keyboard: on the ocean grid a click places the
// selected ship and a press that moves drags a placed ship; on the target
// grid a click fires; R rotates the ship being placed.
import { announce } from "../../dom";
import { play as sound } from "../../sound";
import { candidate, cellsOf, labelOf, me, placing, problem, ships, v, type Bs } from "./board";
import { sqName } from "./fleetlay";
import { moveFocus } from "./grid";
import { paintOcean, paintTarget } from "./paint";
import { placeAt, rot } from "./place";

/** cellAt is the grid square an event happened on, if any. */
const cellAt = (e: Event) => (e.target as Element).closest<HTMLButtonElement>(".cell");

/** listenOcean wires the ocean grid. A press on a placed ship becomes a
 * drag only once the pointer moves; a plain click places the selected
 * ship (or is refused with a reason). */
export function listenOcean(b: Bs): void {
  const el = b.ocean.el;
  el.addEventListener("click", (e) => {
    if (b.suppressClick) {
      b.suppressClick = false;
      return;
    }
    const cell = cellAt(e);
    if (cell && !b.drag) placeAt(b, Number(cell.dataset.r), Number(cell.dataset.c));
  });
  el.addEventListener("pointerover", (e) => {
    const cell = cellAt(e);
    if (!cell || !placing(b)) return;
    b.hover = [Number(cell.dataset.r), Number(cell.dataset.c)];
    paintOcean(b);
  });
  el.addEventListener("pointerleave", () => {
    if (b.drag) return;
    b.hover = null;
    paintOcean(b);
  });
  el.addEventListener("focusin", (e) => {
    const cell = cellAt(e);
    if (!cell) return;
    b.ocean.focus = [Number(cell.dataset.r), Number(cell.dataset.c)];
    if (placing(b)) {
      b.hover = [...b.ocean.focus];
      paintOcean(b);
    }
  });
  el.addEventListener("pointerdown", (e) => {
    const cell = cellAt(e);
    if (!cell || !placing(b)) return;
    const r = Number(cell.dataset.r), c = Number(cell.dataset.c);
    if (!b.fleet.some((x) => cellsOf(b, x).some(([a, bb]) => a === r && bb === c))) return;
    b.press = { r, c, x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  el.addEventListener("pointermove", (e) => dragMove(b, e));
  el.addEventListener("pointerup", (e) => endDrag(b, e));
  el.addEventListener("pointercancel", (e) => endDrag(b, e));
}

/** dragMove starts a drag once a press has moved far enough, and shows
 * where the ship dragged would lie. */
function dragMove(b: Bs, e: PointerEvent): void {
  const press = b.press;
  if (press && !b.drag && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 6) {
    const { r, c } = press;
    const p = b.fleet.find((x) => cellsOf(b, x).some(([a, bb]) => a === r && bb === c));
    if (p) {
      b.drag = { ship: p.ship, orig: p, offset: p.dir === "h" ? c - p.col : r - p.row };
      b.sel = p.ship;
      b.dir = p.dir;
      b.fleet = b.fleet.filter((x) => x !== p);
      try {
        b.ocean.el.setPointerCapture(press.id);
      } catch {
        // capture is a nicety; the drop still works without it
      }
      b.render();
    }
  }
  if (!b.drag) return;
  const under = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLButtonElement>("#ocean .cell");
  if (!under) return;
  const at: [number, number] = [Number(under.dataset.r), Number(under.dataset.c)];
  if (!b.hover || b.hover[0] !== at[0] || b.hover[1] !== at[1]) {
    b.hover = at;
    paintOcean(b);
  }
}

/** endDrag drops the ship dragged where it may lie, or back where it was. */
function endDrag(b: Bs, e: PointerEvent): void {
  b.press = null;
  if (!b.drag) return;
  b.suppressClick = true;
  setTimeout(() => { b.suppressClick = false; }, 0);
  const d = b.drag;
  const under = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLButtonElement>("#ocean .cell");
  let placed = false;
  if (under) {
    const p = candidate(b, Number(under.dataset.r), Number(under.dataset.c));
    const why = p ? problem(b, p, b.fleet) : "Drop the ship on your grid.";
    if (p && !why) {
      b.fleet.push(p);
      placed = true;
      sound("place");
      announce(`${labelOf(p.ship)} moved to ${sqName(p.row, p.col)} ${p.dir === "h" ? "across" : "down"}.`);
    } else if (why) b.ctx.error(why);
  }
  if (!placed && d.orig) b.fleet.push(d.orig);
  b.drag = null;
  // With ships still to place the next one is selected, as after a
  // click; with the fleet complete the ship just moved stays selected,
  // so that Rotate (the only way to turn it on a touch screen) turns it.
  const next = ships(b).find((f) => !b.fleet.some((x) => x.ship === f.name));
  b.sel = next ? next.name : d.ship;
  b.render();
}

/** listenTarget wires the target grid: a click fires at its square. */
export function listenTarget(b: Bs): void {
  b.target.el.addEventListener("click", (e) => {
    const cell = cellAt(e);
    if (!cell) return;
    moveFocus(b.target, Number(cell.dataset.r), Number(cell.dataset.c), false);
    void fireAt(b, Number(cell.dataset.r), Number(cell.dataset.c));
  });
  b.target.el.addEventListener("focusin", (e) => {
    const cell = cellAt(e);
    if (cell) b.target.focus = [Number(cell.dataset.r), Number(cell.dataset.c)];
  });
}

/** rotateKey is the page's R, which turns the ship being placed. */
export function rotateKey(b: Bs): (e: KeyboardEvent) => void {
  return (e) => {
    if ((e.key === "r" || e.key === "R") && placing(b) && !(e.target instanceof HTMLInputElement) && !(e.target instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      rot(b);
    }
  };
}

async function fireAt(b: Bs, r: number, c: number): Promise<void> {
  const x = v(b);
  if (!x) return;
  if (x.phase === "placement") {
    b.ctx.error(x.placed[me(b)] ? "Wait until both fleets are placed." : "Place your fleet first: use your ocean grid on the left.");
    return;
  }
  if (x.phase === "over" || b.ctx.st.outcome) {
    b.ctx.error("The battle is over.");
    return;
  }
  const seat = b.ctx.mover();
  if (seat === null) {
    b.ctx.error("Wait for your turn: the enemy is firing.");
    return;
  }
  b.pendingShot = sqName(r, c);
  paintTarget(b);
  const ok = await b.ctx.play(seat, { shot: [r, c] });
  if (!ok) {
    b.pendingShot = "";
    paintTarget(b);
  }
}
