// Leaving a table (protocol v6): the table's policy for a gone player in
// words, the countdown everyone sees while a seat is away, and the
// question asked before a player leaves a game in play. The sentences are
// those of the terminal client (package client, leaving.go).
import type { Seat, Table } from "./api";

export type LeaveAction = "" | "forfeit" | "bot" | "end" | "pause";

/** leaveActions are the actions the create dialog offers, in its order. */
export const leaveActions: LeaveAction[] = ["bot", "forfeit", "end", "pause"];

/** actionWords says what an action does to a gone player's seat. */
export function actionWords(a: LeaveAction): string {
  switch (a) {
    case "bot": return "a bot plays for them";
    case "forfeit": return "their seat forfeits";
    case "end": return "the game ends for everyone";
    case "pause": return "the game pauses until they return";
  }
  return "the game waits for them";
}

/** span says a number of seconds as a person reads a wait. */
export function span(secs: number): string {
  const s = Math.round(secs);
  if (s < 60) return `${s} s`;
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** leavingWords is a table's policy for a gone player, as the lobby and
 * the table show it. */
export function leavingWords(policy: Record<string, unknown> | undefined): string {
  const a = String(policy?.["onGone"] ?? "") as LeaveAction;
  const grace = Number(policy?.["grace"] ?? 0);
  if (!a) return "If a player leaves: the game waits for them";
  if (grace <= 0) return "If a player leaves: at once, " + actionWords(a);
  return `If a player leaves: waits ${span(grace)}, then ${actionWords(a)}`;
}

/** tableLeavingWords is the policy in words as it applies to table t: at
 * a table of one person against bots, a leaver's game pauses rather than
 * forfeit or end, as the server does. */
export function tableLeavingWords(t: Table): string {
  const a = String(t.policy?.["onGone"] ?? "");
  if (t.kind === "correspondence") return correspondenceWords(t.seats.length, a as LeaveAction);
  const humans = t.seats.filter((s) => s.kind === "human").map((s) => s.name);
  const onePerson = !t.seats.some((s) => s.kind === "open") && humans.length > 0 && humans.every((n) => n === humans[0]);
  if ((a === "forfeit" || a === "end") && onePerson) return leavingWords({ ...t.policy, onGone: "pause" });
  return leavingWords(t.policy);
}

/** correspondenceWords is the leaving policy of a correspondence table:
 * nobody waits for a player who is away, the clock alone decides, and
 * among three or more the policy's action follows a clock that ran out
 * (the server gives the seat to a bot for "pause"). */
export function correspondenceWords(seats: number, a: LeaveAction): string {
  if (seats > 2) return `Across days: the clock runs even when away; out of time, ${actionWords(a === "pause" || !a ? "bot" : a)}`;
  return "Across days: the clock runs even when away; who runs out of time loses";
}

/** clockText writes a wait as m:ss (h:mm:ss from an hour), rounded up. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(s / 60) % 60).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

/** countdown says what happens to a gone seat and when, or "" for a seat
 * whose player is here. */
export function countdown(s: Seat, now: number): string {
  if (s.kind !== "human" || s.connected) return "";
  const who = `${s.name} is away`;
  const until = s.goneUntil ? Date.parse(s.goneUntil) : NaN;
  if (isNaN(until) || !s.then) return who;
  const left = until - now;
  if (left <= 0) return s.then === "pause" ? who + ": the game is paused until they return" : who;
  const c = clockText(left);
  switch (s.then) {
    case "bot": return `${who}: a bot plays for them in ${c}`;
    case "forfeit": return `${who}: their seat forfeits in ${c}`;
    case "end": return `${who}: the game ends for everyone in ${c}`;
    case "pause": return `${who}: the game pauses in ${c}`;
  }
  return who;
}

/** leaveWarning is what a player who holds the seats held reads before
 * leaving a game in play. Alone with bots the game pauses rather than
 * forfeit or end, as the server does. */
export function leaveWarning(t: Table, held: number[]): string {
  const grace = Number(t.policy?.["grace"] ?? 0);
  let a = String(t.policy?.["onGone"] ?? "") as LeaveAction;
  const othersHere = t.seats.some((s, i) => s.kind === "human" && !held.includes(i) && s.connected);
  if ((a === "forfeit" || a === "end") && !othersHere) a = "pause";
  let what: string;
  switch (a) {
    case "bot": what = "a bot plays for you until you come back"; break;
    case "forfeit": what = "your seat forfeits and the others win"; break;
    case "end": what = "the game ends for everyone"; break;
    case "pause": what = "the game pauses until you come back (it is closed after 7 days)"; break;
    default: return "If you leave, your seat waits for you.";
  }
  if (grace <= 0) return `If you leave, ${what} at once.`;
  return `If you leave, your seat waits ${span(grace)} for you; then ${what}.`;
}

/** outNote comes before the leave warning of a player out of the running
 * after a wrong accusation, whose cards still answer suggestions (see the
 * game entry's out). */
export const outNote = "You accused wrongly and are out of the running, but your cards still answer suggestions. ";

/** leftKey marks, in the browser, a table this player left during its
 * game, so that coming back they read that their seat was kept. */
const leftKey = (table: string) => "parlor.left." + table;

export function markLeft(table: string): void {
  try { localStorage.setItem(leftKey(table), "1"); } catch { /* storage off: no note */ }
}

/** cameBack reports, once, whether this player had left the table. */
export function cameBack(table: string): boolean {
  try {
    const was = localStorage.getItem(leftKey(table)) !== null;
    localStorage.removeItem(leftKey(table));
    return was;
  } catch {
    return false;
  }
}
