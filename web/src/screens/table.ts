// The table: board, seats, status line, scores, clocks, move log, chat,
// results, save, help, taking back a seat a bot took over, and the
// hot-seat hand-over screen. What is a game's own comes from its entry
// (games/load.ts): its board, and what the table asks of the game. This
// file follows the match (the watch and its pushes) and puts the screen
// together from its parts (table*.ts).
import type { GameEvent, MatchPush, Snapshot, Table } from "../api";
import { focusMain, mainControl, setTitle, skipLabel } from "../screenfocus";
import { supersedes } from "../api";
import { chatBox } from "../chat";
import { announce, clear, h } from "../dom";
import { play as sound } from "../sound";
import { app, gameTitle } from "../state";
import { Refusal, socket } from "../ws";
import type { GameView } from "../games/types";
import { canShow, gameEntry, loadView, loadedBoard, loadedView } from "../games/load";
import { appliers, applyViewPatch } from "../games/apply";
import { optionsText } from "./lobby";
import { canPreview, previewPanel } from "../preview";
import type { Tutorial } from "../games/entry";
import { seatChange } from "../matchevents";
import { awayPanel } from "./away";
import { votePanel } from "../vote";
import { endLesson } from "../analysis/atend";
import { nextWaiting, onMyGames } from "../mygames";
import { clockFrom, clockMoved, clockText, emptyState, fromSnapshot, type Clock } from "./tableclock";
import { seatsPanel } from "./tableseats";
import { moveLog, type HistoryEntry } from "./tablelog";
import { resultPanel } from "./tableresult";
import { reclaimPanel, statusLine } from "./tablestatus";
import { tableControls } from "./tablecontrols";
import type { Scene } from "./tablescene";
import { noteLine, tableContext } from "./tablectx";

interface WatchReply { table: Table; seats: number[] | null; snapshot: Snapshot | null; history?: HistoryEntry[] | null }

