// The WebSocket connection: requests with replies, pushes to listeners, and
// reconnection with backoff that resumes the lobby and every watched table
// from the last sequence number seen, so nothing is missed or repeated.

type Listener = (msg: any) => void;

/** Pending is a request waiting for its reply; again is set for a move,
 * which is sent again, as it was, when the connection comes back before
 * its answer (see play). */
interface Pending { resolve: (v: any) => void; reject: (e: Error) => void; again?: string }

interface Watch { since: number; views: boolean; patches: boolean }

/** Refusal is a request the server refused: its sentence and its code
 * (docs/protocol.md, Error codes). */
/** LobbyPages are the pages of the lobby's lists a member holds (since
 * v6): page tables from the from-th, online people from the onlineFrom-th;
 * 0 for a whole list. */
export interface LobbyPages { page: number; from: number; online: number; onlineFrom: number }

export class Refusal extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

/** rewatchTries bounds how often a resumed watch is asked again while the
 * table is between servers (one stopped; another takes it over within
 * seconds): every half second for half a minute. */
const rewatchTries = 60;

/** refusedRetryMs is how long the next try waits after the server refused
 * the connection itself, with a sentence (an "id":0 refusal, such as
 * too many connections for one account: docs/protocol.md): trying again
 * at once would be refused again until another tab closes, so it waits,
 * and the banner offers to try now (retryNow). */
const refusedRetryMs = 30000;

/** awayAfterMs is how long a page stays hidden before its person is shown
 * offline: short enough for others to see it within 10 s, long enough
 * that switching tabs and back sends nothing. */
const awayAfterMs = 3000;

export class Socket {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Map<string, Set<Listener>>();
  private outbox: string[] = [];
  private attempt = 0;
  private ready = false;
  /** stopped: not connecting, before connect() or after close(). */
  private stopped = true;
  private timer = 0;
  private watches = new Map<string, Watch>();
  private inLobby = false;
  private lobbyPages: LobbyPages = { page: 0, from: 0, online: 0, onlineFrom: 0 };
  private everReady = false;
  /** away is whether the page is hidden, as told to the server
   * (presence.set, protocol v6); awayTimer delays telling it. */
  private away = false;
  private awayTimer = 0;
  /** suspended is set while the page is left for the browser's
   * back-forward cache: the connection is closed, not lost. */
  private suspended = false;
  /** refusal is the sentence of an "id":0 refusal on this connection,
   * shown when it closes. */
  private refusal = "";
  /** statusListeners hear "up" and "down" so the page can show a banner;
   * why, when the server refused the connection, is its sentence. */
  statusListeners = new Set<(up: boolean, why?: string) => void>();

  connect(): void {
    this.stopped = false;
    if (this.ws) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/api/ws");
    this.ws = ws;
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = (e) => this.lost(ws, e);
    ws.onerror = () => ws.close();
  }

