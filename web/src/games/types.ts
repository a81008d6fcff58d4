// What the table screen gives a game's board view, and what a view offers
// back. One module per game implements GameView.
import type { GameEvent, MatchPush, Outcome, Table } from "../api";

export interface MatchState {
  seq: number;
  turn: number[];
  scores: number[] | null;
  outcome: Outcome | null;
  views: Record<string, any>;
  handover: number | null;
  clocks: Record<string, any> | null;
  /** takenOver lists the seats a bot plays now in their holders' place
   * (after a takeover, until the seat's return). */
  takenOver: number[];
}

export interface TableCtx {
  table: Table;
  held: number[];
  st: MatchState;
  /** replay is true when the board is shown read-only (replays). */
  replay: boolean;
  /** mover is the held seat that owes a move now, or null. */
  mover(): number | null;
  /** viewSeat is the seat whose view the board shows (-1: spectator). */
  viewSeat(): number;
  view(): any;
  seatName(seat: number): string;
  /** seatLabel is "Player 1 (Ann)", or just the name where that is clear. */
  seatLabel(seat: number): string;
  isBot(seat: number): boolean;
  /** play sends a move and resolves true once accepted; on refusal it
   * shows the server's reason, hands it to refused if given (to show it
   * beside the control that sent the move), and resolves false. */
  play(seat: number, move: unknown, refused?: (reason: string) => void): Promise<boolean>;
  /** error shows a message a player should read now. */
  error(text: string): void;
  /** info shows a passing note in the status area. */
  info(text: string): void;
  /** refreshStatus recomputes the status line (after a local change). */
  refreshStatus(): void;
}

export interface GameView {
  el: HTMLElement;
  /** update redraws from ctx.st; called after every state change. */
  update(): void;
  /** events animates and announces what a move did. */
  events?(evs: GameEvent[], push: MatchPush): void;
  /** logDetail is what the page's one seat learnt privately from a move,
   * which the Moves panel adds after the game's own sentence (the move's
   * text, which says only what everyone may know): a card shown to or by
   * that seat, in a game of cards. "" for anyone else, a spectator, a replay, and a
   * screen shared by several seats, whose log the next player would read. */
  logDetail?(push: Pick<MatchPush, "seat" | "text" | "events">): string;
  /** hint says what the mover should do now ("draw a line"). */
  hint?(): string;
  /** side holds extra panels (score bars) shown near the board. */
  side?: HTMLElement;
  destroy?(): void;
}

export type GameViewFactory = (ctx: TableCtx) => GameView;
