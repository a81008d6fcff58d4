// The Buccaneer board's state, shared by its parts: the view's shape, the
// page's elements, the log, the last sailing, the trading screen's
// choices; and who acts, who this screen's captain is, and a move sent.
import type { TableCtx } from "../types";
import type { PanZoom } from "../../panzoom";

export type Pt = [number, number];
export interface RectV { x0: number; y0: number; x1: number; y1: number }
export interface PlayerV {
  seat: number; home: string; at: Pt; facing: string; cards: number; crewTotal: number; distance: number;
  hand?: string[]; treasure: string[]; kept: number[]; atHome: number;
}
export interface PortV { name: string; at: Pt; owner: number; cards: string[]; treasure: string[]; safe: string[]; longJohn: boolean }
export interface StepV {
  name: string; mover: number; owes: number; at?: Pt; card?: number; limit?: number; crew?: number;
  seats?: number[]; spoils?: string[]; room?: number;
}
/** Offer is what the captain owing the step may do (games/buccaneer
 * Offer), in that captain's view alone. */
interface Offer {
  sail?: Pt[]; attack?: Pt[]; face?: string[]; take?: string[][]; crew?: boolean; keep?: string[][]; seats?: number[];
}
export interface BucView {
  seat: number; board: { size: number; islands: Record<string, RectV>; bays: Record<string, Pt> };
  players: PlayerV[]; ports: PortV[]; flatIsland: { cards: string[]; treasure: string[] }; treasureIsland: string[];
  crewPack: number; chancePack: number; step: StepV; lastChance?: { seat: number; number: number; title: string; text: string };
  turns: number; maxTurns: number; scores: number[]; outcome?: unknown; legal?: Offer;
}

/** BucUI is the page's parts, built once and filled on every update. */
export interface BucUI {
  el: HTMLElement;
  side: HTMLElement;
  statusEl: HTMLElement;
  chanceEl: HTMLElement;
  seaLayer: SVGElement;
  markLayer: SVGElement;
  shipLayer: SVGElement;
  targetLayer: SVGElement;
  actEl: HTMLElement;
  newsEl: HTMLElement;
  newsBox: HTMLElement;
  mapBox: HTMLElement;
  pz: PanZoom;
}

export interface Buc {
  ctx: TableCtx;
  ui: BucUI;
  /** zoomedForTouch: the sea was brought closer once, on a phone. */
  zoomedForTouch: boolean;
  /** followed names the step the sea last brought into view. */
  followed: string;
  // A line told only to the captains who held the cards is shown only
  // while the board shows one of them (hot-seat: not to the next captain).
  news: string[];
  lastSail: { from: Pt; to: Pt } | null;
  shownChance: string;
  // The trading screen's choices: item keys ("h0" hand card, "t0" treasure
  // aboard, "k23" kept card, "pc0" port card, "pt0" port treasure, "john").
  give: Set<string>;
  take: Set<string>;
  tradeKey: string;
  tradeErr: string;
  busy: boolean;
  // Where each ship was last drawn (its centre on the sea), so that a
  // ship that moved sails there on screen rather than jumping (FR9: each
  // sailing move animated). Nothing moves with reduced motion.
  drawnAt: Map<number, Pt>;
  /** render draws the sea and the panels from the state. */
  render(): void;
}

export function view(b: Buc): BucView | null {
  const v = b.ctx.view() as BucView | null;
  return v && Array.isArray(v.players) && v.step ? v : null;
}

/** acting is the captain who owes the step: after a fight the ship
 * that must sail away (after a tie, the attacked one) acts in another
 * captain's turn. A passed ship deciding to attack is asked, and the
 * ship sailing past is still the one moving. */
export const acting = (st: StepV): number => st.name !== "attack?" && st.owes >= 0 ? st.owes : st.mover;
export const letter = (v: BucView, seat: number): string => v.players[seat]?.home.charAt(0) ?? "?";

export function who(b: Buc, seat: number): string {
  const v = view(b);
  const p = v?.players[seat];
  // A bot is named by its home port already ("Genoa").
  const name = b.ctx.seatLabel(seat);
  return p && p.home !== name ? `${name} (${p.home})` : name;
}

/** choosingCard says whether this screen's captain is choosing what
 * the chance card just drawn gives (its box is shown above). */
export const choosingCard = (b: Buc, v: BucView): boolean =>
  v.step.name === "choose" && v.lastChance?.number === v.step.card && me(b) !== null && !b.ctx.replay;

/** me is the held seat that owes the step now, or null. */
export function me(b: Buc): number | null {
  const s = b.ctx.mover();
  const v = view(b);
  return s !== null && v && v.step.owes === s ? s : null;
}

export async function send(b: Buc, move: unknown, refused?: (reason: string) => void): Promise<void> {
  const s = me(b);
  if (s === null || b.busy) return;
  b.busy = true;
  try {
    // The trading screen's choices are cleared when the position changes
    // (tradeKey), not here: the reply may come after the next push.
    await b.ctx.play(s, move, refused);
  } finally {
    b.busy = false;
  }
}

/** targets lists the squares the captain at this screen may sail to
 * now, as the server offers them, and whether each is an attack. */
export function targets(b: Buc, v: BucView): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (me(b) === null || !v.legal) return out;
  for (const [x, y] of v.legal.sail ?? []) out.set(`${x},${y}`, false);
  for (const [x, y] of v.legal.attack ?? []) out.set(`${x},${y}`, true);
  return out;
}
