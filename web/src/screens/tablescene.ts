// What the parts of the table screen share (table.ts builds it): the
// Scene, the table's id and context, read live, and the answers several
// parts ask; and the TableScreen, the whole screen's state.
import type { MatchPush, Table } from "../api";
import type { chatBox } from "../chat";
import type { GameEntry, Tutorial } from "../games/entry";
import type { GameView, MatchState, TableCtx } from "../games/types";
import type { endLesson } from "../analysis/atend";
import type { PreviewPanel } from "../preview";
import type { votePanel } from "../vote";
import type { awayPanel } from "./away";
import type { Clock } from "./tableclock";
import type { Controls } from "./tablecontrols";
import type { NoteLine } from "./tablectx";
import type { MoveLog } from "./tablelog";
import type { ResultPanel } from "./tableresult";
import type { SeatsPanel } from "./tableseats";
import type { ReclaimPanel, StatusLine } from "./tablestatus";

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

/** TableScreen is the whole table screen: the match as followed (its
 * table, seats held, state and board, which the watch and the pushes
 * replace) and the screen's parts. table.ts makes it, tablesync.ts keeps
 * it up to date, tablerender.ts draws it. */
export interface TableScreen {
  id: string;
  main: HTMLElement;
  table: Table | null;
  held: number[];
  st: MatchState;
  view: GameView | null;
  tutorial: Tutorial | null;
  destroyed: boolean;
  clock: Clock | null;
  /** rematchAt is the table a rematch opened, "" before one. */
  rematchAt: string;
  chat: ReturnType<typeof chatBox> | null;
  /** watching is the watch under way, if any. */
  watching: Promise<void> | null;
  /** rewatch is set when a fresh watch was asked while one was under
   * way: another follows it, so that the seats and views are those after
   * whatever changed meanwhile (the match started, a seat was taken). */
  rewatch: boolean;
  /** parked holds the pushes that came while the board's code was on its
   * way: they follow the board, in order. */
  parked: MatchPush[] | null;
  resyncs: number;
  focusPlaced: boolean;
  ctx: TableCtx;
  sc: Scene;
  parts: Parts;
}

/** Parts are the screen's elements and panels. */
export interface Parts {
  notes: NoteLine;
  lesson: ReturnType<typeof endLesson>;
  vote: ReturnType<typeof votePanel>;
  away: ReturnType<typeof awayPanel>;
  seats: SeatsPanel;
  log: MoveLog;
  result: ResultPanel;
  status: StatusLine;
  reclaim: ReclaimPanel;
  controls: Controls;
  startPreview: PreviewPanel;
  boardWrap: HTMLElement;
  prestart: HTMLElement;
  sideExtra: HTMLElement;
  title: HTMLElement;
  nextGame: HTMLElement;
  chatSlot: HTMLElement;
  screen: HTMLElement;
  joining: HTMLElement;
}
