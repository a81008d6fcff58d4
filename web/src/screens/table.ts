// The table: board, seats, status line, scores, clocks, move log, chat,
// results, save, help, taking back a seat a bot took over, and the
// hot-seat hand-over screen. What is a game's own comes from its entry
// (games/load.ts): its board, and what the table asks of the game. This
// file puts the screen together from its parts (table*.ts): tablesync.ts
// follows the match, tablerender.ts draws it.
import { mainControl, skipLabel } from "../screenfocus";
import { h } from "../dom";
import { app } from "../state";
import { socket } from "../ws";
import { gameEntry } from "../games/load";
import { previewPanel } from "../preview";
import { awayPanel } from "./away";
import { votePanel } from "../vote";
import { endLesson } from "../analysis/atend";
import { nextWaiting, onMyGames } from "../mygames";
import { clockText, emptyState } from "./tableclock";
import { seatsPanel } from "./tableseats";
import { moveLog } from "./tablelog";
import { resultPanel } from "./tableresult";
import { reclaimPanel, statusLine } from "./tablestatus";
import { tableControls } from "./tablecontrols";
import { noteLine, tableContext } from "./tablectx";
import { renderAll } from "./tablerender";
import { followTable, watch } from "./tablesync";
import type { Parts, Scene, TableScreen } from "./tablescene";

export function tableScreen(main: HTMLElement, params: string[]): () => void {
  const t = newTable(main, params[0]);
  const p = t.parts;
  // One click on to the next of the player's games waiting on them, shown
  // while another waits (mygames.ts).
  const showNext = () => {
    const next = nextWaiting(t.id);
    p.nextGame.hidden = !next;
    if (next) p.nextGame.setAttribute("href", "/t/" + next);
  };
  const offNext = onMyGames(showNext);
  showNext();
  const offs = followTable(t);
  const tick = window.setInterval(() => {
    if (t.clock && !t.st.outcome) p.seats.render();
    p.away.render();
  }, 1000);
  // The browser tests compare the views kept here with the server's.
  (window as any).parlorTable = { state: () => t.st, resyncs: () => t.resyncs, table: () => t.id };
  main.append(p.joining, p.screen);
  p.boardWrap.append(p.controls.cover);
  p.status.el.textContent = "Joining the table…";
  void watch(t);

  return () => {
    t.destroyed = true;
    offNext();
    p.away.destroy();
    offs.forEach((f) => f());
    clearInterval(tick);
    p.notes.drop();
    t.chat?.destroy();
    p.vote.destroy();
    p.lesson.destroy();
    t.view?.destroy?.();
    t.tutorial?.destroy();
    socket.unwatch(t.id);
  };
}

/** newTable makes the screen's state, empty until the watch answers,
 * and its parts. */
function newTable(main: HTMLElement, id: string): TableScreen {
  const t = {
    id, main, table: null, held: [], st: emptyState(), view: null, tutorial: null, destroyed: false,
    clock: null, rematchAt: "", chat: null, watching: null, rewatch: false, parked: null, resyncs: 0, focusPlaced: false,
  } as unknown as TableScreen;
  const notes = noteLine();
  t.ctx = tableContext({
    id, table: () => t.table, held: () => t.held, st: () => t.st, hidden: () => hidden(t),
    numbered: (i) => t.parts.seats.numbered(i), note: notes.show, refreshStatus: () => t.parts.status.render(),
  });
  t.sc = scene(t);
  t.parts = parts(t, notes);
  return t;
}

/** hidden says the seats' views are secret: from the server's list of
 * games, or the game's entry before the list has come. */
function hidden(t: TableScreen): boolean {
  const game = t.table?.game;
  return app.games.find((g) => g.name === game)?.hidden ?? !!(game && gameEntry(game)?.hidden);
}

function scene(t: TableScreen): Scene {
  const entry = () => t.table ? gameEntry(t.table.game) : undefined;
  return {
    id: t.id, main: t.main, ctx: t.ctx,
    table: () => t.table,
    setTable: (table) => { t.table = table; },
    setState: (s) => { t.st = s; },
    view: () => t.view,
    entry,
    hotseat: () => t.held.length > 1,
    isCreator: () => !!t.table && !!app.me && t.table.creator === app.me.name,
    removedByVote: () => t.parts.seats.removedByVote(),
    renderAll: () => renderAll(t),
  };
}

/** quitTo is where Quit goes: the game's page of its own, or the lobby. */
function quitTo(t: TableScreen): string {
  return t.sc.entry()?.page && t.table ? "/" + t.table.game : "/";
}

