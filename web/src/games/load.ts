// The games this client knows, and the one file that names them all: each
// game's folder gives its entry (games/entry.ts), and the shared screens
// ask here for what a game brings. Each game's board is a module of its
// own, fetched when a table or a replay of that game opens: a page carries
// only the code of the game it shows (the server bundles each into a chunk
// of its own, see web.go).
import type { Board, GameEntry } from "./entry";
import type { GameViewFactory } from "./types";
import { dots } from "./dots/index";
import { battleship } from "./battleship/index";
import { clue } from "./clue/index";
import { warfare } from "./warfare/index";
import { buccaneer } from "./buccaneer/index";

const entries: Record<string, GameEntry> = { dots, battleship, clue, warfare, buccaneer };

/** firstGame is the game the create dialog shows first. */
export const firstGame = "dots";

/** gameEntry is what game brings to the shared screens, or undefined for
 * a game this client does not know. */
export function gameEntry(game: string): GameEntry | undefined {
  return game in entries ? entries[game] : undefined;
}

/** gameEntries lists the games this client knows, with their names. */
export function gameEntries(): [string, GameEntry][] {
  return Object.entries(entries);
}

const loaded: Record<string, Board> = {};

/** canShow reports whether this client can draw a game's table; the
 * server may ship games (their rules, bots and arena) before the client
 * has a view for them, and the create dialog offers only these. */
export function canShow(game: string): boolean {
  return gameEntry(game) !== undefined;
}

/** loadedView is game's view once its module has arrived, else undefined. */
export function loadedView(game: string): GameViewFactory | undefined {
  return loaded[game]?.view;
}

/** loadedBoard is game's board module once it has arrived. */
export function loadedBoard(game: string): Board | undefined {
  return loaded[game];
}

/** loadView fetches game's view (once; later calls answer at once); null
 * for a game this client cannot show. A failed fetch (the connection lost
 * meanwhile) rejects, and the next call tries again. */
export async function loadView(game: string): Promise<GameViewFactory | null> {
  const e = gameEntry(game);
  if (!e) return null;
  if (!loaded[game]) loaded[game] = await e.board();
  return loaded[game].view;
}
