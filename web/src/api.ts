// Types of the HTTP and WebSocket protocol (docs/protocol.md) and the HTTP
// calls the client makes.

// The protocol's types are generated from the Go package protocol
// (go generate ./protocol), which is what the server and the Go client
// speak; the names the pages have always used are kept here.
import type * as wire from "./protocol.gen";

export type {
  Achievement, Chat as ChatMsg, Clocks, Event as GameEvent, OptionSpec, Outcome, Policy,
  RecentGame, ReplayStep, Rulebook, RuleSection, Save as SaveInfo, Snapshot, Stats, User, Vote,
} from "./protocol.gen";
type User = wire.User;
type Achievement = wire.Achievement;
type Stats = wire.Stats;
type Rulebook = wire.Rulebook;
type RecentGame = wire.RecentGame;
type SaveInfo = wire.Save;

// Where the pages read the protocol otherwise than the server writes it,
// the names below loosen the generated types so that the pages compile
// while they are brought in line (docs/protocol.md, Types):

/** GameInfo is a game the server offers; seats is never sent (the
 * players option says how many). */
export type GameInfo = wire.Game & { seats?: number };

/** Seat is a seat of a table; an open seat has no name on the wire, where
 * the pages read it as a string. */
export type Seat = Omit<wire.Seat, "name"> & { name: string };

/** Table is a table of the lobby; the replay page makes one of its own
 * without the members a server always sends. */
type Loose = "creator" | "spectatorChat" | "policy" | "rated" | "created" | "kind";
export type Table = Omit<wire.Table, "seats" | Loose> & Partial<Pick<wire.Table, Loose>> & { seats: Seat[] };

/** supersedes reports whether next may replace cur as what the page shows
 * of a table: a reply and a push worked out at about the same time may
 * arrive in either order, and the older must not undo the newer (a seat
 * shown away whose player is there). Go's Table.Supersedes says the same. */
export function supersedes(next: Table, cur: Table | null | undefined): boolean {
  return !cur || cur.id !== next.id || !next.rev || !cur.rev || next.rev >= cur.rev;
}

/** MatchPush is the match push: an Update with its push's name. A push
 * carries no clocks (a snapshot does); the member is left for the page
 * that still reads it. */
export type MatchPush = wire.Update & { t: "match"; clocks?: wire.Clocks | null };

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

export interface Replay {
  log: { game: string; options?: Record<string, unknown>; [k: string]: unknown };
  seats: ({ name: string } | string)[];
  steps: wire.ReplayStep[];
  outcome?: wire.Outcome | null;
  start?: Record<string, any>;
}
