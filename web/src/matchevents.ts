// Words for the match's own decisions (a resignation, a timeout, a bot
// taking a seat), which arrive as a push or replay step with no move and
// one event of these types.
import type { GameEvent } from "./api";

const phrases: Record<string, string> = {
  resign: "resigned",
  forfeit: "forfeited",
  timeout: "ran out of time",
  abandoned: "left; the game ended for everyone",
  takeover: "was replaced by a computer player",
  return: "is back and plays again",
};

/** namedSeats puts names in a sentence of the server's, which numbers
 * seats from 0 ("seat 1 resigned", "it is not seat 0's turn") for each
 * client to name them its own way. */
export function namedSeats(text: string, name: (seat: number) => string): string {
  return text.replace(/\bseat (\d+)/g, (_, n: string) => name(Number(n)));
}

/** seatChange says whether a match-level event handed its seat to a bot
 * ("bot": a takeover, or a timeout that a bot took over) or gave it back to
 * its holder ("holder"), or neither (null). */
export function seatChange(evs: GameEvent[] | null | undefined): "bot" | "holder" | null {
  for (const e of evs ?? []) {
    if (e.type === "takeover") return "bot";
    if (e.type === "timeout" && (e.data as { action?: string } | undefined)?.action === "bot") return "bot";
    if (e.type === "return") return "holder";
  }
  return null;
}

/** matchEventText says what a match-level event did to its seat ("resigned"),
 * or returns "" for a game's own events. */
export function matchEventText(evs: GameEvent[] | null | undefined): string {
  for (const e of evs ?? []) {
    const p = phrases[e.type];
    if (!p) continue;
    if (e.type === "timeout") {
      const action = (e.data as { action?: string } | undefined)?.action;
      if (action === "bot") return "ran out of time; a computer player took over";
      if (action === "end") return "ran out of time; the game ended for everyone";
    }
    return p;
  }
  return "";
}
