// The Clue-Less board's state, shared by its parts: the view's shape, the
// page's two panes, the player's own notebook marks and whether the
// notebook fills itself in; who a seat is, and a move sent.
import type { TableCtx } from "../types";
import { cardName } from "./cards";

export interface SuggestionV { seat: number; suspect: string; weapon: string; room: string; passed: number[]; shownBy: number; answered: boolean; card?: string }
interface NotebookRow { card: string; faceUp?: boolean; seats: string[]; caseFile: string }
export interface ClueView {
  seat: number; players: { seat: number; suspect: string; cards: number; inactive: boolean; removed?: boolean }[]; order: number[];
  turn: number; phase: string; owes: number[]; tokens: Record<string, string>; weapons: Record<string, string>;
  hand: string[]; faceUp: string[]; suggestions: SuggestionV[]; accusations: { seat: number; suspect: string; weapon: string; room: string; correct: boolean }[];
  moves: string[]; canStay: boolean; mustSuggest: boolean; canEnd: boolean; room?: string; caseFile?: string[]; winner?: number;
  notebook?: { cards: NotebookRow[]; solved?: string[] };
}

export interface Clue {
  ctx: TableCtx;
  el: HTMLElement;
  side: HTMLElement;
  /** own holds the player's own notebook marks, kept in storeKey. */
  own: Map<string, string>;
  storeKey: string;
  /** auto: the notebook fills in what follows from the game. */
  auto: boolean;
  /** update draws the board and the side from the view. */
  update(): void;
}

export const view = (c: Clue): ClueView | null => c.ctx.view() as ClueView | null;
export const mover = (c: Clue): number | null => c.ctx.mover();

export function who(c: Clue, seat: number): string {
  const p = view(c)?.players.find((x) => x.seat === seat);
  // A bot is named by its suspect already ("Mustard").
  const name = c.ctx.seatName(seat);
  return p && !cardName(p.suspect).includes(name) ? `${name} (${cardName(p.suspect)})` : name;
}

export function send(c: Clue, move: Record<string, unknown>): void {
  const s = mover(c);
  if (s !== null) void c.ctx.play(s, move);
}
