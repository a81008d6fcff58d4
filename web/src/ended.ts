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

// The games the player has been told of, by the lobby's note or by a
// notice elsewhere, so that each is told once: not again when a new
// connection brings the whole list anew, nor in another tab or after a
// reload (so the browser keeps them). Only ids the server still lists are
// kept, since a game that left the list never comes back to it.
const toldKey = "parlor.endedTold";
let told = new Set<string>();

function readTold(): void {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(toldKey) ?? "[]");
    if (Array.isArray(ids)) ids.forEach((id) => typeof id === "string" && told.add(id));
  } catch {
    // no storage (a private window, say): this page remembers alone
  }
}

function writeTold(): void {
  try {
    localStorage.setItem(toldKey, JSON.stringify([...told]));
  } catch {
    // as above
  }
}

/** followEnded keeps the list as the server pushes it. The server sends
 * it after hello only when it is not empty, so each new connection starts
 * from none: the list may have been emptied on another device while this
 * one was cut off. news is called with the games of a push that nothing
 * has told the player of yet: the lobby's note, when it is on screen,
 * tells of them first (markTold), so news hears of those that came while
 * the player was at another screen. */
export function followEnded(news: (fresh: RecentGame[]) => void): void {
  socket.on("hello", () => set([]));
  socket.on("ended", (m: { games: RecentGame[] | null }) => {
    const list = m.games ?? [];
    readTold();
    set(list);
    const fresh = list.filter((g) => !told.has(g.match));
    told = new Set(list.map((g) => g.match));
    writeTold();
    if (fresh.length > 0) news(fresh);
  });
}

/** markTold records that the player has been shown these games, as the
 * lobby's note does whenever it draws them. */
export function markTold(shown: readonly RecentGame[]): void {
  if (shown.every((g) => told.has(g.match))) return;
  shown.forEach((g) => told.add(g.match));
  writeTold();
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
