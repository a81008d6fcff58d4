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

/** scoreText is the real score at the end in the order a result reads:
 * the winners first, then the others by seat, so that "Bob won 2–1" is
 * Bob's 2; with more than two seats each score is named ("Cy 5, Ann 3,
 * Bob 1"). Empty for a game that keeps no score. */
export function scoreText(winners: number[], scores: number[] | null | undefined, seatName: (i: number) => string): string {
  if (!scores || scores.length === 0) return "";
  const order = [...winners.filter((w) => w >= 0 && w < scores.length)];
  for (let i = 0; i < scores.length; i++) if (!order.includes(i)) order.push(i);
  if (scores.length === 2) return `${scores[order[0]]}–${scores[order[1]]}`;
  return order.map((i) => `${seatName(i)} ${scores[i]}`).join(", ");
}
