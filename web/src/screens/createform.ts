// The create-table dialog's state, shared by its parts: the games offered,
// the preset it opened with, its fields, the readers of the options and
// seats chosen, and who plays (against the computer, at one screen, online).
import type { GameInfo } from "../api";
import type { PreviewPanel } from "../preview";
import type { RadioGroup } from "../radios";

export interface CreatePreset { game?: string; mode?: "bot" | "hotseat" | "online"; options?: Record<string, unknown> }
export type Mode = "bot" | "hotseat" | "online";

export interface CreateForm {
  games: GameInfo[];
  preset: CreatePreset;
  gameSel: RadioGroup;
  summary: HTMLElement;
  optBox: HTMLElement;
  preview: PreviewPanel;
  seatBox: HTMLElement;
  modeSel: HTMLElement;
  hotseatBtn: HTMLElement;
  readers: [string, () => unknown][];
  seatReaders: (() => Record<string, unknown>)[];
  mode: Mode;
  /** names keeps the names typed for seats at one screen across redraws
   * of the seat list (a change of game or of the number of players). */
  names: string[];
}

/** current is the game chosen. */
export const current = (f: CreateForm): GameInfo => f.games.find((g) => g.name === f.gameSel.value) ?? f.games[0];

/** presetOptions are the preset's options, while its game is the one chosen. */
export const presetOptions = (f: CreateForm): Record<string, unknown> => (f.preset.game === f.gameSel.value ? f.preset.options ?? {} : {});
