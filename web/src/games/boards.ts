// The boards this client can draw, by game name. It stands apart from the
// table screen so that the create dialog can ask which games to offer
// without importing the screen that itself opens the dialog.
import type { GameViewFactory } from "./types";
import { dotsView } from "./dots";
import { battleshipView } from "./battleship";
import { clueView } from "./clue";
import { warfareView } from "./warfare";
import { buccaneerView } from "./buccaneer";

export const boards: Record<string, GameViewFactory> = { dots: dotsView, battleship: battleshipView, clue: clueView, warfare: warfareView, buccaneer: buccaneerView };

// canShow reports whether this client can draw a game's table; the
// server may ship games (their rules, bots and arena) before the client
// has a view for them, and the create dialog offers only these.
export function canShow(game: string): boolean {
  return game in boards;
}
