// Following a table's match: the watch and its reply, the pushes that
// follow (kept in order, the views brought up to date here where the
// client can, else a fresh snapshot asked for), and the board set up once
// its code is here.
import type { GameEvent, MatchPush, Snapshot, Table } from "../api";
import { supersedes } from "../api";
import { chatBox } from "../chat";
import { announce, clear, h } from "../dom";
import { canShow, loadView, loadedBoard, loadedView } from "../games/load";
import { applyViewPatch } from "../games/apply";
import { seatChange } from "../matchevents";
import { play as sound } from "../sound";
import { gameTitle } from "../state";
import { Refusal, socket } from "../ws";
import { clockFrom, clockMoved, fromSnapshot } from "./tableclock";
import type { HistoryEntry } from "./tablelog";
import { arrived, renderAll } from "./tablerender";
import type { TableScreen } from "./tablescene";

export interface WatchReply { table: Table; seats: number[] | null; snapshot: Snapshot | null; history?: HistoryEntry[] | null }

/** setupView makes the game's board once the table and the board's code
 * are here. */
function setupView(t: TableScreen): void {
  const table = t.table;
  if (!table || t.view) return;
  const { boardWrap, sideExtra } = t.parts;
  if (!canShow(table.game)) {
    boardWrap.append(h("p", { class: "muted" }, `This client cannot show ${gameTitle(table.game)} yet.`));
    return;
  }
  const f = loadedView(table.game);
  if (!f) {
    // A reply that came before the board's code (a watch made again on
    // reconnecting) draws the board once the code is here.
    loadView(table.game).then(() => {
      if (t.destroyed || t.view) return;
      setupView(t);
      renderAll(t);
    }, () => undefined);
    return;
  }
  t.view = f(t.ctx);
  boardWrap.prepend(t.view.el);
  if (t.view.side) sideExtra.append(t.view.side);
  t.tutorial = loadedBoard(table.game)?.tutorial?.(t.id, t.ctx, t.main) ?? null;
}

function applyReply(t: TableScreen, r: WatchReply, resumed: boolean): void {
  const p = t.parts;
  // A table push worked out after this answer may have come first.
  const shown: Table = t.table && !supersedes(r.table, t.table) ? t.table : r.table;
  t.table = shown;
  p.away.watched(shown, r.seats ?? [], r.snapshot?.outcome ?? null);
  if (shown.rematch) t.rematchAt = shown.rematch;
  t.held = r.seats ?? [];
  // A request still waiting for its return is either answered by the
  // pushes that follow or was lost with the connection.
  p.reclaim.reclaiming.clear();
  const snap = fromSnapshot(r.snapshot);
  // A resumed watch (since the last seq seen) has no snapshot: what was
  // kept stands, and the pushes it missed follow.
  if (!resumed || (r.snapshot && snap.seq >= t.st.seq)) {
    t.st = snap;
    if (r.snapshot) p.vote.fromSnapshot(r.snapshot);
  }
  if (r.snapshot) t.clock = clockFrom(r.snapshot.clocks, shown.seats.length);
  // The view first: a game's view tells its moves for the log.
  setupView(t);
  for (const e of r.history ?? []) p.log.add(e);
  if (!t.chat && t.table) {
    // The server takes lines from the players, the table's creator,
    // and spectators only where the table lets them chat.
    t.chat = chatBox("table:" + t.id, "Table chat", () => t.held.length > 0 || t.sc.isCreator() || !!t.table?.spectatorChat);
    p.chatSlot.append(t.chat.el);
  }
  renderAll(t);
  p.log.render();
  arrived(t);
}

/** watch follows the table; fresh re-watches it (after sitting down or
 * when the match starts) so the server sends the seats now held and a
 * snapshot with the views. A fresh watch asked while another is under
 * way follows it: the one under way may have been answered before the
 * change that asked for it. */
export function watch(t: TableScreen, fresh = false): Promise<void> {
  if (t.watching) {
    if (fresh) t.rewatch = true;
    return t.watching;
  }
  t.watching = watchOnce(t, fresh).finally(() => {
    t.watching = null;
    const waited = t.parked ?? [];
    t.parked = null;
    waited.forEach((m) => onMatch(t, m));
    if (t.rewatch && !t.destroyed) {
      t.rewatch = false;
      void watch(t, true);
    }
  });
  return t.watching;
}

async function watchOnce(t: TableScreen, fresh: boolean): Promise<void> {
  const id = t.id;
  try {
    if (fresh) socket.unwatch(id);
    // Every game's table is watched with its views, sent as patches to
    // those held (protocol v5; games/apply.ts): a map's view of 300 hexes
    // is sent once, then only what changes.
    const r = (await socket.watch(id, true, true, true)) as WatchReply;
    const board = loadView(r.table.game);
    board.catch(() => undefined);
    if (!loadedView(r.table.game)) {
      // Pushes after this reply are not in its snapshot: they wait
      // for the board, and follow it in order.
      t.parked = [];
      await board;
    }
    applyReply(t, r, false);
  } catch (x) {
    // A watch lost with the connection is asked again on reconnecting
    // (see "rewatched"); only the server's refusal is an answer.
    if (!(x instanceof Refusal) && !socket.connected) return;
    if (fresh) {
      t.ctx.error((x as Error).message);
      return;
    }
    clear(t.main);
    t.main.append(h("section", { class: "card narrow" }, h("h1", null, "Table unavailable"),
      h("p", null, (x as Error).message), h("a", { class: "button", href: "/", "data-nav": true }, "Back to the lobby")));
  }
}