/** sit sits the player at a free seat, and watches again as its holder. */
async function sit(t: TableScreen, seat: number): Promise<void> {
  try {
    await socket.send("table.sit", { table: t.id, seat });
    await watch(t, true);
  } catch (x) {
    t.ctx.error((x as Error).message);
  }
}

/** parts makes the screen's panels and lays them out. */
function parts(t: TableScreen, notes: Parts["notes"]): Parts {
  const { sc, ctx, id } = t;
  // The board is the table's main control: the skip link leads to it, and
  // the focus goes to it when the table opens on the player's move.
  const boardWrap = h("div", { class: "board-wrap", [mainControl]: true, [skipLabel]: "Skip to the board" });
  // Under the board once the match is over: the game's analysis at the
  // last step and the way to the replay (analysis/atend.ts).
  const lesson = endLesson(ctx);
  const vote = votePanel({
    table: id, held: () => t.held, seats: () => t.table?.seats.length ?? 0, turn: () => t.st.turn,
    playing: () => t.table?.status === "playing" && !t.st.outcome, isBot: ctx.isBot, seatName: ctx.seatName, error: ctx.error,
  });
  // A seat of yours out of the running (a wrong accusation, say) only
  // answers the others now.
  const out = () => !!sc.entry()?.out?.(ctx.view(), t.held);
  const away = awayPanel(id, () => ({ table: t.table, held: t.held, over: t.st.outcome !== null, out: out() }), (text) => ctx.info(text));
  const log = moveLog(sc);
  const result = resultPanel(sc, lesson, () => quitTo(t), () => t.rematchAt);
  const status = statusLine(sc, result.outcomeText, (i) => void sit(t, i));
  const humanSeatsMine = () => t.table ? t.table.seats.every((s, i) => s.kind !== "human" || t.held.includes(i)) : false;
  const p: Parts = {
    notes, lesson, vote, away, log, result, status, boardWrap,
    seats: seatsPanel(sc, (i) => clockText(t.clock, t.st, t.table, i), (i) => void sit(t, i)),
    reclaim: reclaimPanel(sc, boardWrap),
    controls: tableControls(sc, {
      boardWrap, invite: status.invite, result: result.el, moves: log.size, quitTo: () => quitTo(t), doRematch: result.doRematch,
      callVote: () => vote.callButton(), humanSeatsMine,
    }),
    // Before the start, the people sitting see the start they agree to.
    startPreview: previewPanel("The start you agree on"),
    // Before the start: who sits where and what the table waits for, in
    // place of a board and panels that have nothing to show yet (a game's
    // map was drawn empty, with buttons that did nothing).
    prestart: h("section", { class: "prestart", id: "prestart", hidden: true, "aria-labelledby": "prestart-title" }),
    sideExtra: h("div", { class: "side-extra" }),
    title: h("h1", { class: "table-title" }),
    nextGame: h("a", { class: "button", id: "next-waiting", "data-nav": true, hidden: true }, "Next game waiting"),
    chatSlot: h("div"),
    // A line in the screen's place says what is coming (see layout).
    joining: h("p", { class: "loading table-joining" }, "Joining the table…"),
    screen: h("div"),
  };
  p.startPreview.el.hidden = true;
  p.screen = layout(p);
  return p;
}

/** layout puts the parts on the screen. The screen is not shown until the
 * first watch reply has drawn the board (hidden by a content-visibility,
 * see app.css, so that its elements are styled once, when shown): on a
 * phone the board comes above the players, moves and chat, and drawn late
 * it pushed them down while the page loaded (a layout shift of 0.5 in
 * Lighthouse). */
function layout(p: Parts): HTMLElement {
  const screen = h("div", { class: "table-screen" },
    h("div", { class: "table-main" },
      h("div", { class: "table-head" }, p.title, p.controls.el, p.nextGame),
      p.status.el, p.away.el, p.reclaim.el, p.vote.el, p.prestart, p.status.startBtn, p.status.sitCta, p.notes.el, p.status.invite, p.startPreview.el, p.result.el,
      h("div", { class: "board-area" }, p.boardWrap, p.sideExtra), p.lesson.el),
    h("aside", { class: "table-side", "aria-label": "Players, moves and chat" },
      h("section", { class: "panel" }, h("h2", null, "Players"), p.seats.el, p.away.policy),
      h("section", { class: "panel" }, h("h2", null, "Moves"), p.log.el, p.log.empty),
      p.chatSlot));
  screen.classList.add("arriving");
  return screen;
}
