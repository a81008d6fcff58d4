// A Battleship fleet placed but not yet sent, kept in the tab's
// sessionStorage by match and seat so that a reload does not undo the
// placing. It never leaves the browser: the fleet is a secret, and only
// the move that confirms it tells the server.
export interface DraftShip { ship: string; row: number; col: number; dir: "h" | "v" }

const prefix = "parlor.bs.draft.";
const keyOf = (match: string, seat: number): string => `${prefix}${match}.${seat}`;

/** loadDraft gives the ships kept for the match's seat, or null. */
export function loadDraft(match: string, seat: number): DraftShip[] | null {
  if (!match || seat < 0) return null;
  try {
    const v = JSON.parse(sessionStorage.getItem(keyOf(match, seat)) ?? "null");
    if (!Array.isArray(v)) return null;
    return v.filter((p): p is DraftShip => !!p && typeof p.ship === "string" && Number.isInteger(p.row) && Number.isInteger(p.col) && (p.dir === "h" || p.dir === "v"));
  } catch {
    return null;
  }
}

/** keepDraft stores the ships placed so far; an empty list forgets them. */
export function keepDraft(match: string, seat: number, ships: DraftShip[]): void {
  if (!match || seat < 0) return;
  try {
    if (ships.length) sessionStorage.setItem(keyOf(match, seat), JSON.stringify(ships));
    else sessionStorage.removeItem(keyOf(match, seat));
  } catch { /* storage full or off: the draft is only a convenience */ }
}
