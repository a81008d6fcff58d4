// A player's finished games as the server lists them (GET
// /api/profile/{name}/games): how each ended for them, for the profile's
// Recent games and for the lobby's note of the games that ended while
// they were not at the table.
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

// The ends a player has seen. A game that ended while its player was not
// watching it (a partner who resigned, a seat forfeited after the grace,
// a paused table closed after a week) would otherwise end in silence:
// the lobby forgets a finished table ten minutes after its end. The
// table screen notes every end it shows; the lobby lists the others that
// came after the player's first visit, until dismissed. Kept per browser
// in localStorage: a game seen ending in the terminal is news here once.

interface Seen { since: string; ids: string[] }
const seenKey = (name: string) => "parlor.endsSeen." + name;
const keepIDs = 50;

function loadSeen(name: string): Seen | null {
  try {
    const raw = localStorage.getItem(seenKey(name));
    return raw ? (JSON.parse(raw) as Seen) : null;
  } catch {
    return null;
  }
}

function saveSeen(name: string, s: Seen): void {
  try { localStorage.setItem(seenKey(name), JSON.stringify({ since: s.since, ids: s.ids.slice(-keepIDs) })); } catch { /* storage off: nothing kept */ }
}

/** markEndSeen notes that the player saw match end (the table screen showed it). */
export function markEndSeen(name: string, match: string): void {
  const s = loadSeen(name) ?? { since: new Date().toISOString(), ids: [] };
  if (!s.ids.includes(match)) s.ids.push(match);
  saveSeen(name, s);
}

/** unseenEnds are the games of the list that ended after the player's
 * first visit without the player seeing them end. The first call starts
 * the count from now, so that a first visit is not a list of old games. */
export function unseenEnds(name: string, games: RecentGame[]): RecentGame[] {
  const s = loadSeen(name);
  if (!s) {
    saveSeen(name, { since: new Date().toISOString(), ids: [] });
    return [];
  }
  const since = Date.parse(s.since);
  return games.filter((g) => Date.parse(g.finished) > since && !s.ids.includes(g.match));
}

/** dismissEnds marks games as seen, so that the lobby stops listing them. */
export function dismissEnds(name: string, games: RecentGame[]): void {
  for (const g of games) markEndSeen(name, g.match);
}
