// The table's match state as the screen keeps it, and the seats' clocks,
// moved on here between the server's snapshots.
import type { Snapshot, Table } from "../api";
import type { MatchState } from "../games/types";
import { dueText, serverNow } from "../mygames";

export function emptyState(): MatchState {
  return { seq: 0, turn: [], scores: null, outcome: null, views: {}, handover: null, clocks: null, takenOver: [] };
}

export function fromSnapshot(s: Snapshot | null): MatchState {
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
export interface Clock { remaining: number[] | null; deadline: number[]; since: number[] }

export function clockFrom(raw: any, seats: number): Clock | null {
  if (!raw || (!raw.remaining && !raw.deadline)) return null;
  const now = serverNow();
  const remaining = Array.isArray(raw.remaining) ? raw.remaining.map((ns: number) => ns / 1e6) : null;
  const deadline = Array.from({ length: seats }, (_, i) => {
    const d = Array.isArray(raw.deadline) ? Date.parse(raw.deadline[i]) : NaN;
    return isNaN(d) || d < 1e12 ? 0 : d;
  });
  return { remaining, deadline, since: Array(seats).fill(now) };
}

/** clockText is seat i's time left, or its move's due date on a
 * correspondence table; "" without a clock or once the match is over. */
export function clockText(clock: Clock | null, st: MatchState, table: Table | null, i: number): string {
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
export function clockMoved(clock: Clock | null, table: Table | null, st: MatchState, isBot: (s: number) => boolean, seat: number, charge: boolean): void {
  if (!clock || !table) return;
  const now = serverNow();
  if (clock.remaining && seat >= 0 && charge) clock.remaining[seat] = Math.max(0, clock.remaining[seat] - (now - clock.since[seat]));
  const moveMs = Number(table.policy?.["moveClock"] ?? 0) * 1000;
  clock.deadline = clock.deadline.map(() => 0);
  for (const s of st.turn) {
    if (isBot(s)) continue;
    clock.since[s] = now;
    let d = moveMs ? now + moveMs : 0;
    if (clock.remaining) {
      const g = now + clock.remaining[s];
      if (!d || g < d) d = g;
    }
    clock.deadline[s] = d;
  }
}
