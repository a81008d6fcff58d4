// The island as the board sees it: the view's types (the game's own JSON,
// from its Go package), the hex grid's geometry and names, and the Board,
// which reads the view's offer piece by piece.
export interface HexV {
  id: number; x: number; y: number; owner: number; thing?: string; meadow?: boolean; road?: boolean;
  done?: boolean; work?: string; left?: number; region: number;
}
export interface VillageV {
  hex: number; owner: number; level: string; gold: number; wood: number; region: number; size: number;
  income: number; upkeep: number; short: boolean; units: number; locked?: number;
}
/** Offer is what the player whose turn it is may do (games/warfare
 * Offer), by piece, named by its hex; in that player's view alone. */
export interface Offer {
  go?: Record<string, number[]>; train?: Record<string, number[]>;
  /** work: 1 a meadow, 2 a road, 3 either, by peasant. */
  work?: Record<string, number>;
  /** buy: a recruit of any rank up to top on in, of rank r also on out[r-1]. */
  buy?: Record<string, { top: number; in?: number[]; out?: number[][] }>;
  upgrade?: number[]; tower?: Record<string, number[]>;
}
export interface WarView {
  island: string; width: number; height: number; players: number; turn: number; round: number; rounds: number;
  out: boolean[]; land: number[]; hexes: HexV[]; villages: VillageV[]; legal?: Offer; prices?: Prices;
}
/** Prices are the game's costs, wages and ranks (games/warfare
 * Prices), in every view: ranks[r-1] is rank r, weakest first; train[i]
 * is the gold to train a villager to rank r+1+i; top is the highest rank
 * a village level supports. */
export interface Prices {
  ranks: { name: string; strength: number; gold: number; wage: number; train: number[] }[];
  levels: { name: string; top: number; towers: boolean }[];
  upgradeWood: number; towerWood: number;
}

const noOffer: Offer = {};
export const noPrices: Prices = { ranks: [], levels: [], upgradeWood: 0, towerWood: 0 };

export const R = 24; // hex radius in SVG units
export const HW = Math.sqrt(3) * R; // hex width

/** gridName is a hex's place on the island's grid as the game's sentences
 * say it (games/warfare's HexName): the column's letter (AA after Z) and
 * the row's number from 1, "F7"; the board's edges carry the same
 * letters and numbers, as a map's do. */
export function gridName(x: number, y: number): string {
  return columnName(x) + String(y + 1);
}

export function columnName(x: number): string {
  let col = "";
  for (;;) {
    col = String.fromCharCode(65 + (x % 26)) + col;
    x = Math.floor(x / 26) - 1;
    if (x < 0) return col;
  }
}
/** PLAY_PX is the width on screen of a hex small enough to see much of
 * the island and large enough to aim at with a finger; COMFY_PX the
 * largest a first view makes them. */
export const PLAY_PX = 30;
export const COMFY_PX = 44;
export const patternNames = ["diagonal stripes", "spots", "horizontal stripes", "back stripes", "cross-hatch", "vertical stripes"];

export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// Neighbour offsets in the odd-r grid by row parity: east, north-east,
// north-west, west, south-west, south-east (the server's order).
const step = [
  [[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]],
  [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]],
];


/** Target says what a click on a lit hex would do. */
export type Target = "walk" | "act" | "take";
export type Mode = { kind: "move" } | { kind: "buy"; rank: number } | { kind: "tower" };
export interface Selection { kind: "unit" | "village"; hex: number; mode: Mode }

/** Board is a view's geometry (neighbours, regions, villages) and the
 * offer of the player to move, read per piece; built once per view. */
export class Board {
  nbr: number[][];
  byRegion = new Map<number, number[]>();
  vilByRegion = new Map<number, VillageV>();
  constructor(public v: WarView) {
    const at = new Map<number, number>();
    for (const c of v.hexes) at.set(c.y * v.width + c.x, c.id);
    this.nbr = v.hexes.map((c) => step[c.y & 1].map(([dx, dy]) => {
      const x = c.x + dx, y = c.y + dy;
      if (x < 0 || y < 0 || x >= v.width || y >= v.height) return -1;
      return at.get(y * v.width + x) ?? -1;
    }));
    for (const c of v.hexes) {
      if (c.region < 0) continue;
      const list = this.byRegion.get(c.region) ?? [];
      list.push(c.id);
      this.byRegion.set(c.region, list);
    }
    for (const vl of v.villages) this.vilByRegion.set(vl.region, vl);
  }

  hex(id: number): HexV { return this.v.hexes[id]; }
  villageOf(id: number): VillageV | undefined { return this.vilByRegion.get(this.hex(id).region); }

  /** offer is what this view's player may do now: nothing for a
   * player who is not to move, or for someone watching. */
  get offer(): Offer { return this.v.legal ?? noOffer; }

  /** kind says what moving the villager on from to hex to does, by what
   * lies there: walk within its region, act on a piece of its region, or
   * take the hex. */
  kind(from: number, to: number): Target {
    const c = this.hex(from), t = this.hex(to);
    if (t.region === c.region && c.region >= 0) return t.thing ? "act" : "walk";
    return "take";
  }

  /** unitTargets lists where the villager on hex id may go, as the
   * server offers it, and what it would do there. */
  unitTargets(id: number): Map<number, Target> {
    return new Map((this.offer.go?.[id] ?? []).map((x) => [x, this.kind(id, x)]));
  }

  /** buyTargets lists where village vl may put a recruit of rank r. */
  buyTargets(vl: VillageV, r: number): Map<number, Target> {
    const rc = this.offer.buy?.[vl.hex];
    if (!rc || r > rc.top) return new Map();
    return new Map([...rc.in ?? [], ...rc.out?.[r - 1] ?? []].map((x) => [x, this.hex(x).region === vl.region ? "walk" : "take"]));
  }

  towerTargets(vl: VillageV): Map<number, Target> {
    return new Map((this.offer.tower?.[vl.hex] ?? []).map((x) => [x, "walk"]));
  }

  centre(id: number): [number, number] {
    const c = this.hex(id);
    return [HW * (c.x + 0.5 * (c.y & 1)) + HW, 1.5 * R * c.y + R * 1.2];
  }
}

export function corner(cx: number, cy: number, deg: number, r = R): string {
  const a = (deg * Math.PI) / 180;
  return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
}

export function hexPoints(cx: number, cy: number, r = R): string {
  return [30, 90, 150, 210, 270, 330].map((d) => corner(cx, cy, d, r)).join(" ");
}

