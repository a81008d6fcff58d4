// The table: board, seats, status line, scores, clocks, move log, chat,
// results, save, help, taking back a seat a bot took over, and the
// hot-seat hand-over screen. What is a game's own comes from its entry
// (games/load.ts): its board, and what the table asks of the game.
import { personMenu } from "../social";
import type { GameEvent, GameInfo, MatchPush, Snapshot, Table } from "../api";
import { focusMain, mainControl, setTitle, skipLabel } from "../screenfocus";
import { supersedes } from "../api";
import { botName, seatWithLevel } from "../botnames";
import { chatBox } from "../chat";
import { ask } from "../confirm";
import { announce, clear, h, toast } from "../dom";
import { openRules } from "../rules";
import { play as sound } from "../sound";
import { app, gameTitle, navigate } from "../state";
import { Refusal, socket } from "../ws";
import type { GameView, MatchState, TableCtx } from "../games/types";
import { canShow, gameEntry, loadView, loadedBoard, loadedView } from "../games/load";
import { appliers, applyViewPatch } from "../games/apply";
import { openCreateDialog } from "./create";
import { optionsText } from "./lobby";
import { canPreview, previewPanel } from "../preview";
import type { Tutorial } from "../games/entry";
import { matchEventText, namedSeats, scoreText, seatChange } from "../matchevents";
import { awayPanel } from "./away";
import { voteLogText, votePanel } from "../vote";
import { answerRematch, quitTable } from "../rematch";
import { endLesson } from "../analysis/atend";
import { dueText, nextWaiting, onMyGames, serverNow } from "../mygames";

/** HistoryEntry is a past move as the watch's seats may see it (the
 * reply's history, asked for so that the move log survives a reload). */
type HistoryEntry = Pick<MatchPush, "seq" | "seat" | "move" | "text" | "events">;
interface WatchReply { table: Table; seats: number[] | null; snapshot: Snapshot | null; history?: HistoryEntry[] | null }

function emptyState(): MatchState {
  return { seq: 0, turn: [], scores: null, outcome: null, views: {}, handover: null, clocks: null, takenOver: [] };
}

function fromSnapshot(s: Snapshot | null): MatchState {
  if (!s) return emptyState();
  return {
    seq: s.seq ?? 0, turn: s.turn ?? [], scores: s.scores ?? null, outcome: s.outcome ?? null,
    views: s.views ?? {}, handover: s.handover ?? null, clocks: s.clocks ?? null,
    takenOver: s.takenOver ?? [],
  };
}

