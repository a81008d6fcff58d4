// Clicks and moves on the island: choosing a villager or a village,
// sending its move, the next villager that can act, and the words that
// name a hex.
import type { HexV, Selection, Target } from "./hexes";
import { gridName } from "./hexes";
import { targetWord } from "./selection";
import { me, rankName, rankOf, view, type War } from "./war";

/** hexLabel names a hex: its place on the grid, what is on it, and what
 * a click on it would do. */
export function hexLabel(w: War, id: number): string {
  const c = w.board?.hex(id);
  if (!c) return "";
  return `${gridName(c.x, c.y)}: ${describe(w, c)}${w.targets.has(c.id) ? ". " + targetWord(w.sel, w.targets.get(c.id) as Target, c) : ""}`;
}

export function select(w: War, s: Selection | null): void {
  w.sel = s;
  w.render();
  w.ctx.refreshStatus();
}

export function clickHex(w: War, id: number): void {
  const { board, ctx, sel } = w;
  const v = view(w);
  if (!board || !v) return;
  const c = board.hex(id);
  const seat = me(w);
  if (sel && w.targets.has(id) && seat !== null) {
    void act(w, seat, id);
    return;
  }
  if (seat === null) {
    select(w, null);
    if (!ctx.st.outcome) ctx.info(`Hex ${id}: ${describe(w, c)}. It is not your turn.`);
    return;
  }
  if (sel && sel.hex === id && sel.mode.kind === "move") return select(w, null);
  if (c.owner === seat && rankOf(w, c.thing)) return select(w, { kind: "unit", hex: id, mode: { kind: "move" } });
  if (c.owner === seat && c.thing === "village") return select(w, { kind: "village", hex: id, mode: { kind: "move" } });
  if (c.owner === seat && c.region >= 0) {
    const vl = board.vilByRegion.get(c.region);
    if (vl) return select(w, { kind: "village", hex: vl.hex, mode: { kind: "move" } });
  }
  select(w, null);
  ctx.info(`Hex ${id}: ${describe(w, c)}.`);
}

export function describe(w: War, c: HexV): string {
  const owner = c.owner < 0 ? "neutral land" : `land of ${w.ctx.seatLabel(c.owner)}`;
  const parts = [owner];
  if (c.thing === "village") parts.push(`a ${w.board?.vilByRegion.get(c.region)?.level ?? "village"}`);
  else if (c.thing === "tower") parts.push("a watchtower");
  else if (c.thing) parts.push(`a ${c.thing}`);
  if (c.meadow) parts.push("a meadow");
  if (c.road) parts.push("a road");
  return parts.join(", ");
}

/** play sends one move at a time, so that a double click is one move. */
async function play(w: War, seat: number, move: unknown): Promise<boolean> {
  if (w.sending) return false;
  w.sending = true;
  try {
    return await w.ctx.play(seat, move);
  } finally {
    w.sending = false;
  }
}

/** act sends the selection's move to the lit hex to. */
export async function act(w: War, seat: number, to: number): Promise<void> {
  if (!w.sel) return;
  const s = w.sel;
  let move: unknown;
  if (s.kind === "unit") move = { move: { from: s.hex, to } };
  else if (s.mode.kind === "buy") move = { buy: { village: s.hex, unit: rankName(w, s.mode.rank), at: to } };
  else if (s.mode.kind === "tower") move = { tower: { village: s.hex, at: to } };
  else return;
  const walk = s.kind === "unit" && w.targets.get(to) === "walk";
  const ok = await play(w, seat, move);
  if (!ok) return;
  // A villager that only walked may go on; a recruiting village stays
  // ready for the next recruit.
  if (walk) w.want = { kind: "unit", hex: to, mode: { kind: "move" } };
  else if (s.kind === "unit") w.sel = null;
  w.render();
}

/** send sends a move of the selection's panel, then selects after. */
export async function send(w: War, move: unknown, after: Selection | null): Promise<void> {
  const seat = me(w);
  if (seat === null) return;
  if (await play(w, seat, move)) {
    w.sel = after;
    w.render();
  }
}

/** idle lists the mover's villagers that can still move, by hex. */
export function idle(w: War): number[] {
  const seat = me(w);
  if (!w.board || seat === null) return [];
  return w.board.v.hexes.filter((c) => c.owner === seat && rankOf(w, c.thing) && !c.done && !c.left).map((c) => c.id);
}

export function nextVillager(w: War): void {
  const list = idle(w);
  if (!list.length) {
    w.ctx.info("Every villager has acted or is busy.");
    return;
  }
  const cur = w.sel?.kind === "unit" ? w.sel.hex : -1;
  const id = list.find((x) => x > cur) ?? list[0];
  centreOn(w, id);
  select(w, { kind: "unit", hex: id, mode: { kind: "move" } });
}

export function centreOn(w: War, id: number): void {
  if (!w.board) return;
  const [cx, cy] = w.board.centre(id);
  w.ui.pz.centreAt(cx, cy);
}

/** wholeIsland is Fit (the button, or 0): the whole island, large. The
 * map takes the board's whole width (the side panels go below it) and
 * the screen's height under the toolbar, which is scrolled to the top
 * of the window, so that at 1280x800 a hex stays large enough to aim
 * at; a second Fit changes nothing more. */
export function wholeIsland(w: War): void {
  w.ui.el.classList.add("wf-whole");
  w.ui.pz.fit();
  w.ui.toolbar.scrollIntoView({ block: "start" });
}
