// Keeping a board from pushes (protocol v4): the table watches with
// views off and each game's applier brings the views the client holds up
// to date from a push's events, exactly as the server would have drawn
// them. The server then computes and sends no view per move, which was
// most of what a push cost it. A game without an applier here is watched
// with views, as before; an applier that meets an event it does not know
// returns false and the table asks for a fresh snapshot instead of
// guessing.
import type { GameEvent, MatchPush } from "../api";

/** Applier updates one seat's view (key "-1" is the spectator's) in
 * place from a push; false means "cannot: fetch the view again". */
export type Applier = (view: any, key: string, push: MatchPush) => boolean;

/** Decisions of the match rather than of the game (a resignation, a bot
 * taking over a seat): they change no board, only turn and outcome. */
const matchDecisions = new Set(["forfeit", "timeout", "abandoned", "takeover", "resign", "return", "vote", "ballot", "voteend"]);

function applyDots(v: any, _key: string, p: MatchPush): boolean {
  if (!v || !Array.isArray(v.lines) || !Array.isArray(v.boxes)) return false;
  for (const e of p.events ?? []) {
    const d = e.data as any;
    switch (e.type) {
      case "line": {
        const line = { from: d.from, to: d.to, by: d.by };
        // The server lists drawn lines in board order, not play order;
        // the event says where this one goes.
        if (!Number.isInteger(d.at) || d.at < 0 || d.at > v.lines.length) return false;
        v.lines.splice(d.at, 0, line);
        v.last = { ...line };
        break;
      }
      case "box":
        if (!v.boxes[d.row] || d.col >= v.boxes[d.row].length) return false;
        v.boxes[d.row][d.col] = d.owner;
        break;
      case "end":
        v.outcome = d.outcome;
        v.turn = -1;
        break;
      default:
        if (!matchDecisions.has(e.type)) return false;
    }
  }
  if (p.scores) v.scores = [...p.scores];
  // A resignation ends the match, not the game: the server's view keeps
  // the game's turn and shows no outcome, and so does this one.
  if (!v.outcome && !p.outcome && p.turn && p.turn.length) v.turn = p.turn[0];
  return true;
}

function applyBattleship(v: any, _key: string, p: MatchPush): boolean {
  if (!v || !Array.isArray(v.shots) || !Array.isArray(v.sunk)) return false;
  for (const e of (p.events ?? []) as GameEvent[]) {
    const d = e.data as any;
    switch (e.type) {
      case "fleet":
        v.fleets[e.seat] = d.fleet;
        break;
      case "placed":
        v.placed[d.seat] = true;
        break;
      case "start":
        if (!Number.isInteger(d.shots)) return false;
        v.phase = "battle";
        v.shotsLeft = d.shots;
        break;
      case "shot": {
        // The event adds to the shot the shots left to whoever fires
        // next; the view's list of shots holds the shot alone.
        const { left, ...rec } = d;
        if (!Number.isInteger(left)) return false;
        v.shots[e.seat].push(rec);
        if (d.result === "sunk") v.sunk[1 - e.seat].push(d.ship);
        v.shotsLeft = left;
        break;
      }
      case "over":
        // Sent at a sunk fleet, and (since v6) after a decision of the
        // match that ends it, such as a resignation, when winner is -1 if
        // the game ended for all: both fleets are revealed either way.
        v.phase = "over";
        v.fleets = d.fleets;
        if (d.winner >= 0) v.winner = d.winner;
        else delete v.winner;
        v.shotsLeft = 0;
        break;
      default:
        if (!matchDecisions.has(e.type)) return false;
    }
  }
  v.turn = p.turn ? [...p.turn] : [];
  return true;
}

export const appliers: Record<string, Applier> = { dots: applyDots, battleship: applyBattleship };

/** applyViewPatch returns view with a patch of a push's viewPatches
 * applied (protocol v5: a watch with patches; the server's half is
 * server/viewpatch.go): {"=": v} is v whole; {"o": {key: patch}, "d":
 * [key]} changes an object's keys and drops some; {"a": {index: patch},
 * "n": length} changes an array's items and sets its length. It throws
 * when the patch does not fit the view, and the table then asks for a
 * fresh snapshot. Objects and arrays are changed in place. */
export function applyViewPatch(view: any, patch: any): any {
  if (patch === null || typeof patch !== "object") throw new Error("a view patch must be an object");
  if ("=" in patch) return patch["="];
  if (patch.o !== undefined) {
    if (view === null || typeof view !== "object" || Array.isArray(view)) throw new Error("an object's patch for something else");
    for (const k of patch.d ?? []) delete view[k];
    for (const [k, sub] of Object.entries(patch.o)) view[k] = applyViewPatch(view[k], sub);
    return view;
  }
  if (patch.a !== undefined) {
    if (!Array.isArray(view) || typeof patch.n !== "number") throw new Error("an array's patch for something else");
    view.length = patch.n;
    for (const [k, sub] of Object.entries(patch.a)) {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= patch.n) throw new Error("an array's patch past its end");
      view[i] = applyViewPatch(view[i], sub);
    }
    return view;
  }
  throw new Error("a view patch of no known form");
}