export function tableScreen(main: HTMLElement, params: string[]): () => void {
  const id = params[0];
  let table: Table | null = null;
  let held: number[] = [];
  let st = emptyState();
  let view: GameView | null = null;
  let tutorial: Tutorial | null = null;
  let destroyed = false;

  // Before the start, the people sitting see the start they agree to.
  const startPreview = previewPanel("The start you agree on");
  startPreview.el.hidden = true;
  // The board is the table's main control: the skip link leads to it, and
  // the focus goes to it when the table opens on the player's move.
  const boardWrap = h("div", { class: "board-wrap", [mainControl]: true, [skipLabel]: "Skip to the board" });
  // Before the start: who sits where and what the table waits for, in
  // place of a board and panels that have nothing to show yet (a game's
  // map was drawn empty, with buttons that did nothing).
  const prestart = h("section", { class: "prestart", id: "prestart", hidden: true, "aria-labelledby": "prestart-title" });
  const sideExtra = h("div", { class: "side-extra" });
  // One click on to the next of the player's games waiting on them, shown
  // while another waits (mygames.ts).
  const nextGame = h("a", { class: "button", id: "next-waiting", "data-nav": true, hidden: true }, "Next game waiting");
  const showNext = () => {
    const t = nextWaiting(id);
    nextGame.hidden = !t;
    if (t) nextGame.setAttribute("href", "/t/" + t);
  };
  const offNext = onMyGames(showNext);
  showNext();
  const title = h("h1", { class: "table-title" });
  let chat: ReturnType<typeof chatBox> | null = null;
  const chatSlot = h("div");

  const notes = noteLine();
  const ctx = tableContext({
    id, table: () => table, held: () => held, st: () => st, hidden: () => hidden(),
    numbered: (i) => seats.numbered(i), note: notes.show, refreshStatus: () => status.render(),
  });
  // Under the board once the match is over: the game's analysis at the
  // last step and the way to the replay (analysis/atend.ts).
  const lesson = endLesson(ctx);

  const vote = votePanel({
    table: id, held: () => held, seats: () => table?.seats.length ?? 0, turn: () => st.turn,
    playing: () => table?.status === "playing" && !st.outcome, isBot: ctx.isBot, seatName: ctx.seatName, error: ctx.error,
  });

  const hidden = () => app.games.find((g) => g.name === table?.game)?.hidden ?? !!entry()?.hidden;
  /** entry is what the table's game brings (games/load.ts). */
  const entry = () => table ? gameEntry(table.game) : undefined;
  /** quitTo is where Quit goes: the game's page of its own, or the lobby. */
  const quitTo = () => entry()?.page && table ? "/" + table.game : "/";
  const humanSeatsMine = () => table ? table.seats.every((s, i) => s.kind !== "human" || held.includes(i)) : false;
  const hotseat = () => held.length > 1;

  const sc: Scene = {
    id, main, ctx,
    table: () => table,
    setTable: (t) => { table = t; },
    setState: (s) => { st = s; },
    view: () => view,
    entry,
    hotseat,
    isCreator,
    removedByVote: () => seats.removedByVote(),
    renderAll: () => renderAll(),
  };
  let clock: Clock | null = null;
  let rematchAt = "";
  const seats = seatsPanel(sc, (i) => clockText(clock, st, table, i), (i) => void sit(i));
  const log = moveLog(sc);
  const result = resultPanel(sc, lesson, quitTo, () => rematchAt);
  const status = statusLine(sc, result.outcomeText, (i) => void sit(i));
  const reclaim = reclaimPanel(sc, boardWrap);
  const controls = tableControls(sc, {
    boardWrap, invite: status.invite, result: result.el, moves: log.size, quitTo, doRematch: result.doRematch,
    callVote: () => vote.callButton(), humanSeatsMine,
  });

  async function sit(seat: number): Promise<void> {
    try {
      await socket.send("table.sit", { table: id, seat });
      await watch(true);
    } catch (x) {
      ctx.error((x as Error).message);
    }
  }

  function isCreator(): boolean {
    return !!table && !!app.me && table.creator === app.me.name;
  }

  /** renderPrestart shows, while the table waits for its start, who is
   * seated (the status line says what is awaited), and keeps the game's board and its own
   * panels out of sight until there is a game to show in them. */
  function renderPrestart(): void {
    const open = table?.status === "open";
    prestart.hidden = !open;
    if (view) view.el.hidden = open;
    sideExtra.hidden = open;
    log.renderEmpty();
    if (!open || !table) return;
    const seated = table.seats.map((s, i) => {
      const who = s.kind === "open" ? "a free seat" : s.kind === "bot" ? ctx.seatName(i) : ctx.seatName(i) + (held.includes(i) ? " (you)" : "");
      return h("li", { "data-seat": i, class: s.kind === "open" ? "free" : "" }, h("strong", null, `Player ${i + 1}: `), who);
    });
    // What the table waits for is the status line's, just above.
    prestart.replaceChildren(
      h("h2", { id: "prestart-title" }, "The game has not started yet"),
      h("ul", { class: "prestart-seats", "aria-label": "Who is seated" }, ...seated));
  }


  function renderPreview(): void {
    const g = app.games.find((x) => x.name === table?.game);
    // A scenario is the start itself, written by hand, and its content is
    // shown to its writer only: there is nothing to preview.
    const scenario = g?.options.some((o) => o.kind === "scenario" && table?.options?.[o.name] != null);
    startPreview.el.hidden = !(table?.status === "open" && g?.preview && canPreview(g.name) && !scenario);
    if (table && !startPreview.el.hidden) startPreview.show(table.game, table.options ?? {});
  }

  const away = awayPanel(id, () => ({ table, held, over: st.outcome !== null, out: outOfTheRunning() }), (text) => ctx.info(text));
  /** outOfTheRunning: a seat of yours lost its chance to win (a wrong
   * accusation, say) and now only answers the others. */
  function outOfTheRunning(): boolean {
    return !!entry()?.out?.(ctx.view(), held);
  }


  function renderAll(): void {
    away.render();
    if (!table || destroyed) return;
    screen.dataset.match = table.match || "";
    title.textContent = gameTitle(table.game) + (optionsText(table) ? ` · ${optionsText(table)}` : "");
    seats.render();
    view?.update();
    status.render();
    renderPreview();
    renderPrestart();
    result.render();
    controls.renderCover();
    controls.render();
    reclaim.render();
    vote.update();
    tutorial?.update();
    renderTitle();
    placeFirstFocus();
    chat?.update();
  }

  /** renderTitle names the table in the page's title: the game and the
   * others at it ("Checkers vs Bob", were there such a game), every player for one who
   * watches or plays every seat, and "Your move" first while the game
   * waits on the player. */
  function renderTitle(): void {
    if (!table) return;
    const game = gameTitle(table.game);
    const others = table.seats.map((_, i) => i).filter((i) => !held.includes(i)).map((i) => ctx.seatName(i));
    let what = game;
    if (held.length === 0) what += ": " + table.seats.map((_, i) => ctx.seatName(i)).join(" vs ");
    else if (others.length > 0) what += " vs " + others.join(", ");
    else what += " at one screen";
    if (st.outcome) what += " (over)";
    else if (table.status === "open") what += " (waiting for players)";
    setTitle(what, ctx.mover() !== null);
  }

  /** placeFirstFocus moves the focus to the board once, when the table
   * first shows it on the player's move, if the focus is still where the
   * screen's opening left it (the heading, or nowhere). */
  let focusPlaced = false;
  function placeFirstFocus(): void {
    // Nothing takes the focus in a screen not shown yet (see arrived).
    if (focusPlaced || !view || !table || screen.classList.contains("arriving")) return;
    // A match in play whose state has not come yet does not say whose
    // move it is.
    if (table.status === "playing" && st.turn.length === 0 && !st.outcome) return;
    focusPlaced = true;
    const a = document.activeElement;
    const untouched = !a || a === document.body || a === main || a === title;
    if (untouched && ctx.mover() !== null) focusMain(main);
  }

  function setupView(): void {
    if (!table || view) return;
    if (!canShow(table.game)) {
      boardWrap.append(h("p", { class: "muted" }, `This client cannot show ${gameTitle(table.game)} yet.`));
      return;
    }
    const f = loadedView(table.game);
    if (!f) {
      // A reply that came before the board's code (a watch made again on
      // reconnecting) draws the board once the code is here.
      loadView(table.game).then(() => {
        if (destroyed || view) return;
        setupView();
        renderAll();
      }, () => undefined);
      return;
    }
    view = f(ctx);
    boardWrap.prepend(view.el);
    if (view.side) sideExtra.append(view.side);
    tutorial = loadedBoard(table.game)?.tutorial?.(id, ctx, main) ?? null;
  }

  function applyReply(r: WatchReply, resumed: boolean): void {
    // A table push worked out after this answer may have come first.
    const shown: Table = table && !supersedes(r.table, table) ? table : r.table;
    table = shown;
    away.watched(shown, r.seats ?? [], r.snapshot?.outcome ?? null);
    if (shown.rematch) rematchAt = shown.rematch;
    held = r.seats ?? [];
    // A request still waiting for its return is either answered by the
    // pushes that follow or was lost with the connection.
    reclaim.reclaiming.clear();
    const snap = fromSnapshot(r.snapshot);
    // A resumed watch (since the last seq seen) has no snapshot: what was
    // kept stands, and the pushes it missed follow.
    if (!resumed || (r.snapshot && snap.seq >= st.seq)) {
      st = snap;
      if (r.snapshot) vote.fromSnapshot(r.snapshot);
    }
    if (r.snapshot) clock = clockFrom(r.snapshot.clocks, table.seats.length);
    // The view first: a game's view tells its moves for the log.
    setupView();
    for (const e of r.history ?? []) log.add(e);
    if (!chat && table) {
      // The server takes lines from the players, the table's creator,
      // and spectators only where the table lets them chat.
      chat = chatBox("table:" + id, "Table chat", () => held.length > 0 || isCreator() || !!table?.spectatorChat);
      chatSlot.append(chat.el);
    }
    renderAll();
    log.render();
    arrived();
  }

  /** arrived shows the screen once its first reply is drawn, after the
   * frame in which a board may size itself to the space it has. */
  function arrived(): void {
    if (!screen.classList.contains("arriving")) return;
    requestAnimationFrame(() => {
      joining.remove();
      screen.classList.remove("arriving");
      placeFirstFocus();
    });
  }

  let watching: Promise<void> | null = null;

  /** watch follows the table; fresh re-watches it (after sitting down or
   * when the match starts) so the server sends the seats now held and a
   * snapshot with the views. */
  function watch(fresh = false): Promise<void> {
    if (watching) return watching;
    watching = (async () => {
      try {
        if (fresh) socket.unwatch(id);
        // Protocol v4: where this client can keep the board from the
        // pushes' events, it watches without views (see games/apply.ts).
        // Before the first reply the game is not known: watch without
        // views, and again with them if this game's board cannot be kept.
        // A game whose board cannot be kept here gets its views as
        // patches to those held (protocol v5): a map's view of 300 hexes
        // is sent once, then only the hexes that change.
        const views = table !== null && !keepsBoard();
        let r = (await socket.watch(id, views, true, views)) as WatchReply;
        // The board's code is fetched now, alongside a second watch (a
        // failed fetch is answered where it is awaited, below).
        const board = loadView(r.table.game);
        board.catch(() => undefined);
        if (!views && !(r.table.game in appliers)) {
          socket.unwatch(id);
          r = (await socket.watch(id, true, true, true)) as WatchReply;
        }
        if (!loadedView(r.table.game)) {
          // Pushes after this reply are not in its snapshot: they wait
          // for the board, and follow it in order.
          parked = [];
          await board;
        }
        applyReply(r, false);
      } catch (x) {
        // A watch lost with the connection is asked again on reconnecting
        // (see "rewatched"); only the server's refusal is an answer.
        if (!(x instanceof Refusal) && !socket.connected) return;
        if (fresh) {
          ctx.error((x as Error).message);
          return;
        }
        clear(main);
        main.append(h("section", { class: "card narrow" }, h("h1", null, "Table unavailable"),
          h("p", null, (x as Error).message), h("a", { class: "button", href: "/", "data-nav": true }, "Back to the lobby")));
      }
    })().finally(() => {
      watching = null;
      const waited = parked ?? [];
      parked = null;
      waited.forEach(onMatch);
    });
    return watching;
  }
  let parked: MatchPush[] | null = null;

  /** resumeBoard asks for a snapshot after a reconnect when the page
   * has no board to resume from (its first watch was lost with the
   * connection): a resumed watch brings only the moves since. */
  function resumeBoard(): void {
    if (table && table.status !== "open" && Object.keys(st.views).length === 0) void watch(true);
  }

  /** keepsBoard reports whether the views follow from the pushes here:
   * known once the table (hence its game) is known. */
  function keepsBoard(): boolean {
    const game = table?.game ?? "";
    return game in appliers;
  }

  /** resync drops the views kept and asks for a fresh snapshot: after a
   * gap in the pushes' sequence numbers, or a push an applier could not
   * follow. The pushes it missed meanwhile come after the snapshot. */
  function resync(): void {
    resyncs++;
    void watch(true);
  }
  let resyncs = 0;
  // The browser tests compare the views kept here with the server's.
  (window as any).parlorTable = { state: () => st, resyncs: () => resyncs, table: () => id };

  /** follow brings the kept views up to m; false when they cannot be. */
  function follow(m: MatchPush): boolean {
    if (m.views) return true;
    if (m.viewPatches) {
      // Patches apply to the views of the push before: after a gap, or
      // to a view not held, ask for a fresh snapshot.
      if (m.seq !== st.seq + 1) return false;
      try {
        for (const [k, p] of Object.entries(m.viewPatches)) {
          if (!("=" in p) && st.views[k] === undefined) return false;
          st.views[k] = applyViewPatch(st.views[k], p);
        }
      } catch {
        return false;
      }
      return true;
    }
    const apply = table ? appliers[table.game] : undefined;
    if (!apply) return true;
    if (m.seq !== st.seq + 1) return false;
    for (const [k, v] of Object.entries(st.views)) {
      if (!apply(v, k, m)) return false;
    }
    return true;
  }

  const onMatch = (m: MatchPush) => {
    if (m.table !== id) return;
    if (parked) {
      parked.push(m);
      return;
    }
    if (log.add(m)) log.render();
    if (m.seq <= st.seq && !(m.views && Object.keys(m.views).length && m.seq === st.seq)) return;
    // A watch under way answers with a snapshot that covers this push.
    if (watching !== null) return;
    if (!follow(m)) {
      resync();
      return;
    }
    const fresh = m.seq > st.seq;
    st.seq = m.seq;
    st.turn = m.turn ?? [];
    st.scores = m.scores ?? st.scores;
    st.outcome = m.outcome ?? null;
    if (m.clocks) st.clocks = m.clocks;
    if (m.views) {
      for (const [k, v] of Object.entries(m.views)) st.views[k] = v;
      if (st.handover !== null && m.views[String(st.handover)] !== undefined) st.handover = null;
    }
    if (fresh) vote.onPush(m);
    const change = fresh ? seatChange(m.events) : null;
    if (change === "bot" && !st.takenOver.includes(m.seat)) st.takenOver = [...st.takenOver, m.seat];
    if (change === "holder") {
      st.takenOver = st.takenOver.filter((s) => s !== m.seat);
      reclaim.reclaiming.delete(m.seat);
    }
    // A bot's thinking is not charged to the seat's game clock; the
    // holder's time up to a takeover is.
    if (fresh) clockMoved(clock, table, st, ctx.isBot, m.seat, change === "bot" || (change === null && !ctx.isBot(m.seat)));
    if (table && st.outcome) table.status = "over";
    else if (table && table.status === "open") table.status = "playing";
    if (fresh) notes.drop();
    renderAll();
    if (fresh) {
      const evs: GameEvent[] = m.events ?? [];
      view?.events?.(evs, m);
      tutorial?.events(evs, m);
      if (change === "holder" && held.includes(m.seat)) {
        announce(hotseat() ? `${ctx.seatLabel(m.seat)} is yours again.` : "Your seat is yours again.");
        const played = log.botMoves(m.seat, m.seq);
        if (played) ctx.info(played);
      }
      if (ctx.mover() !== null && !st.outcome && m.seat !== ctx.mover()) sound("turn");
    }
  };
  const offs = [
    socket.on("match", onMatch),
    socket.on("handover", (m: { table: string; seat: number }) => {
      if (m.table !== id) return;
      st.handover = m.seat;
      // Forget every seat's secret view so nothing of the previous
      // player's board stays on the screen behind the cover.
      for (const k of Object.keys(st.views)) if (k !== "-1") delete st.views[k];
      renderAll();
    }),
    socket.on("table", (m: { table: Table }) => {
      if (!m.table || m.table.id !== id || !supersedes(m.table, table)) return;
      const wasOpen = table?.status === "open";
      table = m.table;
      if (table.rematch && table.rematch !== rematchAt) {
        rematchAt = table.rematch;
        result.render();
      }
      if (table.status === "over" && !st.outcome) table.status = "playing";
      renderAll();
      if (wasOpen && m.table.status !== "open") void watch(true);
    }),
    socket.on("rewatched", (m: { table: string; reply: WatchReply }) => {
      if (m.table !== id) return;
      applyReply(m.reply, true);
      resumeBoard();
    }),
  ];
  const tick = window.setInterval(() => {
    if (clock && !st.outcome) seats.render();
    away.render();
  }, 1000);

  const screen = h("div", { class: "table-screen" },
    h("div", { class: "table-main" },
      h("div", { class: "table-head" }, title, controls.el, nextGame),
      status.el, away.el, reclaim.el, vote.el, prestart, status.startBtn, status.sitCta, notes.el, status.invite, startPreview.el, result.el,
      h("div", { class: "board-area" }, boardWrap, sideExtra), lesson.el),
    h("aside", { class: "table-side", "aria-label": "Players, moves and chat" },
      h("section", { class: "panel" }, h("h2", null, "Players"), seats.el, away.policy),
      h("section", { class: "panel" }, h("h2", null, "Moves"), log.el, log.empty),
      chatSlot));
  // The screen is not shown until the first watch reply has drawn the
  // board (hidden by a content-visibility, see app.css, so that its
  // elements are styled once, when shown): on a phone the board comes above the players, moves
  // and chat, and drawn late it pushed them down while the page loaded
  // (a layout shift of 0.5 in Lighthouse). A line in its place says what
  // is coming.
  const joining = h("p", { class: "loading table-joining" }, "Joining the table…");
  screen.classList.add("arriving");
  main.append(joining, screen);
  boardWrap.append(controls.cover);
  status.el.textContent = "Joining the table…";
  void watch();

  return () => {
    destroyed = true;
    offNext();
    away.destroy();
    offs.forEach((f) => f());
    clearInterval(tick);
    notes.drop();
    chat?.destroy();
    vote.destroy();
    lesson.destroy();
    view?.destroy?.();
    tutorial?.destroy();
    socket.unwatch(id);
  };
}
