// Buccaneer's goods in words and chips: what each treasure and crew card
// is worth, its mark, the kept chance cards' titles and how much each lets
// its holder take in a trade.
import { h } from "../../dom";

const worth: Record<string, number> = { diamond: 5, ruby: 5, gold: 4, pearl: 3, rum: 2 };
const kindIcon: Record<string, string> = { diamond: "◆", ruby: "♦", gold: "▬", pearl: "●", rum: "▮" };
export const keptTitle: Record<number, string> = { 21: "Long John Silver", 23: "Doubloons", 24: "Pieces of eight", 25: "Kidd's chart", 26: "Kidd's chart" };
export const playLimit: Record<number, number> = { 21: 5, 23: 5, 24: 4 };

export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const itemWorth = (it: string): number => worth[it] ?? (/^[RB][123]$/.test(it) ? Number(it[1]) : 0);
const isCard = (it: string): boolean => /^[RB][123]$/.test(it);
const cardWord = (c: string): string => `${c[0] === "R" ? "red" : "black"} ${c[1]}`;
const itemWord = (it: string): string => isCard(it) ? cardWord(it) : it === "john" ? "Long John Silver" : `${it} (${worth[it]})`;
export const sum = (xs: string[]): number => xs.reduce((a, x) => a + itemWorth(x), 0);
export const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? "" : "s"}`;

export const chips = (items: string[], empty = "none"): HTMLElement =>
  h("span", { class: "bc-chips" }, items.length ? items.map((it) => h("span", { class: `bc-chip ${isCard(it) ? `card ${it[0] === "R" ? "red" : "black"}` : it}`, title: itemWord(it) },
    isCard(it) ? `${it[0] === "R" ? "♥" : "♠"}${it[1]}` : it === "john" ? "John" : `${kindIcon[it] ?? ""} ${cap(it)}`)) : h("span", { class: "muted" }, empty));
