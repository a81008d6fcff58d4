// The board's context at a table (games/types.ts TableCtx): whose move it
// is, whose view the board shows, the seats' names, and how a move is
// sent; and the note line under the status, where a refusal or a passing
// note shows for a while.
import type { Table } from "../api";
import { botName } from "../botnames";
import { h } from "../dom";
import { namedSeats } from "../matchevents";
import { play as sound } from "../sound";
import { socket } from "../ws";
import type { MatchState, TableCtx } from "../games/types";

/** CtxSource is the table screen's own state, read at each use. */
export interface CtxSource {
  id: string;
  table(): Table | null;
  held(): number[];
  st(): MatchState;
  /** hidden: the seats' views are secret. */
  hidden(): boolean;
  numbered(i: number): boolean;
  note(text: string, isError: boolean): void;
  refreshStatus(): void;
}

export function tableContext(src: CtxSource): TableCtx {
  const id = src.id;
  const hidden = src.hidden;
  const ctx: TableCtx = {
    get table() { return src.table() as Table; },
    get held() { return src.held(); },
    get st() { return src.st(); },
    replay: false,
    mover: () => {
      const st = src.st(), held = src.held();
      if (st.outcome || st.handover !== null) return null;
      for (const s of st.turn) {
        if (held.includes(s) && !st.takenOver.includes(s) && (!hidden() || st.views[String(s)] !== undefined)) return s;
      }
      return null;
    },
    viewSeat: () => {
      const m = ctx.mover();
      const views = src.st().views;
      if (m !== null && views[String(m)] !== undefined) return m;
      for (const s of src.held()) if (views[String(s)] !== undefined) return s;
      return -1;
    },
    view: () => {
      const views = src.st().views;
      return views[String(ctx.viewSeat())] ?? views["-1"] ?? Object.values(views)[0] ?? null;
    },
    seatName: (i) => {
      const s = src.table()?.seats[i];
      if (!s) return `Player ${i + 1}`;
      if (s.kind === "bot") return botName(s);
      if (s.kind === "open") return `Player ${i + 1}`;
      return s.name;
    },
    seatLabel: (i) => {
      const name = ctx.seatName(i);
      // A seat is addressed by its name alone ("Cat, it's your turn"),
      // but where seats share one (seats at one screen left unnamed carry
      // their holder's) and in a game whose spec numbers its players
      // online, which keeps "Player 1" and "Player 2": "Player 2 · Cat".
      if (src.numbered(i) && name !== `Player ${i + 1}`) return `Player ${i + 1} · ${name}`;
      return name;
    },
    isBot: (i) => src.table()?.seats[i]?.kind === "bot" || src.st().takenOver.includes(i),
    play: async (seat, move, refused) => {
      try {
        await socket.play({ table: id, seat, move, after: src.st().seq });
        return true;
      } catch (x) {
        ctx.error((x as Error).message);
        refused?.((x as Error).message);
        return false;
      }
    },
    error: (text) => {
      // The server's sentences number seats from 0 ("it is not seat 1's
      // turn") for clients to name them; the page numbers them from 1.
      src.note(namedSeats(text, ctx.seatName), true);
      sound("error");
    },
    info: (text) => src.note(text, false),
    refreshStatus: () => src.refreshStatus(),
  };
  return ctx;
}

export interface NoteLine {
  el: HTMLElement;
  show(text: string, isError: boolean): void;
  /** drop takes away the note once the match has moved on: a refusal
   * ("It is not your turn") or a passing note spoke of the board before
   * this move, and would contradict the status line after it. */
  drop(): void;
}

export function noteLine(): NoteLine {
  const note = h("p", { class: "note", id: "note", role: "alert" });
  let noteTimer = 0;
  return {
    el: note,
    show(text, isError) {
      note.textContent = text;
      note.className = "note " + (isError ? "note-error" : "note-info");
      clearTimeout(noteTimer);
      noteTimer = window.setTimeout(() => { note.textContent = ""; }, isError ? 8000 : 5000);
    },
    drop() {
      clearTimeout(noteTimer);
      note.textContent = "";
    },
  };
}
