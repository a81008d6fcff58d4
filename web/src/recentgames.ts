// A player's finished games as the server lists them (GET
// /api/profile/{name}/games, and the ended push): how each ended for them,
// in words, for the profile's Recent games and for the lobby's note of the
// games that ended while they were not at the table (ended.ts).
import type { RecentGame } from "./api";

/** seatName names a seat of a finished match as the table did while it
 * was played: a bot as "Computer (level)", a person by name. */
export function seatName(g: RecentGame, i: number): string {
  const s = g.seats?.[i];
  if (s?.kind === "bot") return `Computer (${s.level ?? "bot"})`;
  return s?.name || `Player ${i + 1}`;
}

/** oneScreen reports whether the player held every seat: a game played
 * at one screen, which they neither won nor lost. */
export function oneScreen(g: RecentGame): boolean {
  const held = g.held ?? [];
  const seats = g.seats ?? [];
  return seats.length > 0 && seats.every((_, i) => held.includes(i));
}

/** resultOf says how a match ended for the seats the player held: a tie
 * is a win shared with a seat they did not hold. At one screen it names
 * the winning seat. */
export function resultOf(g: RecentGame): string {
  const held = g.held ?? [];
  const winners = g.winners ?? [];
  if (winners.length === 0) return "No winner";
  if (oneScreen(g)) return winners.length > 1 ? "Tied" : `${seatName(g, winners[0])} won`;
  if (!winners.some((w) => held.includes(w))) return "Lost";
  return winners.every((w) => held.includes(w)) ? "Won" : "Tied";
}

/** reasonOf is the match's reason in words for people: seats named. */
export function reasonOf(g: RecentGame): string {
  const why = (g.reason ?? "").replace(/\bseat (\d+)/g, (_, n: string) => seatName(g, Number(n)));
  return why ? why.charAt(0).toUpperCase() + why.slice(1) : "";
}

/** opponentsOf names the seats the player did not hold (every seat at one
 * screen, where the seats' names are the players). */
export function opponentsOf(g: RecentGame): string[] {
  const held = g.held ?? [];
  const together = oneScreen(g);
  return (g.seats ?? []).map((_, i) => i).filter((i) => together || !held.includes(i)).map((i) => seatName(g, i));
}
