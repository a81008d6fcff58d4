// Buccaneer's trading screen: what the captain in port gives (crew, treasure,
// a kept card to play) and what the port offers, picked item by item, and
// the trade sent as picked for the game to judge.
import { h } from "../../dom";
import { button } from "./buttons";
import { chips, itemWorth, keptTitle, playLimit, sum } from "./items";
import { send, type Buc, type BucView } from "./state";

export function tradeScreen(b: Buc, v: BucView, seat: number): HTMLElement {
  const ctx = b.ctx;
  const p = v.players[seat];
  const port = v.ports.find((x) => x.at[0] === p.at[0] && x.at[1] === p.at[1]);
  const box = h("div", { class: "bc-trade", id: "bc-trade" });
  if (!port) return box;
  const key = `${v.turns}:${port.name}:${(p.hand ?? []).join()}:${p.treasure.join()}:${port.cards.join()}:${port.treasure.join()}`;
  if (key !== b.tradeKey) { b.give = new Set(); b.take = new Set(); b.tradeKey = key; b.tradeErr = ""; }
  const mine: [string, string][] = [...(p.hand ?? []).map((c, i): [string, string] => [`h${i}`, c]), ...p.treasure.map((t, i): [string, string] => [`t${i}`, t])];
  const kept = p.kept.filter((k) => playLimit[k]);
  const theirs: [string, string][] = [...port.cards.map((c, i): [string, string] => [`pc${i}`, c]), ...port.treasure.map((t, i): [string, string] => [`pt${i}`, t])];
  if (port.longJohn) theirs.push(["john", "john"]);
  const itemOf = (k: string): string => mine.find((x) => x[0] === k)?.[1] ?? theirs.find((x) => x[0] === k)?.[1] ?? "";
  const giveItems = () => [...b.give].filter((k) => !k.startsWith("k")).map(itemOf);
  const takeItems = () => [...b.take].map(itemOf);
  const playing = () => [...b.give].filter((k) => k.startsWith("k")).map((k) => Number(k.slice(1)));
  const toggle = (set: Set<string>, k: string) => { if (set.has(k)) set.delete(k); else set.add(k); b.tradeErr = ""; b.render(); };
  const itemBtn = (set: Set<string>, k: string, it: string, side: string) => h("button", {
    type: "button", class: `bc-item${set.has(k) ? " chosen" : ""}`, "aria-pressed": String(set.has(k)), "data-item": it, "data-side": side, "data-key": k,
    onclick: () => toggle(set, k),
  }, chips([it]), ` ${itemWorth(it) || ""}`);
  const g = giveItems(), t = takeItems(), cards = playing();
  const gv = sum(g), tv = sum(t);
  const limitNote = cards.length === 1 ? ` (card allows up to ${playLimit[cards[0]]})` : "";
  box.append(h("p", null, h("strong", null, `Trading in ${port.name}`), port.owner >= 0 ? ` (${ctx.seatLabel(port.owner)}'s home: crew you give goes to that captain)` : "",
    ". Pick what you give and what you take; both sides must be worth the same."),
  h("div", { class: "bc-trade-cols" },
    h("div", { class: "bc-trade-col" }, h("h4", null, "You give"),
      mine.length || kept.length ? [...mine.map(([k, it]) => itemBtn(b.give, k, it, "give")),
        ...kept.map((n) => h("button", { type: "button", class: `bc-item card-play${b.give.has(`k${n}`) ? " chosen" : ""}`, "aria-pressed": String(b.give.has(`k${n}`)), "data-play": n,
          onclick: () => toggle(b.give, `k${n}`) }, `${keptTitle[n]} (up to ${playLimit[n]}${n === 21 ? ", crew only" : ""})`))] : h("p", { class: "muted" }, "nothing to give")),
    h("div", { class: "bc-trade-col" }, h("h4", null, `${port.name} offers`),
      theirs.length ? theirs.map(([k, it]) => itemBtn(b.take, k, it, "take")) : h("p", { class: "muted" }, "nothing to trade"))),
  h("p", { class: `bc-trade-sum${cards.length ? "" : gv === tv && gv > 0 ? " equal" : " unequal"}`, id: "bc-trade-sum" },
    cards.length ? `Playing ${cards.map((n) => keptTitle[n]).join(", ")}: you take worth ${tv}${limitNote}.` : `You give worth ${gv}; you take worth ${tv}.${gv === tv && gv > 0 ? " Equal worth." : ""}`),
  b.tradeErr ? h("p", { class: "bc-trade-err", id: "bc-trade-err", role: "alert" }, b.tradeErr) : "",
  h("div", { class: "bc-actions" }, button("Trade", "bc-trade-go", () => tryTrade(b, g, t, cards), "primary"),
    button("Clear", "bc-trade-clear", () => { b.give = new Set(); b.take = new Set(); b.tradeErr = ""; b.render(); }),
    button("Done: leave port", "bc-done", () => void send(b, { done: true }))));
  return box;
}

/** tryTrade sends the trade as picked: only the game judges it, and
 * its reason for refusing one stays beside the trading screen. */
function tryTrade(b: Buc, g: string[], t: string[], cards: number[]): void {
  if (!t.length) { b.tradeErr = "Pick something of the port's to take."; b.render(); return; }
  const move = cards.length === 1 && !g.length ? { play: cards[0], take: t } : { give: g, take: t, ...(cards.length ? { play: cards[0] } : {}) };
  void send(b, move, (reason) => { b.tradeErr = reason; b.render(); });
}
