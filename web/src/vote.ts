// The players' vote (protocol v6, docs/protocol.md "Votes"): at a table
// of three or more, a player calls a vote to pass the turn of the player
// to move or to remove a player, and the others answer with a ballot.
// Everyone at the table, spectators too, sees the open vote with its tally
// and the time left. The table screen gives this panel its place and
// feeds it snapshots and pushes; everything else lives here.
import type { GameEvent, MatchPush, Snapshot } from "./api";
import { announce, clear, h } from "./dom";
import { socket } from "./ws";
import { openVoteDialog } from "./votedialog";

export interface Vote {
  kind: "pass" | "remove"; subject: number; caller: number; voters: number[];
  yes: number[]; no: number[]; needed: number; until?: string; result?: string;
}

/** What the panel needs of its table. */
export interface VoteDeps {
  table: string;
  held: () => number[];
  seats: () => number;
  turn: () => number[];
  playing: () => boolean;
  isBot: (seat: number) => boolean;
  seatName: (seat: number) => string;
  error: (text: string) => void;
}

const voteEvents = new Set(["vote", "ballot", "voteend"]);

/** voteOf is the tally a push or history entry of a vote carries. */
export function voteOf(m: { move?: unknown; events?: GameEvent[] | null }): Vote | null {
  const e = m.events?.[0];
  if (m.move || !e || !voteEvents.has(e.type)) return null;
  return (e.data as { vote?: Vote } | undefined)?.vote ?? null;
}

function question(v: Vote, name: (s: number) => string): string {
  return v.kind === "remove" ? `remove ${name(v.subject)} from the game` : `pass ${name(v.subject)}'s turn`;
}

/** voteLogText words a vote's step for the move log, after the name of
 * the step's seat (the caller, the voter, or for the end the player
 * voted on), or returns "" for other steps. */
export function voteLogText(m: { move?: unknown; seat: number; events?: GameEvent[] | null }, name: (s: number) => string): string {
  const v = voteOf(m);
  if (!v) return "";
  switch (m.events![0].type) {
    case "vote": return `calls a vote to ${question(v, name)}`;
    case "ballot": return v.yes.includes(m.seat) ? "votes yes" : "votes no";
  }
  const pass = v.kind === "pass";
  switch (v.result) {
    case "carried": return pass ? "had the turn passed by a vote" : "was removed from the game by a vote";
    case "void": return "ended the turn first (the vote to pass it no longer applies)";
  }
  const how = v.result === "lapsed" ? "lapsed" : "failed";
  return pass ? `keeps the turn (the vote to pass it ${how})` : `stays in the game (the vote to remove them ${how})`;
}

export interface VotePanel {
  el: HTMLElement;
  fromSnapshot(s: Snapshot | null): void;
  callButton(): HTMLElement | null;
  onPush(m: MatchPush): void;
  update(): void;
  destroy(): void;
}

/** PanelState is the panel's state: the kinds of vote the table allows,
 * the vote open, and what was last drawn. */
interface PanelState {
  d: VoteDeps;
  kinds: string[];
  open: Vote | null;
  el: HTMLElement;
  // The seconds left tick in the tally alone: the ballot's buttons stay
  // put, so a click or the keyboard's focus is never lost to a redraw.
  tally: HTMLElement | null;
  drawn: string;
}

function tallyText(v: Vote): string {
  return `Yes ${v.yes.length}, no ${v.no.length} of ${v.voters.length} voters; ${v.needed} yes carry it. ${left(v)} left.`;
}

