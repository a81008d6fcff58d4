// A player's finished games as the server lists them (GET
// /api/profile/{name}/games, and the ended push): how each ended for them,
// in words, for the profile's Recent games and for the lobby's note of the
// games that ended while they were not at the table (ended.ts), and the
// notice of them at another screen.
import type { RecentGame } from "./api";
import { botName, seatWithLevel } from "./botnames";
import { namedSeats } from "./matchevents";
import { gameTitle } from "./state";

/** seatName names a seat of a finished match as the table did while it
 * was played: a bot by the game's name for it and its level
 * ("Mustard (easy)"), a person by name. */
export function seatName(g: RecentGame, i: number): string {
  const s = g.seats?.[i];
  if (s?.kind === "bot") return seatWithLevel(s, botName(s));
  return s?.name || `Player ${i + 1}`;
}

/** oneScreen reports whether the player held every seat: a game played
 * at one screen, which they neither won nor lost. */
export function oneScreen(g: RecentGame): boolean {
  const held = g.held ?? [];
  const seats = g.seats ?? [];
  return seats.length > 0 && seats.every((_, i) => held.includes(i));
}

/** Outcome is how a match ended for the player: a tie is a win shared
 * with a seat they did not hold; at one screen, where they held every
 * seat, "seat" stands for the one seat that won. */
type Outcome = "won" | "lost" | "tied" | "none" | "seat";

function outcomeOf(g: RecentGame): Outcome {
  const held = g.held ?? [];
  const winners = g.winners ?? [];
  if (winners.length === 0) return "none";
  if (oneScreen(g)) return winners.length > 1 ? "tied" : "seat";
  if (!winners.some((w) => held.includes(w))) return "lost";
  return winners.every((w) => held.includes(w)) ? "won" : "tied";
}

/** resultOf says how a match ended for the seats the player held, as a
 * list's entry: "Won". At one screen it names the winning seat. */
export function resultOf(g: RecentGame): string {
  switch (outcomeOf(g)) {
    case "won": return "Won";
    case "lost": return "Lost";
    case "tied": return "Tied";
    case "none": return "No winner";
    case "seat": return `${seatName(g, g.winners![0])} won`;
  }
}

/** endedNews tells, in a sentence to the player, of games of theirs that
 * ended while they were not at the table: each on its own when there is
 * one ("Your Checkers game with Bob ended: you won.", were there such a game), their number
 * when several come at once, so that one notice says it. */
export function endedNews(games: readonly RecentGame[]): string {
  if (games.length !== 1) return `${games.length} of your games ended while you were away.`;
  const g = games[0];
  const others = opponentsOf(g);
  let how: string;
  switch (outcomeOf(g)) {
    case "won": how = "you won"; break;
    case "lost": how = "you lost"; break;
    case "tied": how = "a tie"; break;
    case "none": how = "nobody won"; break;
    case "seat": how = `${seatName(g, g.winners![0])} won`; break;
  }
  return `Your ${gameTitle(g.game)} game${others.length ? " with " + others.join(", ") : ""} ended: ${how}.`;
}

/** reasonOf is the match's reason in words for people: seats named. */
export function reasonOf(g: RecentGame): string {
  const why = namedSeats(g.reason ?? "", (i) => seatName(g, i));
  return why ? why.charAt(0).toUpperCase() + why.slice(1) : "";
}

/** opponentsOf names the seats the player did not hold (every seat at one
 * screen, where the seats' names are the players). */
export function opponentsOf(g: RecentGame): string[] {
  const held = g.held ?? [];
  const together = oneScreen(g);
  return (g.seats ?? []).map((_, i) => i).filter((i) => together || !held.includes(i)).map((i) => seatName(g, i));
}
