// Types of the HTTP and WebSocket protocol (docs/protocol.md) and the HTTP
// calls the client makes.

export interface User { id: number; name: string; guest: boolean }
export interface OptionSpec {
  name: string; label: string; kind: "int" | "bool" | "choice" | "scenario"; default: unknown;
  min?: number; max?: number; choices?: string[]; help?: string;
  /** the word for 0 where 0 switches the option off ("none") */
  off?: string;
}
export interface GameInfo {
  name: string; title: string; summary: string; options: OptionSpec[];
  hidden: boolean; bots: string[]; seats?: number;
  /** the characters seats choose, in a game that has them (protocol v4) */
  roles?: { option: string; label: string; choices: { key: string; name: string }[] };
  /** the policy a table gets without one (protocol v4), kept when a clock is added */
  policy?: Record<string, unknown>;
  /** the server shows the start of a match before it exists (GET /api/games/{game}/preview) */
  preview?: boolean;
}
export interface Stats { played: number; won: number; tied?: number; rating?: number; rd?: number }
export interface Achievement { id: string; game: string; title: string; description: string; at?: string }
/** One of a player's finished matches (GET /api/profile/{name}/games, and
 * the ended push of protocol v7): only what the match's replay shows
 * anyone, so a seat is its kind, name and a bot's level, with no user id.
 * held are the player's seats. */
export interface RecentGame {
  match: string; game: string; finished: string;
  seats: { kind: "human" | "bot" | "open"; name?: string; level?: string }[] | null;
  held: number[] | null; winners: number[] | null; reason?: string;
}
/** A seat; player (protocol v6) is its holder's own name when the seat
 * has a name of its own (a seat at one screen). */
export interface Seat {
  kind: "open" | "human" | "bot"; name: string; level?: string; connected: boolean; mine?: boolean; role?: string; player?: string;
  /** while its player is gone: when the wait ends, and what happens then (protocol v6) */
  goneUntil?: string; then?: "forfeit" | "bot" | "end" | "pause";
}
export interface Table {
  id: string; game: string; options: Record<string, unknown>;
  status: "open" | "playing" | "over"; seats: Seat[]; spectatorChat?: boolean;
  policy?: Record<string, unknown>; match: string; creator?: string;
  /** the table a player opened for a rematch of this one, once asked */
  rematch?: string;
  /** the match waits for its gone players, and is closed at closesAt (protocol v6) */
  paused?: boolean; closesAt?: string;
  /** false for a table whose match counts for nothing (protocol v4) */
  rated?: boolean;
  /** when the table was made; copy: its match goes on from a loaded save
   * or a replay's position (both tell apart two tables alike) */
  created?: string; copy?: boolean;
  /** live, or correspondence: a move clock of a day or more */
  kind?: "live" | "correspondence";
  /** orders the descriptions of the table that reach a watcher (protocol v6; none in the lobby's lists) */
  rev?: number;
}

/** supersedes reports whether next may replace cur as what the page shows
 * of a table: a reply and a push worked out at about the same time may
 * arrive in either order, and the older must not undo the newer (a seat
 * shown away whose player is there). */
export function supersedes(next: Table, cur: Table | null | undefined): boolean {
  return !cur || cur.id !== next.id || !next.rev || !cur.rev || next.rev >= cur.rev;
}
export interface Outcome { winners: number[]; reason?: string }
export interface GameEvent { type: string; seat: number; data?: any }
export interface Snapshot {
  seq: number; turn: number[] | null; scores: number[] | null; outcome: Outcome | null;
  views: Record<string, any> | null; handover: number | null; clocks?: Record<string, any> | null;
  /** seats a bot plays now in their holders' place (protocol v3) */
  takenOver?: number[] | null;
}
export interface MatchPush {
  t: "match"; table: string; seq: number; seat: number; move: unknown; text: string;
  events: GameEvent[] | null; turn: number[] | null; scores: number[] | null;
  outcome: Outcome | null; views?: Record<string, any> | null; clocks?: Record<string, any> | null;
  /** with a watch with patches (protocol v5): by seat, the patch to the
   * view held; a seat left out has not changed */
  viewPatches?: Record<string, any> | null;
}
// A save is a copy of a log (games that hide nothing) or, with match set,
// a bookmark of that match: resumed at its own table, and once over
// (over) opened only as its replay.
export interface SaveInfo { id: string; name: string; game: string; created: string; moves: number; match?: string; over?: boolean }
export interface ChatMsg { channel: string; from: string; text: string; at: string }