function fmtMs(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Clock keeps each seat's time from the snapshot's clocks and moves it
 * on locally between snapshots, since pushes carry no clocks. */
interface Clock { remaining: number[] | null; deadline: number[]; since: number[] }

function clockFrom(raw: any, seats: number): Clock | null {
  if (!raw || (!raw.remaining && !raw.deadline)) return null;
  const now = serverNow();
  const remaining = Array.isArray(raw.remaining) ? raw.remaining.map((ns: number) => ns / 1e6) : null;
  const deadline = Array.from({ length: seats }, (_, i) => {
    const d = Array.isArray(raw.deadline) ? Date.parse(raw.deadline[i]) : NaN;
    return isNaN(d) || d < 1e12 ? 0 : d;
  });
  return { remaining, deadline, since: Array(seats).fill(now) };
}

export function tableScreen(main: HTMLElement, params: string[]): () => void {
  const id = params[0];
  let table: Table | null = null;
  let held: number[] = [];
  let st = emptyState();
  let view: GameView | null = null;
  let tutorial: Tutorial | null = null;
  const log: { seq: number; seat: number; text: string }[] = [];
  let destroyed = false;

  const status = h("p", { class: "status", id: "status", "aria-live": "polite" });
  // Before the start, the people sitting see the start they agree to.
  const startPreview = previewPanel("The start you agree on");
  startPreview.el.hidden = true;
  const note = h("p", { class: "note", id: "note", role: "alert" });
  // Shown while a bot plays one of your seats (a timeout with "bot takes
  // over"): a button per such seat asks for it back (match.reclaim).
  const reclaimText = h("span", { id: "reclaim-text" });
  const reclaimBox = h("div", { class: "reclaim", id: "reclaim-box", hidden: true }, reclaimText);
  const reclaimBtns = new Map<number, HTMLButtonElement>();
  /** reclaiming holds the seats asked back whose return has not come yet. */
  const reclaiming = new Set<number>();
  // The board is the table's main control: the skip link leads to it, and
  // the focus goes to it when the table opens on the player's move.
  const boardWrap = h("div", { class: "board-wrap", [mainControl]: true, [skipLabel]: "Skip to the board" });
  const cover = h("div", { class: "handover", hidden: true });
  const result = h("section", { class: "result", hidden: true, "aria-live": "polite", id: "result" });
  const seatsEl = h("ul", { class: "seats", "aria-label": "Players" });
  // The log is a Tab stop (to scroll it by keys) once it has moves: an
  // empty list would be a stop that shows and says nothing.
  const logEl = h("ol", { class: "move-log", "aria-label": "Moves" });
  // An empty Moves panel says why it is empty.
  const logEmpty = h("p", { class: "muted small", id: "log-empty" });
  // Before the start: who sits where and what the table waits for, in
  // place of a board and panels that have nothing to show yet (a game's
  // map was drawn empty, with buttons that did nothing).
  const prestart = h("section", { class: "prestart", id: "prestart", hidden: true, "aria-labelledby": "prestart-title" });
  const controls = h("div", { class: "controls", role: "toolbar", "aria-label": "Game controls" });
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
  const invite = h("div", { class: "invite", hidden: true });
  const title = h("h1", { class: "table-title" });
  const startBtn = h("button", { class: "primary big", id: "start-game", hidden: true }, "Start the game");
  startBtn.addEventListener("click", async () => {
    startBtn.disabled = true;
    try {
      await socket.send("table.start", { table: id });
    } catch (x) {
      ctx.error((x as Error).message);
    }
    startBtn.disabled = false;
  });
  const sitCta = h("button", { class: "primary big", id: "sit-cta", hidden: true }, "Sit here and play");
  sitCta.addEventListener("click", () => void sit(Number(sitCta.dataset.seat)));
  let chat: ReturnType<typeof chatBox> | null = null;
  const chatSlot = h("div");
  let noteTimer = 0;

  const ctx: TableCtx = {
    get table() { return table as Table; },
    get held() { return held; },
    get st() { return st; },
    replay: false,
    mover: () => {
      if (st.outcome || st.handover !== null) return null;
      for (const s of st.turn) {
        if (held.includes(s) && !st.takenOver.includes(s) && (!hidden() || st.views[String(s)] !== undefined)) return s;
      }
      return null;
    },
    viewSeat: () => {
      const m = ctx.mover();
      if (m !== null && st.views[String(m)] !== undefined) return m;
      for (const s of held) if (st.views[String(s)] !== undefined) return s;
      return -1;
    },
    view: () => st.views[String(ctx.viewSeat())] ?? st.views["-1"] ?? Object.values(st.views)[0] ?? null,
    seatName: (i) => {
      const s = table?.seats[i];
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
      if (numbered(i) && name !== `Player ${i + 1}`) return `Player ${i + 1} · ${name}`;
      return name;
    },
    isBot: (i) => table?.seats[i]?.kind === "bot" || st.takenOver.includes(i),
    play: async (seat, move, refused) => {
      try {
        await socket.play({ table: id, seat, move, after: st.seq });
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
      showNote(namedSeats(text, ctx.seatName), true);
      sound("error");
    },
    info: (text) => showNote(text, false),
    refreshStatus: () => renderStatus(),
  };
  // Under the board once the match is over: the game's analysis at the
  // last step and the way to the replay (analysis/atend.ts).
  const lesson = endLesson(ctx);

  /** dropNote takes away the note once the match has moved on: a
   * refusal ("It is not your turn") or a passing note spoke of the board
   * before this move, and would contradict the status line after it. */
  function dropNote(): void {
    clearTimeout(noteTimer);
    note.textContent = "";
  }
  const vote = votePanel({
    table: id, held: () => held, seats: () => table?.seats.length ?? 0, turn: () => st.turn,
    playing: () => table?.status === "playing" && !st.outcome, isBot: ctx.isBot, seatName: ctx.seatName, error: ctx.error,
  });

  function showNote(text: string, isError: boolean): void {
    note.textContent = text;
    note.className = "note " + (isError ? "note-error" : "note-info");
    clearTimeout(noteTimer);
    noteTimer = window.setTimeout(() => { note.textContent = ""; }, isError ? 8000 : 5000);
  }

  const hidden = () => app.games.find((g) => g.name === table?.game)?.hidden ?? !!entry()?.hidden;
  /** entry is what the table's game brings (games/load.ts). */
  const entry = () => table ? gameEntry(table.game) : undefined;
  /** quitTo is where Quit goes: the game's page of its own, or the lobby. */
  const quitTo = () => entry()?.page && table ? "/" + table.game : "/";
  const humanSeatsMine = () => table ? table.seats.every((s, i) => s.kind !== "human" || held.includes(i)) : false;
  const hotseat = () => held.length > 1;

  /** seatSubtitle is the name under "Player N" on a table whose game's
   * spec numbers the players, with a bot's level, left out when the
   * seat's name is that default already. */
  function seatSubtitle(i: number): string {
    const name = ctx.seatName(i);
    return name === `Player ${i + 1}` ? "" : seatWithLevel(table!.seats[i], name);
  }

  /** numbered says whether seat i is told by its number: on a table
   * played online whose game's spec numbers the players, and where
   * another seat has the same name. */
  function numbered(i: number): boolean {
    if (entry()?.numbered && !hotseat()) return true;
    const name = ctx.seatName(i);
    return (table?.seats ?? []).some((_, j) => j !== i && ctx.seatName(j) === name);
  }

  /** seatHeading is a seat's name in the Players panel: "Player N" where
   * seats are numbered, else the seat's own name, a bot's with its level
   * ("Mustard (easy)"). */
  function seatHeading(i: number): string {
    if (numbered(i)) return `Player ${i + 1}`;
    return seatWithLevel(table!.seats[i], ctx.seatName(i));
  }

  /** seatCharacter is the character a seat plays, chosen before the
   * start or dealt at it, so that its swatch wears the pawn's colour;
   * undefined in games without characters and while none is chosen. */
  function seatCharacter(i: number, role?: string): string | undefined {
    const character = entry()?.character;
    if (!character) return undefined;
    return character(ctx.view(), i) || role || undefined;
  }

  function renderSeats(): void {
    clear(seatsEl);
    if (!table) return;
    table.seats.forEach((s, i) => {
      const turn = st.turn.includes(i) && !st.outcome;
      const score = st.scores?.[i];
      const clock = clockText(i);
      const corr = table?.kind === "correspondence";
      const botPlays = st.takenOver.includes(i) && !st.outcome;
      const conn = s.kind === "bot" || botPlays ? "computer" : s.kind === "open" ? "waiting" : s.connected ? "online" : "offline";
      const li = h("li", { class: `seat seat-${i}` + (turn ? " on-turn" : ""), "data-seat": i },
        h("span", { class: "swatch", "aria-hidden": "true", "data-suspect": seatCharacter(i, s.role) }),
        h("div", { class: "seat-who" },
          h("strong", null, seatHeading(i)),
          h("span", { class: "seat-name" }, numbered(i) ? seatSubtitle(i) : (held.includes(i) && !hotseat() ? "you" : "")),
          h("span", { class: "conn conn-" + conn }, h("span", { class: "conn-dot", "aria-hidden": "true" }), botPlays ? "computer plays" : conn,
            clock && !corr ? h("span", { class: "clock", title: "Time left" }, h("span", { class: "sr-only" }, "time left "), clock) : null),
          // A correspondence deadline is a date and a countdown: a line
          // of its own.
          clock && corr ? h("span", { class: "clock clock-due", title: "When the move is due" }, clock) : null,
        ),
        // The cell of the "to move" or "removed" tag, where the person's
        // menu goes too (below), beside the tag rather than inside it.
        h("span", { class: "seat-tags" },
          turn ? h("span", { class: "turn-tag" }, "to move") : removedByVote().includes(i) ? h("span", { class: "tag removed-tag" }, "removed by a vote") : null),
        score !== undefined && score !== null ? h("span", { class: "score", "aria-label": `Score ${score}` }, String(score)) : null,
      );
      if (s.kind === "open" && held.length === 0 && table?.status === "open") {
        li.append(h("button", { class: "primary small-btn", onclick: () => sit(i) }, "Sit here"));
      }
      const roles = app.games.find((g) => g.name === table?.game)?.roles;
      if (roles) li.append(roleControl(roles, s, i));
      // Follow, challenge, mute, block or report the player of the seat.
      const menu = s.kind === "human" && !hotseat() ? personMenu(s.player ?? s.name) : null;
      // In the cell of the "to move" tag: the seat's grid has no other.
      if (menu) li.children[2]?.append(menu);
      seatsEl.append(li);
    });
  }

  // The seat's character (a suspect, say): a choice of the free ones
  // for a seat you hold before the start, else its name.
  function roleControl(roles: NonNullable<GameInfo["roles"]>, s: Table["seats"][number], i: number): HTMLElement {
    const name = (k?: string) => roles.choices.find((c) => c.key === k)?.name ?? "";
    if (!(held.includes(i) && table?.status === "open")) {
      return h("span", { class: "seat-role" }, s.role ? "as " + name(s.role) : table?.status === "open" ? roles.label.toLowerCase() + " not chosen" : "");
    }
    const taken = new Set(table.seats.filter((_, j) => j !== i).map((x) => x.role).filter(Boolean));
    const sel = h("select", { class: "seat-role-choice", "aria-label": `${roles.label} of seat ${i + 1}` },
      h("option", { value: "" }, "Any free " + roles.label.toLowerCase()),
      ...roles.choices.map((c) => h("option", { value: c.key, disabled: taken.has(c.key), selected: c.key === s.role }, c.name + (taken.has(c.key) ? " (taken)" : ""))),
    ) as HTMLSelectElement;
    sel.addEventListener("change", async () => {
      try {
        const r = await socket.send("table.role", { table: id, seat: i, role: sel.value });
        if (supersedes(r.table, table)) table = r.table;
        renderSeats();
      } catch (x) {
        ctx.error((x as Error).message);
        renderSeats();
      }
    });
    return sel;
  }

  async function sit(seat: number): Promise<void> {
    try {
      await socket.send("table.sit", { table: id, seat });
      await watch(true);
    } catch (x) {
      ctx.error((x as Error).message);
    }
  }

  let clock: Clock | null = null;

  function clockText(i: number): string {
    if (!clock || st.outcome) return "";
    const now = serverNow();
    // A correspondence move is due days away: its date, then what is left.
    if (clock.deadline[i] && table?.kind === "correspondence") return dueText(clock.deadline[i]);
    if (clock.deadline[i]) return fmtMs(clock.deadline[i] - now);
    if (clock.remaining) return fmtMs(clock.remaining[i]);
    return "";
  }

  /** clockMoved moves the local clocks on after an update about seat;
   * charge says whether the seat's time since its clock started counts
   * (not a bot's thinking). */
  function clockMoved(seat: number, charge: boolean): void {
    if (!clock || !table) return;
    const now = serverNow();
    if (clock.remaining && seat >= 0 && charge) clock.remaining[seat] = Math.max(0, clock.remaining[seat] - (now - clock.since[seat]));
    const moveMs = Number(table.policy?.["moveClock"] ?? 0) * 1000;
    clock.deadline = clock.deadline.map(() => 0);
    for (const s of st.turn) {
      if (ctx.isBot(s)) continue;
      clock.since[s] = now;
      let d = moveMs ? now + moveMs : 0;
      if (clock.remaining) {
        const g = now + clock.remaining[s];
        if (!d || g < d) d = g;
      }
      clock.deadline[s] = d;
    }
  }

  function renderLog(): void {
    clear(logEl);
    for (const e of log) logEl.append(h("li", null, h("span", { class: "log-seat seat-" + e.seat }, e.seat < 0 ? "Match" : ctx.seatLabel(e.seat)), " ", e.text));
    logEl.scrollTop = logEl.scrollHeight;
    if (log.length > 0) logEl.tabIndex = 0;
    else logEl.removeAttribute("tabindex");
    renderLogEmpty();
  }

  function renderLogEmpty(): void {
    logEmpty.hidden = log.length > 0;
    logEmpty.textContent = table?.status === "open" ? "The moves show here once the game starts." : "No moves yet.";
  }

  /** renderPrestart shows, while the table waits for its start, who is
   * seated (the status line says what is awaited), and keeps the game's board and its own
   * panels out of sight until there is a game to show in them. */
  function renderPrestart(): void {
    const open = table?.status === "open";
    prestart.hidden = !open;
    if (view) view.el.hidden = open;
    sideExtra.hidden = open;
    renderLogEmpty();
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

  /** botFrom is, for each seat a computer player took over, the seq of
   * the takeover, read from the log (so a page loaded while the bot
   * played knows it too). */
  const botFrom = new Map<number, number>();

  /** botMoves tells a player given their seat back at seq what the
   * computer did for them meanwhile, in the game's words: "The computer
   * played 2 moves for you: drew the line a1 to b1; drew the line c3 to
   * c4." Empty when it played none. */
  function botMoves(seat: number, seq: number): string {
    const from = botFrom.get(seat);
    if (from === undefined) return "";
    const moves = log.filter((e) => e.seat === seat && e.seq > from && e.seq < seq);
    if (moves.length === 0) return "";
    const shown = moves.slice(-3).map((e) => e.text);
    const more = moves.length > shown.length ? `, the last ${shown.length}` : "";
    return `The computer played ${moves.length} ${moves.length === 1 ? "move" : "moves"} for you${more}: ${shown.join("; ")}.`;
  }

  /** addLog records a move in the log once, in seq order; it reports
   * whether the log changed. */
  function addLog(m: HistoryEntry): boolean {
    if (log.some((e) => e.seq === m.seq)) return false;
    if (seatChange(m.events) === "bot") botFrom.set(m.seat, m.seq);
    // A vote's step is told by the vote's own words; the game's words for
    // the decision it carried (a turn passed) would say less.
    const voted = !m.move ? voteLogText(m, ctx.seatName) : "";
    const entry = voted || logText(m);
    if (!entry) return false;
    // What this page's seat alone learnt from the move (the card shown to
    // it, in a game of cards) follows the sentence everyone reads.
    const detail = voted ? "" : view?.logDetail?.(m);
    log.push({ seq: m.seq, seat: m.seat, text: detail ? `${entry}: ${detail}` : entry });
    log.sort((a, b) => a.seq - b.seq);
    return true;
  }

  /** logText is a move in the game's own words (Go's Describe, sent as
   * the move's text, with "seat N" for each seat's name), or the match's
   * decision (a resignation, a vote). */
  function logText(m: HistoryEntry): string {
    if (!m.move) {
      const decided = voteLogText(m, ctx.seatName) || matchEventText(m.events ?? []);
      if (decided) return decided;
    }
    if (!m.text) return m.seat < 0 ? "the match ended" : "";
    return namedSeats(m.text, ctx.seatName);
  }

  /** reason is the outcome's reason, seats named ("seat 0 sank…"). */
  function reason(o: { reason?: string }): string {
    return namedSeats(o.reason ?? "", ctx.seatName);
  }

  function outcomeText(): string {
    const o = st.outcome;
    if (!o) return "";
    const w = o.winners ?? [];
    const counted = scoreText(w, st.scores, ctx.seatName);
    const score = counted ? ` ${counted}` : "";
    if (w.length === 0) return `The game ended with no winner.${score}` + (o.reason ? ` (${reason(o)})` : "");
    // Several winners are a tie only when every seat shares the win; after
    // one of three resigns, the two others share it.
    if (w.length > 1 && w.length < (table?.seats.length ?? 0)) return `${w.map((s) => ctx.seatName(s)).join(" and ")} share the win.${score}` + (o.reason ? ` (${reason(o)})` : "");
    if (w.length > 1) return `It's a tie!${score}` + (o.reason ? ` (${reason(o)})` : "");
    const mine = held.includes(w[0]);
    if (!hotseat() && held.length === 1) return (mine ? "You won!" : `${ctx.seatName(w[0])} won.`) + score + (o.reason ? ` (${reason(o)})` : "");
    return `${ctx.seatLabel(w[0])} wins!${score}` + (o.reason ? ` (${reason(o)})` : "");
  }

  function renderPreview(): void {
    const g = app.games.find((x) => x.name === table?.game);
    // A scenario is the start itself, written by hand, and its content is
    // shown to its writer only: there is nothing to preview.
    const scenario = g?.options.some((o) => o.kind === "scenario" && table?.options?.[o.name] != null);
    startPreview.el.hidden = !(table?.status === "open" && g?.preview && canPreview(g.name) && !scenario);
    if (table && !startPreview.el.hidden) startPreview.show(table.game, table.options ?? {});
  }

  function renderStatus(): void {
    if (!table) return;
    let text = "";
    if (st.outcome) text = "Game over. " + outcomeText();
    else if (table.status === "open") {
      const full = !table.seats.some((x) => x.kind === "open");
      if (!full && held.length === 0) text = "A seat is free at this table: sit down to play.";
      else if (!full) text = "Waiting for players to sit down. Share the invite link.";
      else if (isCreator()) text = "Everyone is seated. Start the game when you are ready.";
      else text = `Everyone is seated. Waiting for ${table.creator ?? "the host"} to start the game.`;
    }
    else if (st.handover !== null) text = `Pass the device to ${ctx.seatLabel(st.handover)}.`;
    else {
      const m = ctx.mover();
      if (m !== null) {
        const who = hotseat() || held.length === 0 ? ctx.seatLabel(m) + ", it's" : "It's";
        text = `${who} your turn: ${view?.hint?.() ?? "make a move"}.`;
      } else if (st.turn.length === 0) {
        text = "Starting…";
      } else {
        const names = st.turn.map((s) => {
          if (st.takenOver.includes(s)) return held.includes(s) && !hotseat() ? "A computer player is moving for you…" : `A computer player is moving for ${ctx.seatLabel(s)}…`;
          return ctx.isBot(s) ? `${ctx.seatName(s)} is thinking…` : `Waiting for ${ctx.seatLabel(s)}…`;
        });
        text = names.join(" ");
      }
    }
    status.textContent = text;
    status.classList.toggle("my-turn", ctx.mover() !== null);
    // The invite link is for those at the table to share; whoever came by
    // it (or from the lobby) is asked to sit down instead.
    const free = table.status === "open" ? table.seats.findIndex((x) => x.kind === "open") : -1;
    invite.hidden = free < 0 || held.length === 0;
    sitCta.hidden = free < 0 || held.length > 0;
    sitCta.dataset.seat = String(free);
    startBtn.hidden = !(table.status === "open" && isCreator() && !table.seats.some((x) => x.kind === "open"));
  }

  /** renderReclaim shows a "Take my seat back" button for each of your
   * seats a bot plays now. Buttons are kept across renders, so that one a
   * keyboard user has reached keeps focus while the bot moves. */
  function renderReclaim(): void {
    const mine = table && table.status === "playing" && !st.outcome ? held.filter((s) => st.takenOver.includes(s)) : [];
    let hadFocus = false;
    for (const [s, b] of reclaimBtns) {
      if (mine.includes(s)) continue;
      if (document.activeElement === b) hadFocus = true;
      b.remove();
      reclaimBtns.delete(s);
    }
    for (const s of mine) {
      let b = reclaimBtns.get(s);
      if (!b) {
        b = h("button", { type: "button", class: "primary", id: hotseat() ? `reclaim-${s}` : "reclaim", "data-seat": s, "aria-describedby": "reclaim-text" });
        b.addEventListener("click", () => void reclaim(s));
        reclaimBtns.set(s, b);
        reclaimBox.append(b);
      }
      const asked = reclaiming.has(s);
      const text = asked ? "Taking your seat back…" : hotseat() ? `Take my seat back (${ctx.seatLabel(s)})` : "Take my seat back";
      if (b.textContent !== text) b.textContent = text;
      // aria-disabled rather than disabled: a disabled button loses the
      // keyboard focus.
      b.setAttribute("aria-disabled", String(asked));
    }
    reclaimText.textContent = mine.length === 0 ? "" : mine.length === 1 && !hotseat()
      ? "A computer player is playing your seat."
      : "A computer player is playing for " + mine.map((s) => ctx.seatLabel(s)).join(" and ") + ".";
    reclaimBox.hidden = mine.length === 0;
    if (hadFocus) {
      // The seat is back: go on to the board, where the next move is made.
      const next = reclaimBtns.values().next().value ?? boardWrap.querySelector<HTMLElement>('[tabindex="0"]');
      next?.focus();
    }
  }

  async function reclaim(seat: number): Promise<void> {
    if (reclaiming.has(seat)) return;
    reclaiming.add(seat);
    renderReclaim();
    try {
      const r = await socket.send<{ seq?: number; pending?: boolean }>("match.reclaim", { table: id, seat });
      if (r.pending && st.takenOver.includes(seat)) ctx.info("The computer finishes the move it is thinking about; then the seat is yours.");
    } catch (x) {
      reclaiming.delete(seat);
      ctx.error((x as Error).message);
      renderReclaim();
    }
  }

  function isCreator(): boolean {
    return !!table && !!app.me && table.creator === app.me.name;
  }

  function renderResult(): void {
    if (!st.outcome) {
      result.hidden = true;
      lesson.el.hidden = true;
      return;
    }
    if (table?.match) lesson.show(table.match, view?.el ?? null);
    const wasHidden = result.hidden;
    result.hidden = false;
    clear(result);
    const w = st.outcome.winners ?? [];
    const iWon = w.length === 1 && held.includes(w[0]) && !hotseat();
    const iLost = w.length === 1 && held.length > 0 && !held.includes(w[0]) && !hotseat();
    result.className = "result" + (iWon ? " won" : iLost ? " lost" : "");
    const rematch = h("button", { class: "primary", id: "rematch" }, "Rematch");
    rematch.addEventListener("click", doRematch);
    const again = h("button", { id: "new-game" }, "New game");
    again.addEventListener("click", () => openCreateDialog({ game: table?.game, options: table?.options }));
    const quit = h("button", { id: "quit-result" }, "Quit");
    quit.addEventListener("click", () => { quitTable(id); navigate(quitTo()); });
    const join = rematchAt ? h("a", { class: "button primary", href: "/t/" + rematchAt, "data-nav": true, id: "join-rematch" }, "Join the rematch") : null;
    const heading = h("h2", { tabindex: "-1" }, outcomeText());
    result.append(heading,
      h("div", { class: "actions" }, join, held.length && !join ? rematch : null, again,
        table?.match ? h("a", { class: "button", href: "/replay/" + table.match, "data-nav": true }, "Watch replay") : null, quit));
    if (wasHidden) {
      announce("Game over. " + outcomeText());
      sound(iLost ? "lose" : "win");
      // A control that had the focus may be gone with the game (Resign,
      // the board's last free line): the focus goes to the result.
      const a = document.activeElement;
      if (!a || a === document.body || a === main) heading.focus();
    }
  }

  async function doRematch(): Promise<void> {
    // With other people at the table this is an offer (rematch.ts): the
    // panel of offers shows whom it waits for, and the new table opens
    // once everyone accepted; alone or at one screen it opens at once.
    await answerRematch(id, true);
  }

  function renderCover(): void {
    const s = st.handover;
    if (s === null || st.outcome) {
      cover.hidden = true;
      boardWrap.classList.remove("covered");
      return;
    }
    cover.hidden = false;
    boardWrap.classList.add("covered");
    clear(cover);
    const ok = h("button", { class: "primary big", id: "handover-ok" }, `I am ${ctx.seatLabel(s)}: show my board`);
    ok.addEventListener("click", async () => {
      ok.disabled = true;
      try {
        const r = await socket.send<{ snapshot?: Snapshot | null }>("match.handover", { table: id, seat: s });
        if (r.snapshot && r.snapshot.seq >= st.seq) st = fromSnapshot(r.snapshot);
        if (st.handover === s) st.handover = null;
        renderAll();
      } catch (x) {
        ctx.error((x as Error).message);
        ok.disabled = false;
      }
    });
    cover.append(h("div", { class: "handover-card" },
      h("h2", null, `Pass the device to ${ctx.seatLabel(s)}`),
      h("p", null, "The previous player's board is hidden. Hand over the screen, then press the button."),
      ok));
    announce(`Pass the device to ${ctx.seatLabel(s)}.`);
    ok.focus();
  }

  function renderControls(): void {
    clear(controls);
    if (!table) return;
    const game = table.game;
    const help = h("button", { id: "help", "aria-label": "Help and rules" }, "Help");
    help.addEventListener("click", () => openRules(game));
    const save = h("button", { id: "save" }, "Save");
    save.addEventListener("click", saveGame);
    const restart = h("button", { id: "restart" }, "Restart");
    restart.addEventListener("click", async () => {
      if (!st.outcome && log.length > 0 && !(await ask({
        title: "Start a new game?", text: "A new game starts with the same settings. This game stays in your saved matches only if you save it.",
        yes: "Start a new game", no: "Keep playing", danger: true,
      }))) return;
      await doRematch();
    });
    const resign = h("button", { id: "resign", "aria-haspopup": "dialog" }, "Resign");
    resign.addEventListener("click", confirmResign);
    // A game's page of its own (a menu: new game, load, tutorial,
    // rulebook, achievements) opens over the game at any time, and closes
    // back to it.
    const page = entry()?.page;
    const menu = page ? h("button", { id: page.menuId, "aria-haspopup": "dialog" }, "Menu") : null;
    menu?.addEventListener("click", () => void page?.load().then((p) => p.overTable(), (x: Error) => ctx.error(x.message)));
    const quit = h("button", { id: "quit" }, "Quit");
    // navigate asks first during a game in play (away.ts).
    quit.addEventListener("click", () => { if (st.outcome) quitTable(id); navigate(quitTo()); });
    const playing = table.status === "playing" && !st.outcome;
    const removed = held.length > 0 && held.every((s) => removedByVote().includes(s));
    for (const b of [
      held.length > 0 && humanSeatsMine() && table.status !== "open" ? restart : null,
      held.length > 0 && playing ? save : null,
      held.length > 0 && playing && !removed ? resign : null,
      removed ? null : vote.callButton(),
      menu, help, quit,
    ]) if (b) controls.append(b);
    const link = location.origin + "/t/" + id;
    clear(invite);
    const copy = h("button", { class: "small-btn" }, "Copy link");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        ctx.info("Invite link copied.");
      } catch {
        ctx.info("Select the link and copy it.");
      }
    });
    invite.append(h("label", { for: "invite-link" }, "Invite link"), h("input", { id: "invite-link", readonly: true, value: link, onfocus: (e: FocusEvent) => (e.target as HTMLInputElement).select() }), copy);
  }

  /** confirmResign asks before resigning: a dialog whose default button
   * keeps playing, so a stray Enter or Escape resigns nothing. With several
   * seats (hot-seat) it asks which one gives up. */
  function confirmResign(): void {
    if (!table || held.length === 0) return;
    const dlg = h("dialog", { class: "small-dialog", "aria-labelledby": "resign-title", "aria-describedby": "resign-text", id: "resign-dialog" });
    const first = ctx.mover() ?? held[0];
    const others = (seat: number) => table!.seats.map((_, i) => i).filter((i) => i !== seat);
    // With two seats the other wins; at three or more a resignation ends
    // the game for everyone, the others sharing the win (match.resign),
    // which a player would not guess from a game of two: say so by name.
    const outcome = (seat: number) => {
      const o = others(seat).map((i) => ctx.seatName(i));
      if (o.length === 1) return `You lose this game and ${o[0]} wins.`;
      const names = o.slice(0, -1).join(", ") + " and " + o[o.length - 1];
      return `Resigning ends the game for everyone: you lose and ${names} share the win.`;
    };
    const text = h("p", { id: "resign-text" });
    let pick: HTMLSelectElement | null = null;
    const seat = () => (pick ? Number(pick.value) : first);
    const describe = () => { text.textContent = `${outcome(seat())} This cannot be undone.`; };
    const err = h("p", { class: "form-error", role: "alert" });
    const keep = h("button", { type: "button", class: "primary", id: "resign-cancel" }, "Keep playing");
    keep.addEventListener("click", () => dlg.close());
    const ok = h("button", { type: "submit", class: "danger", id: "resign-ok" }, "Resign");
    const fields: (HTMLElement | null)[] = [];
    if (held.length > 1) {
      pick = h("select", { id: "resign-seat" }) as HTMLSelectElement;
      for (const s of held) pick.append(h("option", { value: String(s), selected: s === first }, ctx.seatLabel(s)));
      pick.addEventListener("change", describe);
      fields.push(h("div", { class: "field" }, h("label", { for: "resign-seat" }, "Who resigns"), pick));
    }
    const form = h("form", null, h("h2", { id: "resign-title" }, "Resign this game?"), text, ...fields, err,
      h("div", { class: "actions" }, keep, ok));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      ok.disabled = true;
      try {
        await socket.send("match.resign", { table: id, seat: seat() });
        dlg.close();
      } catch (x) {
        err.textContent = (x as Error).message;
        ok.disabled = false;
      }
    });
    describe();
    dlg.append(form);
    dlg.addEventListener("close", () => {
      dlg.remove();
      // Back to Resign when the game goes on; a game that ended with the
      // resignation gives the focus to its result instead (renderResult,
      // now or when the end's push comes).
      const back = document.getElementById("resign");
      if (back && back.getClientRects().length > 0) back.focus();
      else if (!result.hidden) (result.querySelector("h2") as HTMLElement | null)?.focus();
    });
    document.body.append(dlg);
    dlg.showModal();
    keep.focus();
  }

  function saveGame(): void {
    const dlg = h("dialog", { class: "small-dialog", "aria-labelledby": "save-title" });
    const def = `${gameTitle(table?.game ?? "")} ${new Date().toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}`;
    const name = h("input", { id: "save-name", value: def, maxlength: 60, required: true });
    const err = h("p", { class: "form-error", role: "alert" });
    const ok = h("button", { type: "submit", class: "primary", id: "save-ok" }, "Save");
    const cancel = h("button", { type: "button" }, "Cancel");
    cancel.addEventListener("click", () => dlg.close());
    const form = h("form", null, h("h2", { id: "save-title" }, "Save this game"),
      h("div", { class: "field" }, h("label", { for: "save-name" }, "Name"), name), err,
      h("div", { class: "actions" }, cancel, ok));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      ok.disabled = true;
      try {
        await socket.send("match.save", { table: id, name: name.value.trim() || def });
        dlg.close();
        toast(`Saved as “${name.value.trim() || def}”. Load it any time from Saved games.`);
      } catch (x) {
        err.textContent = (x as Error).message;
        ok.disabled = false;
      }
    });
    dlg.append(form);
    dlg.addEventListener("close", () => dlg.remove());
    document.body.append(dlg);
    dlg.showModal();
    name.select();
  }

  const away = awayPanel(id, () => ({ table, held, over: st.outcome !== null, out: outOfTheRunning() }), (text) => ctx.info(text));
  /** outOfTheRunning: a seat of yours lost its chance to win (a wrong
   * accusation, say) and now only answers the others. */
  function outOfTheRunning(): boolean {
    return !!entry()?.out?.(ctx.view(), held);
  }

  /** removedByVote lists the seats the players removed from the game by a
   * vote (a game's spec may allow it): their cards still answer, but they
   * play no more, so they may neither resign nor call a vote. */
  function removedByVote(): number[] {
    // Not every game's view lists its players (one may count them).
    const players = (ctx.view() as { players?: unknown } | null)?.players;
    if (!Array.isArray(players)) return [];
    return (players as { seat: number; removed?: boolean }[]).filter((p) => p.removed).map((p) => p.seat);
  }

  function renderAll(): void {
    away.render();
    if (!table || destroyed) return;
    screen.dataset.match = table.match || "";
    title.textContent = gameTitle(table.game) + (optionsText(table) ? ` · ${optionsText(table)}` : "");
    renderSeats();
    view?.update();
    renderStatus();
    renderPreview();
    renderPrestart();
    renderResult();
    renderCover();
    renderControls();
    renderReclaim();
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
    reclaiming.clear();
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
    for (const e of r.history ?? []) addLog(e);
    if (!chat && table) {
      // The server takes lines from the players, the table's creator,
      // and spectators only where the table lets them chat.
      chat = chatBox("table:" + id, "Table chat", () => held.length > 0 || isCreator() || !!table?.spectatorChat);
      chatSlot.append(chat.el);
    }
    renderAll();
    renderLog();
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
  let rematchAt = "";

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
    if (addLog(m)) renderLog();
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
      reclaiming.delete(m.seat);
    }
    // A bot's thinking is not charged to the seat's game clock; the
    // holder's time up to a takeover is.
    if (fresh) clockMoved(m.seat, change === "bot" || (change === null && !ctx.isBot(m.seat)));
    if (table && st.outcome) table.status = "over";
    else if (table && table.status === "open") table.status = "playing";
    if (fresh) dropNote();
    renderAll();
    if (fresh) {
      const evs: GameEvent[] = m.events ?? [];
      view?.events?.(evs, m);
      tutorial?.events(evs, m);
      if (change === "holder" && held.includes(m.seat)) {
        announce(hotseat() ? `${ctx.seatLabel(m.seat)} is yours again.` : "Your seat is yours again.");
        const played = botMoves(m.seat, m.seq);
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
        renderResult();
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
    if (clock && !st.outcome) renderSeats();
    away.render();
  }, 1000);

  const screen = h("div", { class: "table-screen" },
    h("div", { class: "table-main" },
      h("div", { class: "table-head" }, title, controls, nextGame),
      status, away.el, reclaimBox, vote.el, prestart, startBtn, sitCta, note, invite, startPreview.el, result,
      h("div", { class: "board-area" }, boardWrap, sideExtra), lesson.el),
    h("aside", { class: "table-side", "aria-label": "Players, moves and chat" },
      h("section", { class: "panel" }, h("h2", null, "Players"), seatsEl, away.policy),
      h("section", { class: "panel" }, h("h2", null, "Moves"), logEl, logEmpty),
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
  boardWrap.append(cover);
  status.textContent = "Joining the table…";
  void watch();

  return () => {
    destroyed = true;
    offNext();
    away.destroy();
    offs.forEach((f) => f());
    clearInterval(tick);
    clearTimeout(noteTimer);
    chat?.destroy();
    vote.destroy();
    lesson.destroy();
    view?.destroy?.();
    tutorial?.destroy();
    socket.unwatch(id);
  };
}
