// "My games": the player's games in play, those waiting on them first
// (GET /api/my-games), kept fresh while the page is open. The lobby lists
// them, the page's title counts those waiting ("(3) Lobby - Parlor"; at a
// table, those waiting elsewhere), and
// a table offers the next one waiting. The server's time comes with the
// list: deadlines count down from it, not from this computer's clock.
import { http } from "./api";
import { setWaiting } from "./screenfocus";
import { app } from "./state";
import { socket } from "./ws";

export interface MyGame {
  table: string; game: string; kind: "live" | "correspondence";
  players: string[]; mine: number[]; myTurn: boolean; turn: number[];
  /** when the game began waiting for the move it waits for, and when that move is due */
  since?: string; deadline?: string;
}
export interface Vacation { until?: string; left: number; perYear: number; maxDays: number }
export interface MyGames { now: string; waiting: number; games: MyGame[]; vacation: Vacation }

let last: MyGames | null = null;
let skew = 0;
const listeners = new Set<() => void>();

/** serverNow is the server's time as well as this page knows it. */
export function serverNow(): number {
  return Date.now() + skew;
}

export function myGames(): MyGames | null {
  return last;
}

/** onMyGames calls f whenever the list changes; it returns the unsubscribe. */
export function onMyGames(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function take(g: MyGames): void {
  const sent = Date.parse(g.now);
  if (!isNaN(sent)) skew = sent - Date.now();
  g.games = g.games ?? [];
  last = g;
  recountWaiting();
  listeners.forEach((f) => f());
}

/** recountWaiting puts in the title the games waiting on the player other
 * than the table on screen, whose own title says "Your move" already. */
export function recountWaiting(): void {
  const here = location.pathname.startsWith("/t/") ? location.pathname.slice(3) : "";
  setWaiting(last?.games.filter((g) => g.myTurn && g.table !== here).length ?? 0);
}

/** refreshMyGames asks the server for the list again. */
export async function refreshMyGames(): Promise<void> {
  if (!app.me) return;
  try {
    take(await http<MyGames>("GET", "/api/my-games"));
  } catch {
    // The list waits for the next refresh; the game itself is unaffected.
  }
}

/** setVacation starts a vacation of days, or ends the one under way (0). */
export async function setVacation(days: number): Promise<void> {
  if (days > 0) await http("POST", "/api/vacation", { days });
  else await http("DELETE", "/api/vacation");
  await refreshMyGames();
}

/** nextWaiting is the table of the first game waiting on the player, other
 * than the one named; null when none waits. */
export function nextWaiting(except = ""): string | null {
  return last?.games.find((g) => g.myTurn && g.table !== except)?.table ?? null;
}

let timer = 0;
let soon = 0;

/** followMyGames keeps the list fresh: now, after each move anywhere the
 * page hears of, and every half minute for the moves it does not (a
 * partner's move at a table this page is not at). */
export function followMyGames(): void {
  const later = () => {
    window.clearTimeout(soon);
    soon = window.setTimeout(() => void refreshMyGames(), 300);
  };
  socket.on("hello", later);
  socket.on("match", later);
  socket.on("lobby.tables.diff", later);
  window.clearInterval(timer);
  timer = window.setInterval(() => void refreshMyGames(), 30000);
  void refreshMyGames();
}

/** forgetMyGames drops the list at logout. */
export function forgetMyGames(): void {
  last = null;
  setWaiting(0);
  listeners.forEach((f) => f());
}

/** fmtLeft says a span of time as a countdown: "2 d 5 h", "5 h 12 min",
 * "4:09". */
export function fmtLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), min = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${hr} h`;
  if (hr > 0) return `${hr} h ${min} min`;
  return `${min}:${String(s % 60).padStart(2, "0")}`;
}

/** fmtDate says a deadline as a date and time in the player's own zone:
 * "Tue 9 Jun, 14:00". */
export function fmtDate(ms: number): string {
  const d = new Date(ms);
  return d.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" }) + ", " +
    d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** dueText is a deadline as both clients word it: the date, then what is
 * left ("due Tue 9 Jun, 14:00 · 1 d 23 h left"). */
export function dueText(deadline: string | number): string {
  const ms = typeof deadline === "number" ? deadline : Date.parse(deadline);
  if (isNaN(ms) || ms <= 0) return "";
  return `due ${fmtDate(ms)} · ${fmtLeft(ms - serverNow())} left`;
}
