// Each game's board is a module of its own, fetched when a table or a
// replay of that game opens: a page carries only the code of the game it
// shows (the server bundles each into a chunk of its own, see web.go).
import type { GameViewFactory } from "./types";

const loaders: Record<string, () => Promise<GameViewFactory>> = {
  dots: () => import("./dots").then((m) => m.dotsView),
  battleship: () => import("./battleship").then((m) => m.battleshipView),
  clue: () => import("./clue").then((m) => m.clueView),
  warfare: () => import("./warfare").then((m) => m.warfareView),
  buccaneer: () => import("./buccaneer").then((m) => m.buccaneerView),
};

const loaded: Record<string, GameViewFactory> = {};

/** canShow reports whether this client can draw a game's table; the
 * server may ship games (their rules, bots and arena) before the client
 * has a view for them, and the create dialog offers only these. */
export function canShow(game: string): boolean {
  return game in loaders;
}

/** loadedView is game's view once its module has arrived, else undefined. */
export function loadedView(game: string): GameViewFactory | undefined {
  return loaded[game];
}

/** loadView fetches game's view (once; later calls answer at once); null
 * for a game this client cannot show. A failed fetch (the connection lost
 * meanwhile) rejects, and the next call tries again. */
export async function loadView(game: string): Promise<GameViewFactory | null> {
  const load = loaders[game];
  if (!load) return null;
  if (!loaded[game]) loaded[game] = await load();
  return loaded[game];
}