/** Rulebook is a game's rules as its Go package writes them
 * (GET /api/games/{game}/rules): sections of plain paragraphs. */
export interface Rulebook {
  game: string;
  title: string;
  sections: { title: string; paras: string[] }[];
}

export class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

export async function http<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  let r: Response;
  try {
    r = await fetch(path, init);
  } catch {
    throw new HttpError(0, "Cannot reach the server. Check your connection and try again.");
  }
  if (r.status === 204) return undefined as T;
  const text = await r.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!r.ok) {
    const msg = data && typeof data.error === "string" ? data.error : text.trim() || r.statusText;
    throw new HttpError(r.status, msg);
  }
  return data as T;
}

export const api = {
  me: () => http<{ user: User }>("GET", "/api/me"),
  session: () => http<{ user: User | null }>("GET", "/api/session"),
  login: (name: string, password: string) => http<{ user: User }>("POST", "/api/login", { name, password }),
  register: (name: string, password: string) => http<{ user: User }>("POST", "/api/register", { name, password }),
  guest: (name: string) => http<{ user: User }>("POST", "/api/guest", { name }),
  claim: (password: string) => http<{ user: User }>("POST", "/api/claim", { password }),
  logout: () => http<void>("POST", "/api/logout"),
  games: () => http<{ games: GameInfo[] }>("GET", "/api/games"),
  rulebook: (game: string) => http<Rulebook>("GET", "/api/games/" + encodeURIComponent(game) + "/rules"),
  profile: (name: string) =>
    http<{ user: User; stats: Record<string, Stats> | null; achievements: Achievement[] | null }>(
      "GET", "/api/profile/" + encodeURIComponent(name)),
  recentGames: (name: string) =>
    http<{ games: RecentGame[] | null }>("GET", "/api/profile/" + encodeURIComponent(name) + "/games"),
  saves: () => http<{ saves: SaveInfo[] | null }>("GET", "/api/saves"),
  importSave: (file: string) => http<{ save: SaveInfo }>("POST", "/api/saves/import", file),
  deleteSave: (id: string) => http<void>("DELETE", "/api/saves/" + encodeURIComponent(id)),
  replay: (match: string) => http<Replay>("GET", "/api/replays/" + encodeURIComponent(match)),
  /** analysis is the game's own study of a finished match (see analysis/). */
  analysis: (match: string) => http<unknown>("GET", "/api/replays/" + encodeURIComponent(match) + "/analysis"),
  tutorial: (game: string) => http<{ granted: Achievement[] | null }>("POST", "/api/achievements/tutorial", { game }),
  account: () => http<Account>("GET", "/api/account"),
  changePassword: (current: string, password: string) => http<void>("POST", "/api/account/password", { current, password }),
  addEmail: (address: string, password: string) => http<Account>("POST", "/api/account/email", { address, password }),
  removeEmail: () => http<Account>("DELETE", "/api/account/email"),
  verifyEmail: (token: string) => http<{ name: string; address: string }>("POST", "/api/account/email/verify", { token }),
  deleteAccount: (password: string) => http<void>("POST", "/api/account/delete", { password }),
  forgotPassword: (who: string) => http<{ message: string }>("POST", "/api/password/forgot", { who }),
  resetPassword: (token: string, password: string) => http<{ user: User }>("POST", "/api/password/reset", { token, password }),
};

/** Account is what the settings show of one's account (GET /api/account):
 * the verified e-mail address, one waiting for its link to be opened, and
 * whether the server sends mail at all. */
export interface Account {
  user: User;
  email: { address?: string; pending?: string; mail: boolean };
}

export interface ReplayStep {
  seq: number; seat: number; move: unknown; text: string; events: GameEvent[] | null;
  views: Record<string, any>;
  /** scores after the step (since v6); absent for a game without. */
  scores?: number[] | null;
}
export interface Replay {
  log: { game: string; options?: Record<string, unknown>; [k: string]: unknown };
  seats: ({ name: string } | string)[];
  steps: ReplayStep[];
  outcome?: Outcome | null;
  start?: Record<string, any>;
}