function left(v: Vote): string {
  const s = v.until ? Math.max(0, Math.round((Date.parse(v.until) - Date.now()) / 1000)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** me is the seat that votes from this screen: none at a hot seat. */
const me = (p: PanelState): number | null => (p.d.held().length === 1 ? p.d.held()[0] : null);

export function votePanel(d: VoteDeps): VotePanel {
  const p: PanelState = {
    d, kinds: [], open: null, el: h("section", { class: "vote-box", id: "vote-box", "aria-label": "Players' vote", hidden: true }), tally: null, drawn: "",
  };
  const tick = window.setInterval(() => { if (p.open && p.tally) p.tally.textContent = tallyText(p.open); }, 1000);
  return {
    el: p.el,
    fromSnapshot(s) {
      p.kinds = (s as { votes?: string[] } | null)?.votes ?? [];
      p.open = (s as { vote?: Vote | null } | null)?.vote ?? null;
      update(p);
    },
    onPush: (m) => onPush(p, m),
    update: () => update(p),
    callButton: () => callButton(p),
    destroy() {
      clearInterval(tick);
      document.getElementById("vote-dialog")?.remove();
    },
  };
}

async function send(p: PanelState, type: string, fields: Record<string, unknown>): Promise<boolean> {
  try {
    await socket.send(type, { table: p.d.table, ...fields });
    return true;
  } catch (x) {
    p.d.error((x as Error).message);
    return false;
  }
}

function update(p: PanelState): void {
  const { d, el } = p;
  const seat = me(p);
  // Drawn again only when something shown changed.
  const key = JSON.stringify([p.open, p.kinds, seat, d.playing(), d.turn(), d.held()]);
  if (key === p.drawn) return;
  p.drawn = key;
  clear(el);
  p.tally = null;
  if (p.open) {
    const v = p.open;
    el.hidden = false;
    p.tally = h("p", { class: "vote-tally", id: "vote-tally" }, tallyText(v));
    el.append(h("p", { class: "vote-question", id: "vote-question" },
      `${d.seatName(v.caller)} calls a vote to ${question(v, d.seatName)}.`), p.tally);
    if (seat !== null && v.voters.includes(seat) && !v.yes.includes(seat) && !v.no.includes(seat)) {
      el.append(ballot(p, seat));
    } else if (seat === v.subject) {
      el.append(h("p", { class: "muted" }, "The others are voting on this; you have no vote in it."));
    } else if (seat !== null && (v.yes.includes(seat) || v.no.includes(seat))) {
      el.append(h("p", { class: "muted" }, `You voted ${v.yes.includes(seat) ? "yes" : "no"}.`));
    }
    return;
  }
  el.hidden = true;
}

/** ballot is the yes and no of the seat voting from this screen. */
function ballot(p: PanelState, seat: number): HTMLElement {
  const yes = h("button", { class: "primary", id: "vote-yes" }, "Vote yes");
  const no = h("button", { id: "vote-no" }, "Vote no");
  const cast = async (b: boolean) => {
    yes.disabled = no.disabled = true;
    if (!(await send(p, "match.vote.cast", { seat, yes: b }))) yes.disabled = no.disabled = false;
  };
  yes.addEventListener("click", () => void cast(true));
  no.addEventListener("click", () => void cast(false));
  return h("div", { class: "vote-ballot", role: "group", "aria-label": "Your vote" }, yes, no);
}

/** callButton is the table's "Call a vote" control, for a player at
 * their own screen while no vote is open; null otherwise. */
function callButton(p: PanelState): HTMLElement | null {
  const seat = me(p);
  if (seat === null || p.kinds.length === 0 || !p.d.playing() || p.open) return null;
  const what = p.kinds.includes("remove") ? "pass a stalled turn or remove a player" : "pass a stalled turn";
  const call = h("button", { id: "vote-call", "aria-haspopup": "dialog", title: `Ask the other players to ${what}` }, "Call a vote");
  call.addEventListener("click", () => openVoteDialog(p.d, p.kinds, seat));
  return call;
}

function onPush(p: PanelState, m: MatchPush): void {
  const d = p.d;
  const v = voteOf(m);
  if (!v) {
    if (m.outcome) p.open = null;
    return;
  }
  const seat = me(p);
  if (m.events![0].type === "voteend") {
    p.open = null;
    announce(`${d.seatName(m.seat)} ${voteLogText(m, d.seatName)}.`);
  } else {
    p.open = v;
    if (m.events![0].type === "vote" && seat !== null && v.voters.includes(seat) && !v.yes.includes(seat)) {
      announce(`${d.seatName(v.caller)} calls a vote to ${question(v, d.seatName)}. Vote yes or no.`);
    }
  }
}
