// The table's Moves panel: each move in the game's words, a vote's or a
// resignation's in the match's, kept once each in the order of the match,
// and what a computer player did for a player while it held their seat.
import type { MatchPush } from "../api";
import { h, clear } from "../dom";
import { matchEventText, namedSeats, seatChange } from "../matchevents";
import { voteLogText } from "../vote";
import type { Scene } from "./tablescene";

/** HistoryEntry is a past move as the watch's seats may see it (the
 * reply's history, asked for so that the move log survives a reload). */
export type HistoryEntry = Pick<MatchPush, "seq" | "seat" | "move" | "text" | "events">;

export interface MoveLog {
  el: HTMLElement;
  /** empty says why the log is empty, while it is. */
  empty: HTMLElement;
  /** size is how many moves the log holds. */
  size(): number;
  /** add records a move once, in seq order; it reports whether the log changed. */
  add(m: HistoryEntry): boolean;
  render(): void;
  renderEmpty(): void;
  botMoves(seat: number, seq: number): string;
}

export function moveLog(sc: Scene): MoveLog {
  const ctx = sc.ctx;
  const log: { seq: number; seat: number; text: string }[] = [];
  // The log is a Tab stop (to scroll it by keys) once it has moves: an
  // empty list would be a stop that shows and says nothing.
  const logEl = h("ol", { class: "move-log", "aria-label": "Moves" });
  // An empty Moves panel says why it is empty.
  const logEmpty = h("p", { class: "muted small", id: "log-empty" });
  function renderLog(): void {
    clear(logEl);
    for (const e of log) logEl.append(h("li", null, h("span", { class: "log-seat seat-" + e.seat }, e.seat < 0 ? "Match" : ctx.seatLabel(e.seat)), " ", e.text));
    logEl.scrollTop = logEl.scrollHeight;
    if (log.length > 0) logEl.tabIndex = 0;
    else logEl.removeAttribute("tabindex");
    renderLogEmpty();
  }

  function renderLogEmpty(): void {
    const table = sc.table();
    logEmpty.hidden = log.length > 0;
    logEmpty.textContent = table?.status === "open" ? "The moves show here once the game starts." : "No moves yet.";
  }


  /** botFrom is, for each seat a computer player took over, the seq of
   * the takeover, read from the log (so a page loaded while the bot
   * played knows it too). */
  const botFrom = new Map<number, number>();

  /** botMoves tells a player given their seat back at seq what the
   * computer did for them meanwhile, in the game's words: "The computer
   * played 2 moves for you: drew the line a1 to b1; drew the line c3 to
   * c4." Empty when it played none. */
  function botMoves(seat: number, seq: number): string {
    const from = botFrom.get(seat);
    if (from === undefined) return "";
    const moves = log.filter((e) => e.seat === seat && e.seq > from && e.seq < seq);
    if (moves.length === 0) return "";
    const shown = moves.slice(-3).map((e) => e.text);
    const more = moves.length > shown.length ? `, the last ${shown.length}` : "";
    return `The computer played ${moves.length} ${moves.length === 1 ? "move" : "moves"} for you${more}: ${shown.join("; ")}.`;
  }

  /** addLog records a move in the log once, in seq order; it reports
   * whether the log changed. */
  function addLog(m: HistoryEntry): boolean {
    if (log.some((e) => e.seq === m.seq)) return false;
    if (seatChange(m.events) === "bot") botFrom.set(m.seat, m.seq);
    // A vote's step is told by the vote's own words; the game's words for
    // the decision it carried (a turn passed) would say less.
    const voted = !m.move ? voteLogText(m, ctx.seatName) : "";
    const entry = voted || logText(m);
    if (!entry) return false;
    // What this page's seat alone learnt from the move (the card shown to
    // it, in a game of cards) follows the sentence everyone reads.
    const detail = voted ? "" : sc.view()?.logDetail?.(m);
    log.push({ seq: m.seq, seat: m.seat, text: detail ? `${entry}: ${detail}` : entry });
    log.sort((a, b) => a.seq - b.seq);
    return true;
  }

  /** logText is a move in the game's own words (Go's Describe, sent as
   * the move's text, with "seat N" for each seat's name), or the match's
   * decision (a resignation, a vote). */
  function logText(m: HistoryEntry): string {
    if (!m.move) {
      const decided = voteLogText(m, ctx.seatName) || matchEventText(m.events ?? []);
      if (decided) return decided;
    }
    if (!m.text) return m.seat < 0 ? "the match ended" : "";
    return namedSeats(m.text, ctx.seatName);
  }


  return { el: logEl, empty: logEmpty, size: () => log.length, add: addLog, render: renderLog, renderEmpty: renderLogEmpty, botMoves };
}
