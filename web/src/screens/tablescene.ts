// What the parts of the table screen share (table.ts builds it): the
// table's id and context, read live, and the answers several parts ask.
import type { Table } from "../api";
import type { GameEntry } from "../games/entry";
import type { GameView, MatchState, TableCtx } from "../games/types";

export interface Scene {
  id: string;
  main: HTMLElement;
  /** ctx is the board's context: its table, held and st are the screen's
   * own, read at each use. */
  ctx: TableCtx;
  table(): Table | null;
  setTable(t: Table): void;
  setState(st: MatchState): void;
  view(): GameView | null;
  /** entry is what the table's game brings (games/load.ts). */
  entry(): GameEntry | undefined;
  /** hotseat: the page holds several seats, at one screen. */
  hotseat(): boolean;
  isCreator(): boolean;
  /** removedByVote lists the seats the players voted out of the game. */
  removedByVote(): number[];
  renderAll(): void;
}
