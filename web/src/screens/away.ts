// The table's part of leaving (protocol v6): the table's policy in words,
// a countdown for every seat whose player is away (everyone at the table
// and every spectator sees it), the question before leaving a game in
// play (Quit, the lobby link, closing the page), and the note to a player
// who comes back that their seat was kept.
import type { Outcome, Table } from "../api";
import { clear, h } from "../dom";
import { cameBack, countdown, leaveWarning, markLeft, tableLeavingWords, outNote } from "../leaving";
import { setLeaveGuard } from "../state";

/** out: the player's seat accused wrongly and plays no more. */
interface AwayState { table: Table | null; held: number[]; over: boolean; out: boolean }

export function awayPanel(id: string, state: () => AwayState, info: (text: string) => void) {
  const policy = h("p", { class: "muted small", id: "leave-policy" });
  const list = h("ul", { class: "away-list", id: "away-list", "aria-label": "Players away" });
  // The countdowns stand above the board, where nobody misses them; the
  // policy, always true and rarely read, goes under the players, so that
  // the board keeps its place on a small screen.
  const el = h("div", { class: "away", id: "away" }, list);

  const inPlay = () => {
    const s = state();
    return !!s.table && s.table.status === "playing" && !s.over && s.held.length > 0;
  };
  // A correspondence game is left and come back to at will: nothing
  // happens to the seat, so leaving asks nothing.
  const warning = () => {
    const s = state();
    return inPlay() && s.table && s.table.kind !== "correspondence" ? (s.out ? outNote : "") + leaveWarning(s.table, s.held) : null;
  };
  setLeaveGuard(warning);
  // Closing or reloading the page can only be asked about by the
  // browser's own prompt, which shows its own words.
  const beforeUnload = (e: BeforeUnloadEvent) => {
    const q = warning();
    if (!q) return;
    e.preventDefault();
    e.returnValue = q;
  };
  const pageHide = () => { if (inPlay()) markLeft(id); };
  window.addEventListener("beforeunload", beforeUnload);
  window.addEventListener("pagehide", pageHide);

  function render(): void {
    const { table, over } = state();
    clear(list);
    if (!table || table.status === "over" || over) {
      el.hidden = policy.hidden = true;
      return;
    }
    policy.hidden = false;
    policy.textContent = tableLeavingWords(table);
    el.hidden = true;
    if (table.status !== "playing") return;
    const now = Date.now();
    table.seats.forEach((s, i) => {
      const text = countdown(s, now);
      if (text) list.append(h("li", { class: "away-seat seat-" + i, "data-seat": i }, text));
    });
    el.hidden = list.childElementCount === 0;
  }

  /** watched notes, once, that a player who had left finds their seat. */
  function watched(table: Table, held: number[], outcome: Outcome | null): void {
    if (cameBack(id) && held.length > 0 && table.status === "playing" && !outcome) info("Your seat was kept for you.");
  }

  function destroy(): void {
    if (inPlay()) markLeft(id);
    setLeaveGuard(null);
    window.removeEventListener("beforeunload", beforeUnload);
    window.removeEventListener("pagehide", pageHide);
  }

  return { el, policy, render, watched, destroy };
}
