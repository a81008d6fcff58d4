// Clue-Less in the replay: a chosen seat's notebook as it stood after the
// shown step, deduced only from what that seat saw (the server's exact
// notebook, games/clue/analysis.go), and for every seat the move from
// which it could have accused with certainty, and when it did.
import { h, clear } from "../../dom";
import { cardName } from "./cards";
import type { Replay } from "../../api";
import type { TableCtx } from "../types";
import type { AnalysisFactory, AnalysisPanel } from "../../analysis/index";
import { gotoStep } from "../../analysis/goto";

interface NotebookStep { from: number; marks: string[] }
interface SeatAnalysis {
  seat: number; suspect: string; notebooks: NotebookStep[];
  certainAt: number; solution?: string[]; accusedAt: number; accusedRight?: boolean;
}
interface ClueAnalysis { cards: string[]; seats: SeatAnalysis[] }

/** The mark letters of the server's notebook cells, as a person reads them. */
const marks: Record<string, { sign: string; word: string; cls: string }> = {
  o: { sign: "●", word: "holds it: own card", cls: "nb-own" },
  s: { sign: "◆", word: "holds it: card shown", cls: "nb-shown" },
  d: { sign: "✓", word: "holds it: deduced", cls: "nb-deduced" },
  x: { sign: "✗", word: "does not hold it", cls: "nb-no" },
  "?": { sign: "?", word: "may hold it", cls: "nb-maybe" },
  "-": { sign: "–", word: "face up, nobody holds it", cls: "nb-up" },
};

/** notebookAt is the marks a seat's notebook had at replay step i. */
function notebookAt(sa: SeatAnalysis, i: number): string[] | null {
  let out: string[] | null = null;
  for (const nb of sa.notebooks) if (nb.from <= i) out = nb.marks;
  return out;
}

export const clueAnalysis: AnalysisFactory = (raw: unknown, _r: Replay, ctx: TableCtx): AnalysisPanel => {
  const a = raw as ClueAnalysis;
  // A player's name is added when it tells seats apart (not for three
  // bots of one level).
  const names = a.seats.map((sa) => ctx.seatName(sa.seat));
  const named = new Set(names).size === names.length;
  // A bot is named by its suspect already ("Mustard"): its suspect alone.
  const who = (sa: SeatAnalysis) => {
    const name = ctx.seatName(sa.seat);
    return cardName(sa.suspect) + (named && !cardName(sa.suspect).includes(name) ? ` (${name})` : "");
  };
  const el = h("section", { class: "clue-analysis", "aria-label": "What each detective knew" });
  const pick = h("select", { id: "nb-seat", "aria-label": "Whose notebook" },
    ...a.seats.map((sa) => h("option", { value: sa.seat }, who(sa)))) as HTMLSelectElement;
  const winner = a.seats.find((sa) => sa.accusedRight);
  pick.value = String((winner ?? a.seats[0])?.seat ?? 0);
  const lines = h("ul", { class: "nb-certain", id: "nb-certain" });
  const grid = h("div", { class: "nb-grid" });
  const note = h("p", { class: "nb-note", "aria-live": "polite" });
  let at = 0;
  const panel: AnalysisPanel = { el, show: (i) => { at = i; draw(); } };
  const jump = (i: number, label: string) => {
    const b = h("button", { class: "link", "data-step": i, title: `Show move ${i}` }, label);
    b.addEventListener("click", () => gotoStep(b, i));
    return b;
  };
  for (const sa of a.seats) {
    const li = h("li", { "data-seat": sa.seat });
    if (sa.certainAt >= 0) li.append(`${who(sa)} could have accused with certainty from `, jump(sa.certainAt, `move ${sa.certainAt}`));
    else li.append(`${who(sa)} never knew the answer for certain`);
    if (sa.accusedAt >= 0) {
      li.append(` (accused ${sa.accusedRight ? "rightly" : "wrongly"} at `, jump(sa.accusedAt, `move ${sa.accusedAt}`), ")");
    } else if (sa.certainAt >= 0) li.append(" (never accused)");
    li.append(".");
    lines.append(li);
  }
  pick.addEventListener("change", draw);
  const legend = h("p", { class: "nb-legend muted" },
    ...Object.values(marks).map((m) => h("span", { class: m.cls }, h("b", { "aria-hidden": "true" }, m.sign), " ", m.word.replace("holds it: ", ""))));
  el.append(h("h2", { class: "sub" }, "What each detective knew"), lines,
    h("label", { class: "nb-pick" }, "Notebook of ", pick), note, grid, legend);

  function draw(): void {
    const sa = a.seats.find((s) => String(s.seat) === pick.value);
    clear(grid);
    if (!sa) return;
    const now = notebookAt(sa, at);
    const before = at > 0 ? notebookAt(sa, at - 1) : now;
    if (!now) return;
    const n = a.seats.length;
    const table = h("table", { class: "clue-notes nb-table", "data-seat": sa.seat, "data-step": at });
    table.append(h("caption", { class: "sr-only" }, `${who(sa)}'s notebook after move ${at}`),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Card"),
        ...a.seats.map((s) => h("th", { scope: "col", title: who(s) }, cardName(s.suspect).split(" ").pop() ?? "")),
        h("th", { scope: "col" }, "Case file"))));
    const body = h("tbody");
    a.cards.forEach((card, c) => {
      const row = now[c] ?? "";
      const cells: HTMLElement[] = [];
      for (let k = 0; k <= n; k++) {
        const m = marks[row[k]] ?? marks["?"];
        const changed = before && before[c]?.[k] !== row[k];
        const holder = k < n ? cardName(a.seats[k].suspect) : "The case file";
        cells.push(h("td", { class: `${m.cls}${changed ? " changed" : ""}`, "data-card": card, "data-holder": k < n ? k : "case", "data-mark": row[k], title: `${holder} ${m.word}` },
          h("span", { "aria-hidden": "true" }, m.sign), h("span", { class: "sr-only" }, m.word)));
      }
      body.append(h("tr", { class: row[0] === "-" ? "face-up" : "" }, h("th", { scope: "row" }, cardName(card)), ...cells));
    });
    table.append(body);
    grid.append(table);
    const certain = sa.certainAt >= 0 && at >= sa.certainAt && sa.solution;
    const changed = before ? now.filter((r, c) => before[c] !== r).length : 0;
    note.textContent = `${who(sa)}'s notebook after move ${at}` +
      (changed && at > 0 ? `: ${changed} card${changed === 1 ? "" : "s"} changed (outlined).` : ".") +
      (certain ? ` Solved: ${sa.solution!.map(cardName).join(", ")}.` : "");
  }
  return panel;
};
