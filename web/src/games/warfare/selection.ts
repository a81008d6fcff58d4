// The panel of the selected villager or village: what it may do now, as
// the server offers it, with the words for what stands in the way of the
// rest; and the lit hexes as a list, for the keyboard.
import { clear, h } from "../../dom";
import { cap, type Board, type HexV, type Prices, type Selection, type Target, type WarView } from "./hexes";

/** SelDeps is what the panel reads of the board's state, and the board's
 * answers to its buttons. */
export interface SelDeps {
  selBox: HTMLElement;
  board: Board | null;
  sel: Selection | null;
  targets: Map<number, Target>;
  prices(): Prices;
  rankOf(thing: string | undefined): number;
  rankName(r: number): string;
  maxRank(level: string): number;
  send(move: unknown, after: Selection | null): Promise<void>;
  select(s: Selection | null): void;
  describe(c: HexV): string;
  centreOn(id: number): void;
  act(seat: number, to: number): Promise<void>;
}

/** targetWord says what a click on a lit hex would do. */
export function targetWord(sel: Selection | null, t: Target, c: HexV): string {
  if (sel?.kind === "village") return sel.mode.kind === "tower" ? "Build the watchtower here" : t === "take" ? "Recruit here, taking the hex" : "Recruit here";
  if (t === "walk") return "Walk here";
  if (t === "take") return "Take this hex";
  if (c.thing === "tree") return "Gather wood here";
  if (c.thing === "tombstone") return "Clear the tombstone";
  return "Combine with this villager";
}

function btn(label: string, id: string, enabled: boolean, why: string, f: () => void, pressed?: boolean): HTMLButtonElement {
  const b = h("button", { type: "button", id, disabled: !enabled, title: enabled ? null : why, "aria-pressed": pressed === undefined ? null : String(pressed) }, label);
  b.addEventListener("click", f);
  return b;
}

