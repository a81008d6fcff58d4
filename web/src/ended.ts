// The player's games that ended while they were not at the table
// (docs/protocol.md, "Games that ended while you were away", protocol v7):
// a partner who resigned, a seat forfeited after its grace, a paused
// table closed after a week. The lobby forgets a finished table ten
// minutes after its end, so such an end would pass unseen. The server
// keeps the list, the same for every device of the player and across its
// restarts, and pushes it whole whenever it changes; this module holds
// the list last pushed, which the lobby shows until the player dismisses
// it.
import type { RecentGame } from "./api";
import { socket } from "./ws";

let games: RecentGame[] = [];
const listeners = new Set<() => void>();

function set(list: RecentGame[]): void {
  games = list;
  listeners.forEach((f) => f());
}

/** followEnded keeps the list as the server pushes it. The server sends
 * it after hello only when it is not empty, so each new connection starts
 * from none: the list may have been emptied on another device while this
 * one was cut off. */
export function followEnded(): void {
  socket.on("hello", () => set([]));
  socket.on("ended", (m: { games: RecentGame[] | null }) => set(m.games ?? []));
}

/** endedGames is the list last pushed, the most recently finished first. */
export function endedGames(): readonly RecentGame[] {
  return games;
}

/** onEnded calls f whenever the list changes; it returns the way to stop. */
export function onEnded(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** dismissEnded tells the server the player has read of these ends. The
 * server then pushes the shorter list to every connection of the player,
 * this one too; they leave the list here as soon as it has agreed, in case
 * its push comes after the reply. */
export async function dismissEnded(matches: string[]): Promise<void> {
  await socket.send("ended.dismiss", { matches });
  set(games.filter((g) => !matches.includes(g.match)));
}

/** forgetEnded empties the list when the player logs out: whoever signs
 * in next is told of their own games once their connection is made. */
export function forgetEnded(): void {
  set([]);
}
