// What a game gives the shared screens, from its own folder. Each game's
// index.ts exports one GameEntry, and games/load.ts, the one file that
// lists the games, gathers them. An entry is small and part of every page;
// what is large (the board, the analysis panel, the preview, a page of its
// own) it names by a loader, fetched when first shown, so that a page
// carries only the code of the game it shows.
import type { GameEvent, GameInfo, MatchPush, OptionSpec } from "../api";
import type { AnalysisFactory } from "../analysis/index";
import type { GameViewFactory, TableCtx } from "./types";

/** Tutorial is a guided game over a table's board: a card that follows
 * the player's moves. */
export interface Tutorial {
  update(): void;
  events(evs: GameEvent[], push: MatchPush): void;
  destroy(): void;
}

/** Board is what a game's board module gives once fetched: its view, and
 * the tutorial that runs over a table of it, for a game that has one
 * (null when the table is no tutorial). */
export interface Board {
  view: GameViewFactory;
  tutorial?: (tableId: string, ctx: TableCtx, main: HTMLElement) => Tutorial | null;
}

/** GamePage is a game's page of its own, at /<game>: a menu of its own,
 * which a table of the game also opens over the board. */
export interface GamePage {
  load(): Promise<{
    /** screen fills main with the page. */
    screen(main: HTMLElement): void;
    /** overTable opens the menu over a table of the game. */
    overTable(): void;
  }>;
  /** menuId is the id of the table's button that opens the menu. */
  menuId: string;
  /** tutorial says the page starts a tutorial when asked by the game's
   * card (/<game>?start=tutorial). */
  tutorial?: boolean;
}

/** OptionsPiece is a game's own part of the create dialog, drawn in place
 * of one field per option: its fields and how each option is read. */
export interface OptionsPiece {
  els: HTMLElement[];
  readers: [string, () => unknown][];
}

/** OptionsForm draws a game's options; field is the dialog's own drawing
 * of one option, for the options the game draws as every game does, and
 * preset the options asked for (a "New game" after a game). */
export type OptionsForm = (g: GameInfo, preset: Record<string, unknown>,
  field: (o: OptionSpec, value: unknown) => { el: HTMLElement; read: () => unknown }) => OptionsPiece;

export interface GameEntry {
  /** title is the game's name before the server's list has come (the
   * list's title wins once there). */
  title: string;
  /** hidden says the seats' boards are secret, before the server's list
   * has come (the list's word wins once there). */
  hidden?: boolean;
  /** emblem draws the game card's small picture on a 48 by 48 grid,
   * with the card's classes (gc-ink, gc-line, gc-fill, gc-hit). */
  emblem(): SVGElement[];
  /** controls says how this client's board is worked, for the help. */
  controls: string[];
  /** board fetches the game's board module. */
  board(): Promise<Board>;
  /** analysis fetches the panel that draws the server's analysis of a
   * finished match beside its replay. */
  analysis?(): Promise<AnalysisFactory>;
  /** preview fetches the drawing of a match's start before it exists. */
  preview?(): Promise<(view: unknown) => Element | null>;
  /** optionsText puts a table's options in a few words ("8×8" brief,
   * longer in the lobby's list); "" when there is nothing to say. */
  optionsText?(o: Record<string, unknown>, brief: boolean): string;
  /** optionsForm is the game's own part of the create dialog. */
  optionsForm?: OptionsForm;
  /** numbered says that online the seats are told by their number, as
   * the game's spec numbers its players. */
  numbered?: boolean;
  /** character is the piece a seat plays, read from the view (undefined
   * while none is known), so that the seat's swatch wears its colour. */
  character?(view: unknown, seat: number): string | undefined;
  /** out says one of the held seats is out of the running (it lost its
   * chance to win and only answers the others now). */
  out?(view: unknown, held: number[]): boolean;
  /** page is the game's page of its own. */
  page?: GamePage;
}