/** resumeBoard asks for a snapshot after a reconnect when the page
 * has no board to resume from (its first watch was lost with the
 * connection): a resumed watch brings only the moves since. */
function resumeBoard(t: TableScreen): void {
  if (t.table && t.table.status !== "open" && Object.keys(t.st.views).length === 0) void watch(t, true);
}

/** resync drops the views kept and asks for a fresh snapshot: after a
 * gap in the pushes' sequence numbers, or a patch that did not fit. The pushes it missed meanwhile come after the snapshot. */
function resync(t: TableScreen): void {
  t.resyncs++;
  void watch(t, true);
}

/** follow brings the kept views up to m; false when they cannot be. */
function follow(t: TableScreen, m: MatchPush): boolean {
  const st = t.st;
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
  return true;
}

/** onMatch takes a push of the table's match. */
function onMatch(t: TableScreen, m: MatchPush): void {
  if (m.table !== t.id) return;
  if (t.parked) {
    t.parked.push(m);
    return;
  }
  const p = t.parts;
  if (p.log.add(m)) p.log.render();
  const st = t.st;
  if (m.seq <= st.seq && !(m.views && Object.keys(m.views).length && m.seq === st.seq)) return;
  // A watch under way answers with a snapshot that covers this push.
  if (t.watching !== null) return;
  if (!follow(t, m)) {
    resync(t);
    return;
  }
  const fresh = m.seq > st.seq;
  const change = takePush(t, m, fresh);
  renderAll(t);
  if (fresh) told(t, m, change);
}

/** takePush brings the state up to the push m; it returns how the
 * push changed the seat's holder (a bot took it over, or gave it back). */
function takePush(t: TableScreen, m: MatchPush, fresh: boolean): ReturnType<typeof seatChange> | null {
  const { st, table, ctx } = t;
  st.seq = m.seq;
  st.turn = m.turn ?? [];
  st.scores = m.scores ?? st.scores;
  st.outcome = m.outcome ?? null;
  if (m.clocks) st.clocks = m.clocks;
  if (m.views) {
    for (const [k, v] of Object.entries(m.views)) st.views[k] = v;
    if (st.handover !== null && m.views[String(st.handover)] !== undefined) st.handover = null;
  }
  if (fresh) t.parts.vote.onPush(m);
  const change = fresh ? seatChange(m.events) : null;
  if (change === "bot" && !st.takenOver.includes(m.seat)) st.takenOver = [...st.takenOver, m.seat];
  if (change === "holder") {
    st.takenOver = st.takenOver.filter((s) => s !== m.seat);
    t.parts.reclaim.reclaiming.delete(m.seat);
  }
  // A bot's thinking is not charged to the seat's game clock; the
  // holder's time up to a takeover is.
  if (fresh) clockMoved(t.clock, table, st, ctx.isBot, m.seat, change === "bot" || (change === null && !ctx.isBot(m.seat)));
  if (table && st.outcome) table.status = "over";
  else if (table && table.status === "open") table.status = "playing";
  if (fresh) t.parts.notes.drop();
  return change;
}

/** told animates and announces a new move, and tells a player given
 * their seat back what the computer did for them meanwhile. */
function told(t: TableScreen, m: MatchPush, change: ReturnType<typeof seatChange> | null): void {
  const { ctx, st } = t;
  const evs: GameEvent[] = m.events ?? [];
  t.view?.events?.(evs, m);
  t.tutorial?.events(evs, m);
  if (change === "holder" && t.held.includes(m.seat)) {
    announce(t.sc.hotseat() ? `${ctx.seatLabel(m.seat)} is yours again.` : "Your seat is yours again.");
    const played = t.parts.log.botMoves(m.seat, m.seq);
    if (played) ctx.info(played);
  }
  if (ctx.mover() !== null && !st.outcome && m.seat !== ctx.mover()) sound("turn");
}

/** followTable listens to the table's pushes; it returns the listeners'
 * removers. */
export function followTable(t: TableScreen): (() => void)[] {
  return [
    socket.on("match", (m: MatchPush) => onMatch(t, m)),
    socket.on("handover", (m: { table: string; seat: number }) => {
      if (m.table !== t.id) return;
      t.st.handover = m.seat;
      // Forget every seat's secret view so nothing of the previous
      // player's board stays on the screen behind the cover.
      for (const k of Object.keys(t.st.views)) if (k !== "-1") delete t.st.views[k];
      renderAll(t);
    }),
    socket.on("table", (m: { table: Table }) => tablePush(t, m.table)),
    socket.on("rewatched", (m: { table: string; reply: WatchReply }) => {
      if (m.table !== t.id) return;
      applyReply(t, m.reply, true);
      resumeBoard(t);
    }),
  ];
}

/** tablePush takes a push of the table itself (its seats, its status). */
function tablePush(t: TableScreen, pushed: Table): void {
  if (!pushed || pushed.id !== t.id || !supersedes(pushed, t.table)) return;
  const wasOpen = t.table?.status === "open";
  const table = t.table = pushed;
  if (table.rematch && table.rematch !== t.rematchAt) {
    t.rematchAt = table.rematch;
    t.parts.result.render();
  }
  if (table.status === "over" && !t.st.outcome) table.status = "playing";
  renderAll(t);
  if (wasOpen && pushed.status !== "open") void watch(t, true);
}
