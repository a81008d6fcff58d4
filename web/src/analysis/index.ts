// Replays that teach: each game that has an analysis (the server's
// GET /api/replays/{match}/analysis, game.Definition.Analyze) registers here
// a panel that draws it beside the replay's board. The replay screen asks
// for the analysis once, makes the game's panel and tells it which step is
// shown; a game without an entry, or a server without an analysis of the
// match, shows the replay alone.
import type { Replay } from "../api";
import type { TableCtx } from "../games/types";

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

/** panels maps a game's name to a loader of its analysis panel, one line
 * a game; like the boards (games/load.ts), each panel is a chunk of its
 * own, fetched when a replay of its game opens. A panel moves the replay
 * to a step it names with gotoStep (goto.ts). */
export const panels: Record<string, () => Promise<AnalysisFactory>> = {
  dots: () => import("./dotsreview").then((m) => m.dotsPanel),
  battleship: () => import("./heatmap").then((m) => m.battleshipPanel),
  clue: () => import("./notebook").then((m) => m.clueAnalysis),
  buccaneer: () => import("./charts").then((m) => m.buccaneerCharts),
  warfare: () => import("./charts").then((m) => m.warfareCharts),
};
