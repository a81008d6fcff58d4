// Shared client state: who is signed in, the games the server offers, and
// navigation between screens (history API, so invite links and the back
// button work).
import type { GameInfo, User } from "./api";
import { ask } from "./confirm";
import { socket } from "./ws";
import { gameEntry } from "./games/load";

export const app = {
  me: null as User | null,
  games: [] as GameInfo[],
};

type NavListener = () => void;
const navListeners = new Set<NavListener>();

/** onNavigate calls f on every change of screen; the function returned
 * stops that. */
export function onNavigate(f: NavListener): () => void {
  navListeners.add(f);
  return () => navListeners.delete(f);
}

/** leaveGuard, set by the table screen during a game in play, returns
 * the sentence to confirm before leaving it (what happens to the seat),
 * or null when leaving needs no question. */
let leaveGuard: (() => string | null) | null = null;

export function setLeaveGuard(g: (() => string | null) | null): void {
  leaveGuard = g;
}

/** leaveQuestion asks, in the app's own dialog, whether to leave a game
 * in play, saying first what happens to the seat. */
function leaveQuestion(q: string): Promise<boolean> {
  return ask({ title: "Leave the table?", text: q, yes: "Leave", no: "Stay" });
}

/** mayLeave resolves whether the screen may be left: at once when no game
 * in play would be left, else by the player's answer. */
export async function mayLeave(): Promise<boolean> {
  const q = leaveGuard?.();
  return !q || leaveQuestion(q);
}

/** navigate goes to path; leaving a game in play asks first, unless ask
 * is false (the question was asked already, or the move is the game's own:
 * a restart). Without a question it goes at once. */
export function navigate(path: string, replace = false, ask = true): void {
  const here = path === location.pathname + location.search;
  const q = ask && !here ? leaveGuard?.() : null;
  if (q) {
    void leaveQuestion(q).then((yes) => { if (yes) go(path, replace); });
    return;
  }
  go(path, replace);
}

function go(path: string, replace: boolean): void {
  if (path === location.pathname + location.search && !replace) {
    navListeners.forEach((f) => f());
    return;
  }
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  navListeners.forEach((f) => f());
}

export function gameInfo(name: string): GameInfo | undefined {
  return app.games.find((g) => g.name === name);
}

export function gameTitle(name: string): string {
  return gameInfo(name)?.title ?? gameEntry(name)?.title ?? name;
}

/** link makes an anchor that navigates inside the app without a reload. */
export function linkHandler(e: MouseEvent): void {
  const a = (e.target as Element | null)?.closest?.("a[data-nav]") as HTMLAnchorElement | null;
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute("href") || "/");
}

/** signedIn is called once a session exists: it connects and goes on to
 * the page the person first asked for (an invite link, say). */
export function signedIn(user: User): void {
  app.me = user;
  socket.connect();
  const next = sessionStorage.getItem("parlor.next");
  sessionStorage.removeItem("parlor.next");
  navigate(next || location.pathname, true);
}
