// Laying a Battleship fleet ship by ship before it is sent, from what the
// view says alone (the grid's side, the ships, the squares a ship keeps
// others off under the table's options): no copy of the fleet or the
// touch rule lives here, so the game's Go package stays their one home.

export interface Placement { ship: string; row: number; col: number; dir: "h" | "v" }
export interface ShipKind { name: string; len: number; mark: string }

/** Lay is the part of a Battleship view that says how a fleet is laid. */
export interface Lay { size: number; ships: ShipKind[]; keepOff: [number, number][] }

/** sqName names a square as the game's notation does: column letter,
 * then row number from 1. */
export const sqName = (r: number, c: number): string => String.fromCharCode(65 + c) + (r + 1);

export const lenOf = (lay: Lay, ship: string): number => lay.ships.find((s) => s.name === ship)?.len ?? 0;

/** cellsOf lists the squares a ship covers from its first, across or down. */
export function cellsOf(lay: Lay, p: Placement): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < lenOf(lay, p.ship); i++) out.push(p.dir === "h" ? [p.row, p.col + i] : [p.row + i, p.col]);
  return out;
}

/** problem says why p cannot join the other ships, or "" if it can: a
 * square off the grid, a square of another ship, or another ship within
 * the squares the view says a ship keeps clear. */
export function problem(lay: Lay, p: Placement, others: Placement[]): string {
  const cells = cellsOf(lay, p);
  for (const [r, c] of cells) {
    if (r < 0 || r >= lay.size || c < 0 || c >= lay.size) return `The ${p.ship} does not fit there: it would stick out of the grid.`;
  }
  const occ = new Map<string, string>();
  for (const o of others) if (o.ship !== p.ship) for (const [r, c] of cellsOf(lay, o)) occ.set(`${r},${c}`, o.ship);
  for (const [r, c] of cells) {
    const o = occ.get(`${r},${c}`);
    if (o) return `The ${p.ship} would overlap the ${o} at ${sqName(r, c)}.`;
  }
  for (const [r, c] of cells) {
    for (const [dr, dc] of lay.keepOff) {
      const o = occ.get(`${r + dr},${c + dc}`);
      if (o) return `The ${p.ship} would touch the ${o}: ships may not touch at this table.`;
    }
  }
  return "";
}

/**
 * randomFleet draws a fleet uniformly over all fleets the view allows:
 * every ship takes a position uniformly among those inside the grid, and
 * the whole fleet is drawn again if any ship is refused beside the
 * others. Retrying one ship at a time would favour some fleets. The draw
 * is the browser's own, so nobody else can know it.
 */
export function randomFleet(lay: Lay): Placement[] {
  for (let attempt = 0; attempt < 100000; attempt++) {
    const out: Placement[] = [];
    for (const s of lay.ships) {
      const span = lay.size - s.len + 1;
      if (span <= 0) return [];
      const i = Math.floor(Math.random() * 2 * span * lay.size);
      const dir = i < span * lay.size ? "h" : "v";
      const k = i % (span * lay.size);
      const [long, across] = [Math.floor(k / lay.size), k % lay.size];
      out.push(dir === "h" ? { ship: s.name, dir, row: across, col: long } : { ship: s.name, dir, row: long, col: across });
    }
    if (out.every((p) => problem(lay, p, out) === "")) return out;
  }
  return [];
}