  /** close ends the connection for good (log out). */
  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.watches.clear();
    this.inLobby = false;
    this.everReady = false;
    this.outbox = [];
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    if (ws) ws.close();
    this.failAll("Disconnected.");
  }

  get connected(): boolean {
    return this.ready;
  }

  /** failAll rejects the requests waiting for a reply; with keepMoves, a
   * move stays waiting, to be sent again on the next connection. */
  private failAll(msg: string, keepMoves = false): void {
    for (const [id, p] of this.pending) {
      if (keepMoves && p.again) continue;
      p.reject(new Error(msg));
      this.pending.delete(id);
    }
  }

  private lost(ws: WebSocket, e?: CloseEvent): void {
    if (this.ws !== ws) return;
    this.ws = null;
    const wasReady = this.ready;
    this.ready = false;
    // The server's own sentence: its "id":0 refusal, or the reason of a
    // close for breaking a policy (status 1008).
    const why = this.refusal || (e?.code === 1008 ? e.reason : "");
    this.refusal = "";
    // Refused before it began, the connection sent nothing: its requests
    // wait for the next one, and the banner says why.
    const refused = why !== "" && !wasReady;
    if (!refused) this.failAll("The connection was lost; please try again.", true);
    if (wasReady || why) this.statusListeners.forEach((f) => f(false, why || undefined));
    if (this.stopped) return;
    // Exponential backoff with jitter, capped, so a restarting server is not
    // hammered by every open tab at once; a connection refused before it
    // began waits longer still (refusedRetryMs).
    let delay = Math.min(10000, 400 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    if (refused) delay = refusedRetryMs;
    this.attempt++;
    this.timer = window.setTimeout(() => this.connect(), delay);
  }

  /** retryNow connects at once, instead of after the wait that follows a
   * lost or refused connection (the banner's "Try again"). */
  retryNow(): void {
    if (this.stopped || this.ws) return;
    clearTimeout(this.timer);
    this.connect();
  }

  private receive(text: string): void {
    let msg: any;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.t === "hello") {
      this.ready = true;
      this.attempt = 0;
      // On the first connection the outbox already holds every request;
      // afterwards the lobby and the watches must be asked for again.
      if (this.everReady) this.resume();
      this.everReady = true;
      // A new connection is present until told otherwise.
      if (this.away) this.send("presence.set", { away: true }).catch(() => undefined);
      const out = this.outbox;
      this.outbox = [];
      for (const m of out) this.ws?.send(m);
      // Moves whose answer the lost connection took: sent again with
      // their first tag, so that the server answers as it did the first
      // time if it had played them, and plays them if not.
      const queued = new Set(out);
      for (const p of this.pending.values()) if (p.again && !queued.has(p.again)) this.ws?.send(p.again);
      this.statusListeners.forEach((f) => f(true));
    } else if (msg.t === "reply") {
      if (msg.id === 0 && !msg.ok && msg.error) {
        // A refusal of no request: of the connection (a cap on open
        // connections) or of its pace. The close that follows says so.
        this.refusal = String(msg.error);
      }
      const p = this.pending.get(msg.id);
      if (p) {
        this.pending.delete(msg.id);
        if (msg.ok) p.resolve(msg);
        else p.reject(new Refusal(msg.error || "The server refused that.", String(msg.code ?? "")));
      }
      return;
    } else if (msg.t === "match" && typeof msg.table === "string") {
      const w = this.watches.get(msg.table);
      if (w && typeof msg.seq === "number" && msg.seq > w.since) w.since = msg.seq;
    }
    this.emit(msg.t, msg);
  }

  private emit(t: string, msg: any): void {
    this.listeners.get(t)?.forEach((f) => f(msg));
    this.listeners.get("*")?.forEach((f) => f(msg));
  }

  /** resume re-joins the lobby and re-watches tables after a reconnect. */
  private resume(): void {
    if (this.inLobby) {
      this.send("lobby.join", { changes: true, ...this.lobbyPages }).catch(() => undefined);
    }
    for (const [table, w] of this.watches) this.rewatch(table, w, 0);
  }

  /** rewatch watches a table again from the last seq seen. A table whose
   * server stopped answers "unavailable" until another server has taken
   * it over: ask again shortly, for as long as this connection lasts and
   * the table is still watched (a new connection resumes by itself). */
  private rewatch(table: string, w: Watch, tries: number): void {
    const ws = this.ws;
    this.send("table.watch", { table, since: w.since, views: w.views, patches: w.patches })
      .then((reply) => this.emit("rewatched", { t: "rewatched", table, reply }))
      .catch((e) => {
        if (e instanceof Refusal && e.code === "unavailable" && this.ws === ws && this.watches.get(table) === w && tries < rewatchTries) {
          window.setTimeout(() => this.rewatch(table, w, tries + 1), 500);
        }
      });
  }

  /** hidden follows the page's visibility. A page hidden for more than
   * awayAfterMs is told away to the server, which lists its person as
   * offline (lobby and seats) until the page is shown again; a quick
   * switch of tabs costs the lobby nothing. */
  hidden(isHidden: boolean): void {
    clearTimeout(this.awayTimer);
    if (isHidden) {
      this.awayTimer = window.setTimeout(() => this.setAway(true), awayAfterMs);
    } else {
      this.setAway(false);
    }
  }

  private setAway(away: boolean): void {
    if (this.away === away) return;
    this.away = away;
    if (this.ready) this.send("presence.set", { away }).catch(() => undefined);
  }

  /** suspend closes the connection when the page is left (pagehide), so
   * that its person shows offline at once rather than when the browser
   * drops the page; wake connects again if the page is shown from the
   * back-forward cache, resuming the lobby and every watch. */
  suspend(): void {
    if (this.stopped) return;
    this.suspended = true;
    clearTimeout(this.timer);
    clearTimeout(this.awayTimer);
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    ws?.close();
    this.failAll("The page was left.");
  }

  wake(): void {
    if (!this.suspended) return;
    this.suspended = false;
    this.away = document.visibilityState === "hidden";
    this.connect();
  }

  on(t: string, f: Listener): () => void {
    let set = this.listeners.get(t);
    if (!set) {
      set = new Set();
      this.listeners.set(t, set);
    }
    set.add(f);
    return () => set?.delete(f);
  }

  /** send makes a request and resolves with the reply (rejects on ok:false). */
  send<T = any>(t: string, fields: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    const text = JSON.stringify({ ...fields, t, id });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.ready && this.ws) this.ws.send(text);
      else this.outbox.push(text);
    });
  }

  /** play sends a move (match.play) tagged with after, the seq of the last
   * update the page knew of when the move was chosen. If the connection is
   * lost before the answer, the move waits and is sent again, unchanged,
   * once the connection is back and the table watched again: the server
   * answers a move it already played with its first answer (docs/protocol.md,
   * "Moves sent again"), so a move is never lost nor played twice. */
  play<T = any>(fields: { table: string; seat: number; move: unknown; after: number }): Promise<T> {
    const id = this.nextId++;
    const text = JSON.stringify({ ...fields, t: "match.play", id });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, again: text });
      if (this.ready && this.ws) this.ws.send(text);
      else this.outbox.push(text);
    });
  }

  /** joinLobby asks for the lobby's lists: whole now, then as changes
   * (lobby.online.diff, lobby.tables.diff), which the lobby screen keeps;
   * with pages, a page of each list and one's own items outside it (since
   * v6). Joining again with other pages turns to them; a reconnect joins
   * with the pages last asked for. */
  joinLobby(pages: LobbyPages): Promise<unknown> {
    this.inLobby = true;
    this.lobbyPages = pages;
    return this.send("lobby.join", { changes: true, ...pages });
  }

  /** leaveLobby stops the lobby's pushes: only the lobby screen shows
   * them, and a player at a table need not be sent every arrival. */
  leaveLobby(): void {
    if (!this.inLobby) return;
    this.inLobby = false;
    this.send("lobby.leave", {}).catch(() => undefined);
  }

  /** watch starts following a table and returns its snapshot. The seq
   * of every push seen afterwards is kept so that a reconnect resumes
   * with since = that seq. With history the reply also lists the moves
   * so far (for a move log after a page reload). With patches (protocol
   * v5), pushes carry patches to the views held instead of the views. */
  async watch(table: string, views = true, history = false, patches = false): Promise<any> {
    const w: Watch = { since: 0, views, patches };
    this.watches.set(table, w);
    const reply = await this.send("table.watch", history ? { table, views, history, patches } : { table, views, patches });
    const seq = reply?.snapshot?.seq ?? 0;
    if (seq > w.since) w.since = seq;
    return reply;
  }

  unwatch(table: string): void {
    if (!this.watches.delete(table)) return;
    this.send("table.unwatch", { table }).catch(() => undefined);
  }
}

export const socket = new Socket();

document.addEventListener("visibilitychange", () => socket.hidden(document.visibilityState === "hidden"));
window.addEventListener("pagehide", () => socket.suspend());
window.addEventListener("pageshow", (e) => { if (e.persisted) socket.wake(); });
if (document.visibilityState === "hidden") socket.hidden(true);
