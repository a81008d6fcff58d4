// Replays that teach: each game that has an analysis (the server's
// GET /api/replays/{match}/analysis, game.Definition.Analyze) registers here
// a panel that draws it beside the replay's board. The replay screen asks
// for the analysis once, makes the game's panel and tells it which step is
// shown; a game without an entry, or a server without an analysis of the
// match, shows the replay alone.
import type { Replay } from "../api";
import type { TableCtx } from "../games/types";
import { gameEntry } from "../games/load";

/** AnalysisPanel draws one game's analysis of a finished match. */
export interface AnalysisPanel {
  /** el goes below the replay's controls, beside the board. */
  el: HTMLElement;
  /** show draws what the analysis says at replay step i (0 is the start
   * position, i the i-th record, as the replay numbers its steps); board
   * is the game view's element, for marks drawn on the board itself. */
  show(i: number, board: HTMLElement): void;
}

/** AnalysisFactory makes a game's panel from the analysis the server sent
 * (the game's own JSON form, documented in its Go package), the replay and
 * the replay's table context. */
export type AnalysisFactory = (analysis: unknown, replay: Replay, ctx: TableCtx) => AnalysisPanel;

/** panelOf is the loader of game's analysis panel, from the game's entry
 * (games/load.ts), or undefined for a game without one; like the boards,
 * each panel is a chunk of its own, fetched when a replay of its game
 * opens. A panel moves the replay to a step it names with gotoStep
 * (goto.ts). */
export function panelOf(game: string): (() => Promise<AnalysisFactory>) | undefined {
  return gameEntry(game)?.analysis;
}