export function renderSel(d: SelDeps, v: WarView, seat: number | null): void {
  const { selBox, board, sel, targets, prices, rankOf, rankName, maxRank, send, select } = d;
  clear(selBox);
  if (!board || !sel || seat === null) {
    selBox.append(h("p", { class: "muted" }, seat !== null ? "Click one of your villagers or villages." : v.turn < 0 ? "The game is over." : "Waiting for the other players…"));
    return;
  }
  const s = sel;
  const c = board.hex(s.hex);
  const vl = board.vilByRegion.get(c.region);
  if (!vl) return;
  const locked = (vl.locked ?? 0) > 0;
  // What is enabled is what the server offers; the words for a
  // disabled button only say which fact on the board stands in the way.
  const offer = board.offer;
  if (s.kind === "unit") {
    const r = rankOf(c.thing);
    const busy = (c.left ?? 0) > 0;
    const state = busy ? `busy building a ${c.work} (${c.left} more turn${c.left === 1 ? "" : "s"})` : c.done ? "has acted this turn" : `can go to ${targets.size} lit hex${targets.size === 1 ? "" : "es"}`;
    const rp = prices().ranks[r - 1];
    selBox.append(h("p", null, h("strong", null, `${cap(rankName(r))} on hex ${c.id}`), ` (strength ${rp?.strength ?? r}, wage ${rp?.wage ?? 0}): ${state}.`));
    const row = h("div", { class: "wf-actions" });
    (rp?.train ?? []).forEach((cost, i) => {
      const to = r + 1 + i;
      const ok = !!offer.train?.[c.id]?.includes(to);
      const why = busy ? "busy working" : locked ? "the village was just upgraded" : to > maxRank(vl.level) ? `a ${vl.level} cannot support a ${rankName(to)}` : `needs ${cost} gold`;
      row.append(btn(`Train to ${rankName(to)} (${cost} gold)`, `wf-train-${rankName(to)}`, ok, why, () => void send({ train: { at: c.id, unit: rankName(to) } }, { kind: "unit", hex: c.id, mode: { kind: "move" } })));
    });
    if (r === 1) {
      row.append(btn("Start a meadow", "wf-meadow", ((offer.work?.[c.id] ?? 0) & 1) !== 0, c.meadow || c.road ? "only on plain land" : "the peasant cannot act now", () => void send({ cultivate: c.id }, null)),
        btn("Build a road", "wf-road", ((offer.work?.[c.id] ?? 0) & 2) !== 0, c.road ? "there is a road already" : "the peasant cannot act now", () => void send({ road: c.id }, null)));
    }
    row.append(btn("Village", "wf-goto-village", true, "", () => select({ kind: "village", hex: vl.hex, mode: { kind: "move" } })));
    selBox.append(row);
    return;
  }
  selBox.append(h("p", null, h("strong", null, `${cap(vl.level)} on hex ${vl.hex}`),
    `: ${vl.gold} gold, ${vl.wood} wood, ${vl.size} hexes, income ${vl.income}, wages ${vl.upkeep}.`,
    locked ? " Just upgraded: it can do nothing more this turn and next." : ""));
  const row = h("div", { class: "wf-actions" });
  const pr = prices();
  const b = board;
  pr.ranks.forEach((rp, i) => {
    const r = i + 1;
    const ok = b.buyTargets(vl, r).size > 0;
    const why = locked ? "just upgraded" : r > maxRank(vl.level) ? `a ${vl.level} cannot recruit a ${rp.name}` : vl.gold < rp.gold ? `needs ${rp.gold} gold` : "no hex can take it";
    const on = s.mode.kind === "buy" && s.mode.rank === r;
    row.append(btn(`Recruit ${rp.name} (${rp.gold})`, `wf-buy-${rp.name}`, ok, why,
      () => select({ kind: "village", hex: vl.hex, mode: on ? { kind: "move" } : { kind: "buy", rank: r } }), on));
  });
  const lvl = pr.levels.findIndex((x) => x.name === vl.level);
  const next = pr.levels[lvl + 1];
  if (next) {
    row.append(btn(`Upgrade to ${next.name} (${pr.upgradeWood} wood)`, "wf-upgrade", !!offer.upgrade?.includes(vl.hex),
      locked ? "just upgraded" : `needs ${pr.upgradeWood} wood`, () => void send({ upgrade: vl.hex }, { kind: "village", hex: vl.hex, mode: { kind: "move" } })));
  }
  const tw = s.mode.kind === "tower";
  const builders = pr.levels.filter((x) => x.towers).map((x) => x.name + "s").join(" and ");
  row.append(btn(`Watchtower (${pr.towerWood} wood)`, "wf-tower", !!offer.tower?.[vl.hex]?.length,
    !pr.levels[lvl]?.towers ? `only ${builders} build watchtowers` : locked ? "just upgraded" : `needs ${pr.towerWood} wood`,
    () => select({ kind: "village", hex: vl.hex, mode: tw ? { kind: "move" } : { kind: "tower" } }), tw));
  selBox.append(row);
  if (s.mode.kind !== "move") {
    selBox.append(h("p", { class: "muted" }, targets.size ? `Click a lit hex (${targets.size}) to place it; Escape cancels.` : "No hex can take it."));
  }
}

/** renderPicker lists the lit hexes in a menu too, for the keyboard
 * and screen readers. */
export function renderPicker(d: SelDeps, seat: number | null): void {
  const { selBox, board, sel, targets, describe, centreOn, act } = d;
  if (!board || !sel || seat === null || !targets.size) return;
  const b = board;
  const pick = h("select", { id: "wf-targets", "aria-label": "Lit hexes" },
    [...targets].sort((x, y) => x[0] - y[0]).map(([id, t]) => h("option", { value: id }, `Hex ${id}: ${targetWord(sel, t, b.hex(id))} (${describe(b.hex(id))})`)));
  const go = h("button", { type: "button", id: "wf-targets-go" }, "Go");
  pick.addEventListener("change", () => centreOn(Number(pick.value)));
  go.addEventListener("click", () => void act(seat, Number(pick.value)));
  selBox.append(h("div", { class: "wf-picker" }, pick, go));
}
