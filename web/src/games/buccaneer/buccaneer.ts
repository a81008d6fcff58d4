// Buccaneer: the 20 x 20 sea in SVG with its ports, bays and islands, the
// four ships (a hull pointing the way it faces, with its home port's
// letter, so ships are told apart without colour), each captain's holdings,
// every port's and Flat Island's stock, the last chance card, and the
// controls for each step of a turn: lit squares to sail to, the facings a
// ship may take, the passed ship's question, the trading screen, and every
// choice a chance card or a fight gives. What may be done is never worked
// out here: the view of the captain who owes the step carries it
// ("legal": the squares to sail to, the facings, the choices), from the
// game's own rules, and the board draws it. A trade is sent as picked,
// and the server says why when it refuses one.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import { settings } from "../../settings";
import type { GameView, TableCtx } from "../types";
import { roving, type RovingItem } from "../../roving";
import { panZoom } from "../../panzoom";

type Pt = [number, number];
interface RectV { x0: number; y0: number; x1: number; y1: number }
interface PlayerV {
  seat: number; home: string; at: Pt; facing: string; cards: number; crewTotal: number; distance: number;
  hand?: string[]; treasure: string[]; kept: number[]; atHome: number;
}
interface PortV { name: string; at: Pt; owner: number; cards: string[]; treasure: string[]; safe: string[]; longJohn: boolean }
interface StepV {
  name: string; mover: number; owes: number; at?: Pt; card?: number; limit?: number; crew?: number;
  seats?: number[]; spoils?: string[]; room?: number;
}
/** Offer is what the captain owing the step may do (games/buccaneer
 * Offer), in that captain's view alone. */
interface Offer {
  sail?: Pt[]; attack?: Pt[]; face?: string[]; take?: string[][]; crew?: boolean; keep?: string[][]; seats?: number[];
}
interface BucView {
  seat: number; board: { size: number; islands: Record<string, RectV>; bays: Record<string, Pt> };
  players: PlayerV[]; ports: PortV[]; flatIsland: { cards: string[]; treasure: string[] }; treasureIsland: string[];
  crewPack: number; chancePack: number; step: StepV; lastChance?: { seat: number; number: number; title: string; text: string };
  turns: number; maxTurns: number; scores: number[]; outcome?: unknown; legal?: Offer;
}

const N = 20;
const C = 30; // a square, in SVG units
const M = 40; // margin round the sea: coordinates, then port names
const dirs = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const dirWords: Record<string, string> = { N: "north", NE: "north-east", E: "east", SE: "south-east", S: "south", SW: "south-west", W: "west", NW: "north-west" };
const worth: Record<string, number> = { diamond: 5, ruby: 5, gold: 4, pearl: 3, rum: 2 };
const kindIcon: Record<string, string> = { diamond: "◆", ruby: "♦", gold: "▬", pearl: "●", rum: "▮" };
const keptTitle: Record<number, string> = { 21: "Long John Silver", 23: "Doubloons", 24: "Pieces of eight", 25: "Kidd's chart", 26: "Kidd's chart" };
const playLimit: Record<number, number> = { 21: 5, 23: 5, 24: 4 };

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const itemWorth = (it: string): number => worth[it] ?? (/^[RB][123]$/.test(it) ? Number(it[1]) : 0);
const isCard = (it: string): boolean => /^[RB][123]$/.test(it);
const cardWord = (c: string): string => `${c[0] === "R" ? "red" : "black"} ${c[1]}`;
const itemWord = (it: string): string => isCard(it) ? cardWord(it) : it === "john" ? "Long John Silver" : `${it} (${worth[it]})`;
const sum = (xs: string[]): number => xs.reduce((a, x) => a + itemWorth(x), 0);
const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? "" : "s"}`;
const sx = (x: number): number => M + (x - 1) * C;
const sy = (y: number): number => M + (N - y) * C;

/** ship draws a hull pointing north, turned to face d, with the home
 * port's letter upright on it. */
function shipShape(seat: number, letter: string, facing: string, cx: number, cy: number, scale: number, extra: string): SVGGElement {
  const rot = Math.max(0, dirs.indexOf(facing)) * 45;
  return svg("g", { class: `bc-ship s${seat}${extra}`, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)}) scale(${scale})`, "data-ship": seat },
    svg("path", { d: "M0,-14 C6,-8 9,-3 9,3 L7,12 L-7,12 L-9,3 C-9,-3 -6,-8 0,-14 Z", transform: `rotate(${rot})`, class: "hull" }),
    svg("circle", { r: 6.6, class: "badge" }),
    svg("text", { "text-anchor": "middle", "dominant-baseline": "central", y: 0.5 }, letter));
}

function shipIcon(seat: number, letter: string, facing: string): SVGSVGElement {
  return svg("svg", { viewBox: "-15 -15 30 30", width: 26, height: 26, "aria-hidden": "true", class: "bc-icon" }, shipShape(seat, letter, facing, 0, 0, 1, ""));
}

export function buccaneerView(ctx: TableCtx): GameView {
  const el = h("div", { class: "buccaneer" });
  const side = h("div", { class: "bc-side" });
  const statusEl = h("p", { class: "bc-status", id: "bc-status" });
  const chanceEl = h("div", { class: "bc-chance", id: "bc-chance", "aria-live": "polite", hidden: true });
  const root = svg("svg", {
    class: "bc-svg", viewBox: `0 0 ${2 * M + N * C} ${2 * M + N * C}`, role: "group", tabindex: 0,
    "aria-label": "The sea, 20 by 20 squares, (1,1) at the bottom left. Lit squares are where your ship may sail; click one. Keys: plus and minus zoom, arrows pan, 0 shows the whole sea.",
  });
  const seaLayer = svg("g", { class: "bc-sea" });
  const markLayer = svg("g", { class: "bc-marks", "pointer-events": "none" });
  const shipLayer = svg("g", { class: "bc-ships", "pointer-events": "none" });
  const targetLayer = svg("g", { class: "bc-targets" });
  root.append(seaLayer, markLayer, shipLayer, targetLayer);
  const actEl = h("div", { class: "bc-act", id: "bc-act" });
  const newsEl = h("ol", { class: "bc-news", id: "bc-news", "aria-label": "What happened" });
  // The log of the last few events, hidden while it has none (a replay
  // tells its steps in its caption, and showed an empty "Log").
  const newsBox = h("section", { class: "bc-news-box", hidden: true }, h("h2", { class: "sub" }, "Log"), newsEl);
  const help = h("details", { class: "bc-help" }, h("summary", null, "How to play"),
    h("ul", null,
      h("li", null, "On your turn, click a lit square to sail there in a straight line: out of port in any direction, at sea only the way your ship points. You sail as many squares as your crew's total (one with no crew)."),
      h("li", null, "Or turn your ship where it is. After sailing, choose which way to point: only directions you could sail on next turn are offered."),
      h("li", null, "Stop beside Treasure Island to draw a chance card; beside Flat Island to collect what lies there; in a port to trade crew and treasure of equal worth; in your home port to unload. Red dashed squares attack the ship on them."),
      h("li", null, "Ships: the hull points the way the ship faces; the letter is its home port (L London, G Genoa, M Marseilles, C Cadiz). Ports show their first letters and their owner's ship letter."),
      h("li", null, "Drag the sea or use the arrow keys to pan it; the mouse wheel, two fingers, or + and − zoom; 0 or ⤢ shows the whole sea."),
      h("li", null, "The first captain with 20 points of treasure at home wins. Diamond and ruby 5, gold 4, pearl 3, rum 2.")));
  // The sea pans and zooms as another game's island does; the buttons
  // stand beside the heading, over the controls, not on the sea.
  const zoomIn = h("button", { type: "button", title: "Zoom in (+)", "aria-label": "Zoom in", id: "bc-zoom-in" }, "+");
  const zoomOut = h("button", { type: "button", title: "Zoom out (−)", "aria-label": "Zoom out", id: "bc-zoom-out" }, "−");
  const zoomFit = h("button", { type: "button", title: "Whole sea (0)", "aria-label": "Whole sea", id: "bc-zoom-fit" }, "⤢");
  const mapBox = h("div", { class: "bc-map" }, root);
  const full = 2 * M + N * C;
  const pz = panZoom(root, { zoomIn, zoomOut, fit: zoomFit });
  pz.setFull({ x: 0, y: 0, w: full, h: full });
  // The moving ship's controls stand beside the sea, not above it, so that
  // a choice opening (a facing, a chance card, the trading screen) never
  // moves the sea; they go below it only where the screen is too narrow.
  const controls = h("div", { class: "bc-controls" },
    h("div", { class: "bc-head" }, statusEl, h("div", { class: "bc-zoom", role: "group", "aria-label": "Zoom the sea" }, zoomOut, zoomFit, zoomIn)), chanceEl, actEl,
    newsBox, help);
  el.append(mapBox, controls);
  actEl.hidden = help.hidden = ctx.replay;

  // fitSea sizes the sea to the room the window leaves below the sea's
  // top and beside the controls, so that the whole sea and the controls
  // are seen together without scrolling; below 300 px the sea would be
  // too small to play on, and the controls go under it instead. There,
  // on a phone, where a square of the whole sea is about 16 px, the sea starts
  // closer, over the seat's own ship, with squares of 34 px: a finger
  // needs about 32.
  const beside = 256; // the controls' narrowest, in CSS pixels
  let zoomedForTouch = false;
  function fitSea(): void {
    const wide = el.clientWidth;
    if (!wide || !el.isConnected) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    const tall = Math.floor(window.innerHeight - top - 12);
    const side = Math.min(tall, wide - beside - 14, 900);
    const stack = side < 300;
    el.classList.toggle("bc-stack", stack);
    mapBox.style.width = stack ? `min(100%, ${Math.max(tall, 320)}px)` : `${side}px`;
    const squarePx = C / pz.unitsPerPixel();
    if (stack && !zoomedForTouch && squarePx > 0) {
      zoomedForTouch = true;
      const v = view();
      const ship = v?.players[ctx.viewSeat()] ?? v?.players[acting(v.step)];
      if (squarePx < 24 && ship) {
        pz.zoom(34 / squarePx);
        pz.centreAt(sx(ship.at[0]) + C / 2, sy(ship.at[1]) + C / 2);
      }
    }
  }
  // When a step falls to this page's captain, a sea zoomed in (a phone)
  // brings the acting ship into view if it is not: the lit squares are
  // round it.
  let followed = "";
  function follow(v: BucView): void {
    const s = me();
    const key = `${v.turns}:${v.step.name}:${s}`;
    if (s === null || key === followed) return;
    followed = key;
    const ship = v.players[acting(v.step)];
    const b = pz.shown();
    if (!ship || b.w >= full) return;
    const x = sx(ship.at[0]) + C / 2, y = sy(ship.at[1]) + C / 2;
    if (x < b.x + C || x > b.x + b.w - C || y < b.y + C || y > b.y + b.h - C) pz.centreAt(x, y);
  }
  const sizer = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitSea()) : null;
  sizer?.observe(el);
  // The lines above the sea (the table's status) may wrap after the board
  // is drawn, moving the sea down: the page's height changes with them.
  sizer?.observe(document.body);
  window.addEventListener("resize", fitSea);

  // A line told only to the captains who held the cards is shown only
  // while the board shows one of them (hot-seat: not to the next captain).
  const news: string[] = [];
  let lastSail: { from: Pt; to: Pt } | null = null;
  let shownChance = "";
  // The trading screen's choices: item keys ("h0" hand card, "t0" treasure
  // aboard, "k23" kept card, "pc0" port card, "pt0" port treasure, "john").
  let give = new Set<string>();
  let take = new Set<string>();
  let tradeKey = "";
  let tradeErr = "";
  let busy = false;

  const view = (): BucView | null => {
    const v = ctx.view() as BucView | null;
    return v && Array.isArray(v.players) && v.step ? v : null;
  };
  /** acting is the captain who owes the step: after a fight the ship
   * that must sail away (after a tie, the attacked one) acts in another
   * captain's turn. A passed ship deciding to attack is asked, and the
   * ship sailing past is still the one moving. */
  const acting = (st: StepV): number => st.name !== "attack?" && st.owes >= 0 ? st.owes : st.mover;
  const letter = (v: BucView, seat: number): string => v.players[seat]?.home.charAt(0) ?? "?";
  const who = (seat: number): string => {
    const v = view();
    const p = v?.players[seat];
    // A bot is named by its home port already ("Genoa").
    const name = ctx.seatLabel(seat);
    return p && p.home !== name ? `${name} (${p.home})` : name;
  };
  /** choosingCard says whether this screen's captain is choosing what
   * the chance card just drawn gives (its box is shown above). */
  const choosingCard = (v: BucView): boolean =>
    v.step.name === "choose" && v.lastChance?.number === v.step.card && me() !== null && !ctx.replay;
  /** me is the held seat that owes the step now, or null. */
  const me = (): number | null => {
    const s = ctx.mover();
    const v = view();
    return s !== null && v && v.step.owes === s ? s : null;
  };
  async function send(move: unknown, refused?: (reason: string) => void): Promise<void> {
    const s = me();
    if (s === null || busy) return;
    busy = true;
    try {
      // The trading screen's choices are cleared when the position changes
      // (tradeKey), not here: the reply may come after the next push.
      await ctx.play(s, move, refused);
    } finally {
      busy = false;
    }
  }

  /** targets lists the squares the captain at this screen may sail to
   * now, as the server offers them, and whether each is an attack. */
  function targets(v: BucView): Map<string, boolean> {
    const out = new Map<string, boolean>();
    if (me() === null || !v.legal) return out;
    for (const [x, y] of v.legal.sail ?? []) out.set(`${x},${y}`, false);
    for (const [x, y] of v.legal.attack ?? []) out.set(`${x},${y}`, true);
    return out;
  }

  function drawSea(v: BucView): void {
    clear(seaLayer);
    const W = N * C;
    seaLayer.append(svg("rect", { x: M, y: M, width: W, height: W, class: "bc-water" }));
    for (let i = 0; i <= N; i++) {
      seaLayer.append(svg("line", { x1: M + i * C, y1: M, x2: M + i * C, y2: M + W, class: "bc-grid" }),
        svg("line", { x1: M, y1: M + i * C, x2: M + W, y2: M + i * C, class: "bc-grid" }));
    }
    for (let i = 1; i <= N; i++) {
      seaLayer.append(svg("text", { x: sx(i) + C / 2, y: M + W + 12, class: "bc-coord", "text-anchor": "middle" }, String(i)),
        svg("text", { x: M - 5, y: sy(i) + C / 2 + 4, class: "bc-coord", "text-anchor": "end" }, String(i)));
    }
    const island = (r: RectV, cls: string, name: string, ...sub: string[]) => {
      const x = sx(r.x0), y = sy(r.y1), w = (r.x1 - r.x0 + 1) * C, hgt = (r.y1 - r.y0 + 1) * C;
      const words = name.split(" ");
      seaLayer.append(svg("rect", { x: x + 2, y: y + 2, width: w - 4, height: hgt - 4, rx: 12, class: `bc-island ${cls}` }),
        svg("text", { x: x + w / 2, y: y + hgt / 2 - 8, class: "bc-island-name", "text-anchor": "middle" }, words[0]),
        svg("text", { x: x + w / 2, y: y + hgt / 2 + 7, class: "bc-island-name", "text-anchor": "middle" }, words.slice(1).join(" ")),
        ...sub.map((line, i) => svg("text", { x: x + w / 2, y: y + hgt / 2 + 24 + 12 * i, class: "bc-island-sub", "text-anchor": "middle", "data-island": cls }, line)));
    };
    const flat = v.flatIsland;
    const isl = v.board?.islands ?? {};
    if (isl["Treasure Island"]) island(isl["Treasure Island"], "treasure", "Treasure Island", plural(v.treasureIsland.length, "treasure"));
    if (isl["Flat Island"]) island(isl["Flat Island"], "flat", "Flat Island", ...(flat.cards.length + flat.treasure.length ? [plural(flat.treasure.length, "treasure"), plural(flat.cards.length, "crew card")] : ["empty"]));
    if (isl["Pirate Island"]) island(isl["Pirate Island"], "pirate", "Pirate Island", `${v.crewPack} crew`);
    for (const [name, at] of Object.entries(v.board?.bays ?? {})) {
      seaLayer.append(svg("rect", { x: sx(at[0]) + 1, y: sy(at[1]) + 1, width: C - 2, height: C - 2, class: "bc-bay" }),
        svg("text", { x: sx(at[0]) + C / 2, y: sy(at[1]) + C / 2 + 5, class: "bc-bay-mark", "text-anchor": "middle" }, name === "Anchor Bay" ? "⚓" : "~"));
      const [x, y] = at;
      const tx = x === 1 ? M - 26 : x === N ? M + N * C + 26 : sx(x) + C / 2;
      const ty = y === 1 ? M + N * C + 30 : y === N ? M - 20 : sy(y) + C / 2;
      seaLayer.append(svg("text", { x: tx, y: ty, class: "bc-bay-name", "text-anchor": x === 1 ? "start" : x === N ? "end" : "middle" }, name));
    }
    for (const p of v.ports) {
      const [x, y] = p.at;
      const owner = p.owner >= 0 ? ` owner s${p.owner}` : "";
      seaLayer.append(svg("rect", { x: sx(x) + 1, y: sy(y) + 1, width: C - 2, height: C - 2, rx: 4, class: `bc-port${owner}`, "data-port": p.name }),
        svg("text", { x: sx(x) + C / 2, y: sy(y) + C / 2 + 4, class: "bc-port-abbr", "text-anchor": "middle" }, p.name.slice(0, 2)));
      // The name, outside the sea beside the port, with its owner.
      const label = p.owner >= 0 ? `${p.name} (${letter(v, p.owner)})` : p.name;
      let tx = sx(x) + C / 2, ty = sy(y) + C / 2, rot = 0;
      if (x === 1) { tx = M - 26; rot = -90; }
      else if (x === N) { tx = M + N * C + 26; rot = 90; }
      else if (y === 1) ty = M + N * C + 30;
      else if (y === N) ty = M - 22;
      seaLayer.append(svg("text", { x: tx, y: ty, class: `bc-port-name${owner}`, "text-anchor": "middle", "dominant-baseline": "central", transform: rot ? `rotate(${rot} ${tx} ${ty})` : null }, label));
    }
  }

  function drawMarks(v: BucView, lit: Map<string, boolean>): void {
    clear(markLayer);
    clear(targetLayer);
    if (lastSail) {
      for (const [x, y] of [lastSail.from, lastSail.to]) markLayer.append(svg("rect", { x: sx(x) + 3, y: sy(y) + 3, width: C - 6, height: C - 6, class: "bc-last" }));
    }
    if (v.step.name === "attack?" && v.step.at) {
      const [x, y] = v.step.at;
      markLayer.append(svg("rect", { x: sx(x) + 1, y: sy(y) + 1, width: C - 2, height: C - 2, class: "bc-asked" }));
    }
    // Only the captain who owes a sail has lit squares (see targets).
    const stops: RovingItem[] = [];
    for (const [k, attack] of lit) {
      const [x, y] = k.split(",").map(Number);
      const r = svg("rect", { x: sx(x) + 2, y: sy(y) + 2, width: C - 4, height: C - 4, rx: 3, class: `bc-target${attack ? " attack" : ""}`, "data-sq": k, tabindex: 0, role: "button", "aria-label": `${attack ? "Attack at" : "Sail to"} ${x},${y}` },
        svg("title", null, `${attack ? "Attack the ship at" : "Sail to"} ${x},${y}`));
      // The click that ends a drag of the sea is no sail.
      r.addEventListener("click", () => { if (!pz.tookDrag()) void send({ sail: [x, y] }); });
      r.addEventListener("keydown", (e: KeyboardEvent) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); void send({ sail: [x, y] }); } });
      stops.push({ el: r, x: sx(x), y: sy(y) });
      targetLayer.append(r);
    }
    // The lit squares are one Tab stop; the arrows move among them.
    roving(stops);
  }

  // Where each ship was last drawn (its centre on the sea), so that a
  // ship that moved sails there on screen rather than jumping (FR9: each
  // sailing move animated). Nothing moves with reduced motion.
  const drawnAt = new Map<number, Pt>();

  function sailFrom(g: SVGGElement, seat: number, to: Pt, scale: number): void {
    const from = drawnAt.get(seat);
    drawnAt.set(seat, to);
    if (!from || (from[0] === to[0] && from[1] === to[1]) || settings.reducedMotion || typeof g.animate !== "function") return;
    // The distance sets the time, so a long voyage reads as one: about a
    // tenth of a second a square, at most a second.
    const squares = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])) / C;
    const at = (p: Pt) => `translate(${p[0].toFixed(1)}px, ${p[1].toFixed(1)}px) scale(${scale})`;
    g.dataset.sailing = "1";
    const a = g.animate([{ transform: at(from) }, { transform: at(to) }], { duration: Math.min(1000, 250 + 100 * squares), easing: "ease-in-out" });
    a.onfinish = a.oncancel = () => { delete g.dataset.sailing; };
  }

  function drawShips(v: BucView): void {
    clear(shipLayer);
    const bySq = new Map<string, PlayerV[]>();
    for (const p of v.players) {
      const k = p.at.join(",");
      bySq.set(k, [...(bySq.get(k) ?? []), p]);
    }
    const off: Pt[][] = [[[0, 0]], [[-6.5, -6.5], [6.5, 6.5]], [[-6.5, -6.5], [6.5, -6.5], [0, 6.5]], [[-6.5, -6.5], [6.5, -6.5], [-6.5, 6.5], [6.5, 6.5]]];
    for (const list of bySq.values()) {
      const n = Math.min(list.length, 4);
      list.forEach((p, i) => {
        const o = off[n - 1][i % n];
        const cx = sx(p.at[0]) + C / 2 + o[0], cy = sy(p.at[1]) + C / 2 + o[1];
        const scale = n > 1 ? 0.7 : 0.95;
        const g = shipShape(p.seat, letter(v, p.seat), p.facing, cx, cy, scale, acting(v.step) === p.seat && v.step.name !== "over" ? " moving" : "");
        g.append(svg("title", null, `${who(p.seat)} at ${p.at.join(",")}, facing ${dirWords[p.facing] ?? p.facing}`));
        shipLayer.append(g);
        sailFrom(g, p.seat, [cx, cy], scale);
      });
    }
  }

  const chips = (items: string[], empty = "none"): HTMLElement =>
    h("span", { class: "bc-chips" }, items.length ? items.map((it) => h("span", { class: `bc-chip ${isCard(it) ? `card ${it[0] === "R" ? "red" : "black"}` : it}`, title: itemWord(it) },
      isCard(it) ? `${it[0] === "R" ? "♥" : "♠"}${it[1]}` : it === "john" ? "John" : `${kindIcon[it] ?? ""} ${cap(it)}`)) : h("span", { class: "muted" }, empty));

  function renderSide(v: BucView): void {
    clear(side);
    const caps = h("section", { class: "panel bc-captains" }, h("h2", null, "Captains"));
    for (const p of v.players) {
      const turn = (v.step.name === "attack?" ? v.step.owes : acting(v.step)) === p.seat && v.step.name !== "over";
      caps.append(h("div", { class: `bc-captain s${p.seat}${turn ? " to-move" : ""}`, "data-captain": p.seat },
        h("div", { class: "bc-cap-head" }, shipIcon(p.seat, letter(v, p.seat), p.facing),
          h("strong", null, ctx.seatLabel(p.seat)), h("span", { class: "muted" }, ` ${p.home}`), turn ? h("span", { class: "turn-tag" }, "to move") : null),
        h("div", { class: "bc-cap-line" }, `At ${p.at.join(",")} facing ${p.facing} · moves `, h("strong", { "data-distance": p.seat }, String(p.distance)),
          ` · ${plural(p.cards, "crew card")}`),
        h("div", { class: "bc-cap-line" }, "Ship: ", chips(p.treasure, "no treasure"), h("span", { class: "bc-home" }, ` Home: ${p.atHome} pts`)),
        p.hand ? h("div", { class: "bc-cap-line", "data-hand": p.seat }, "Crew: ", chips(p.hand, "no crew")) : null,
        p.kept.length ? h("div", { class: "bc-cap-line bc-kept" }, "Kept: ", p.kept.map((k) => `${keptTitle[k] ?? "card"} (${k})`).join(", ")) : null));
    }
    const ports = h("table", { class: "bc-ports", id: "bc-ports" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Port"), h("th", { scope: "col" }, "Crew"), h("th", { scope: "col" }, "Treasure"))));
    const body = h("tbody");
    for (const p of v.ports) {
      body.append(h("tr", { "data-port": p.name },
        h("th", { scope: "row" }, p.name, h("br"), h("span", { class: "muted small" }, p.owner >= 0 ? `${letter(v, p.owner)}: ${ctx.seatLabel(p.owner)}` : "trading")),
        h("td", null, chips(p.cards, "–"), p.longJohn ? h("span", { class: "bc-chip john" }, "Long John") : null),
        h("td", null, chips(p.treasure, "–"), p.safe.length ? h("div", { class: "small" }, "Safe: ", chips(p.safe)) : null)));
    }
    ports.append(body);
    side.append(caps,
      h("section", { class: "panel" }, h("h2", null, "Ports"), ports),
      h("section", { class: "panel bc-places" },
        h("h2", null, "Islands"),
        h("p", { id: "bc-flat" }, h("strong", null, "Flat Island: "), chips([...v.flatIsland.treasure, ...v.flatIsland.cards], "nothing")),
        h("p", { id: "bc-island" }, h("strong", null, "Treasure Island: "), chips(v.treasureIsland, "no treasure left")),
        h("p", { class: "muted small" }, `Pirate Island: ${plural(v.crewPack, "crew card")}. Chance pack: ${plural(v.chancePack, "card")}.`)));
  }

  /** compass offers the facings the server allows (faces), laid out as
   * on a map: north at the top. */
  function compass(faces: string[], id: string, f: (d: string) => void): HTMLElement {
    const order = ["NW", "N", "NE", "W", "", "E", "SW", "S", "SE"];
    return h("div", { class: "bc-compass", role: "group", "aria-label": "Directions" },
      order.map((d) => {
        if (!d) return h("span", { class: "bc-compass-mid", "aria-hidden": "true" }, "⎈");
        if (!faces.includes(d)) return h("span", { class: "bc-compass-off" });
        const b = h("button", { type: "button", id: `${id}-${d}`, title: `Face ${dirWords[d]}` }, d);
        b.addEventListener("click", () => f(d));
        return b;
      }));
  }

  function button(label: string, id: string, f: () => void, cls = ""): HTMLButtonElement {
    const b = h("button", { type: "button", id, class: cls || null }, label);
    b.addEventListener("click", f);
    return b;
  }

  function tradeScreen(v: BucView, seat: number): HTMLElement {
    const p = v.players[seat];
    const port = v.ports.find((x) => x.at[0] === p.at[0] && x.at[1] === p.at[1]);
    const box = h("div", { class: "bc-trade", id: "bc-trade" });
    if (!port) return box;
    const key = `${v.turns}:${port.name}:${(p.hand ?? []).join()}:${p.treasure.join()}:${port.cards.join()}:${port.treasure.join()}`;
    if (key !== tradeKey) { give = new Set(); take = new Set(); tradeKey = key; tradeErr = ""; }
    const mine: [string, string][] = [...(p.hand ?? []).map((c, i): [string, string] => [`h${i}`, c]), ...p.treasure.map((t, i): [string, string] => [`t${i}`, t])];
    const kept = p.kept.filter((k) => playLimit[k]);
    const theirs: [string, string][] = [...port.cards.map((c, i): [string, string] => [`pc${i}`, c]), ...port.treasure.map((t, i): [string, string] => [`pt${i}`, t])];
    if (port.longJohn) theirs.push(["john", "john"]);
    const itemOf = (k: string): string => mine.find((x) => x[0] === k)?.[1] ?? theirs.find((x) => x[0] === k)?.[1] ?? "";
    const giveItems = () => [...give].filter((k) => !k.startsWith("k")).map(itemOf);
    const takeItems = () => [...take].map(itemOf);
    const playing = () => [...give].filter((k) => k.startsWith("k")).map((k) => Number(k.slice(1)));
    const toggle = (set: Set<string>, k: string) => { if (set.has(k)) set.delete(k); else set.add(k); tradeErr = ""; render(); };
    const itemBtn = (set: Set<string>, k: string, it: string, side: string) => h("button", {
      type: "button", class: `bc-item${set.has(k) ? " chosen" : ""}`, "aria-pressed": String(set.has(k)), "data-item": it, "data-side": side, "data-key": k,
      onclick: () => toggle(set, k),
    }, chips([it]), ` ${itemWorth(it) || ""}`);
    const g = giveItems(), t = takeItems(), cards = playing();
    const gv = sum(g), tv = sum(t);
    const limitNote = cards.length === 1 ? ` (card allows up to ${playLimit[cards[0]]})` : "";
    box.append(h("p", null, h("strong", null, `Trading in ${port.name}`), port.owner >= 0 ? ` (${ctx.seatLabel(port.owner)}'s home: crew you give goes to that captain)` : "",
      ". Pick what you give and what you take; both sides must be worth the same."),
    h("div", { class: "bc-trade-cols" },
      h("div", { class: "bc-trade-col" }, h("h4", null, "You give"),
        mine.length || kept.length ? [...mine.map(([k, it]) => itemBtn(give, k, it, "give")),
          ...kept.map((n) => h("button", { type: "button", class: `bc-item card-play${give.has(`k${n}`) ? " chosen" : ""}`, "aria-pressed": String(give.has(`k${n}`)), "data-play": n,
            onclick: () => toggle(give, `k${n}`) }, `${keptTitle[n]} (up to ${playLimit[n]}${n === 21 ? ", crew only" : ""})`))] : h("p", { class: "muted" }, "nothing to give")),
      h("div", { class: "bc-trade-col" }, h("h4", null, `${port.name} offers`),
        theirs.length ? theirs.map(([k, it]) => itemBtn(take, k, it, "take")) : h("p", { class: "muted" }, "nothing to trade"))),
    h("p", { class: `bc-trade-sum${cards.length ? "" : gv === tv && gv > 0 ? " equal" : " unequal"}`, id: "bc-trade-sum" },
      cards.length ? `Playing ${cards.map((n) => keptTitle[n]).join(", ")}: you take worth ${tv}${limitNote}.` : `You give worth ${gv}; you take worth ${tv}.${gv === tv && gv > 0 ? " Equal worth." : ""}`),
    tradeErr ? h("p", { class: "bc-trade-err", id: "bc-trade-err", role: "alert" }, tradeErr) : "",
    h("div", { class: "bc-actions" }, button("Trade", "bc-trade-go", () => tryTrade(g, t, cards), "primary"),
      button("Clear", "bc-trade-clear", () => { give = new Set(); take = new Set(); tradeErr = ""; render(); }),
      button("Done: leave port", "bc-done", () => void send({ done: true }))));
    return box;
  }

  /** tryTrade sends the trade as picked: only the game judges it, and
   * its reason for refusing one stays beside the trading screen. */
  function tryTrade(g: string[], t: string[], cards: number[]): void {
    if (!t.length) { tradeErr = "Pick something of the port's to take."; render(); return; }
    const move = cards.length === 1 && !g.length ? { play: cards[0], take: t } : { give: g, take: t, ...(cards.length ? { play: cards[0] } : {}) };
    void send(move, (reason) => { tradeErr = reason; render(); });
  }

  function renderAct(v: BucView): void {
    clear(actEl);
    const seat = me();
    const st = v.step;
    if (st.name === "over" || ctx.st.outcome) {
      actEl.append(h("p", null, "The game is over. Start a new game or leave with the table's buttons."));
      return;
    }
    if (seat === null) {
      const owing = st.owes >= 0 ? who(st.owes) : "";
      actEl.append(h("p", { class: "muted" }, st.name === "attack?" ? `Waiting for ${owing} to decide whether to attack…` : `Waiting for ${owing}…`));
      return;
    }
    const p = v.players[seat];
    const add = (...kids: (HTMLElement | string | null)[]) => actEl.append(...kids.filter((k): k is HTMLElement | string => k !== null));
    switch (st.name) {
      case "move": {
        const lit = targets(v);
        const inPort = v.ports.some((x) => x.at[0] === p.at[0] && x.at[1] === p.at[1]);
        add(h("p", null, h("strong", null, `${ctx.seatLabel(seat)}, your turn. `),
          lit.size ? `Click a lit square to sail up to ${plural(p.distance, "square")}${inPort ? " in any direction (you are in port)" : ` ${dirWords[p.facing]}`}.` : "Your ship cannot sail that way."));
        const faces = v.legal?.face ?? [];
        if (faces.length) add(h("p", { class: "small" }, "Or turn the ship where it is (no sailing):"), compass(faces, "bc-turn", (d) => void send({ face: d })));
        break;
      }
      case "face":
        add(h("p", null, h("strong", null, "Which way should your ship point? "), "Only directions you could sail next turn are offered."), compass(v.legal?.face ?? [], "bc-face", (d) => void send({ face: d })));
        break;
      case "attack?": {
        add(h("p", { class: "bc-question", id: "bc-ask" }, h("strong", null, `${ctx.seatLabel(seat)}: `),
          `${who(st.mover)} sails past your ship at ${(st.at ?? p.at).join(",")}. Attack? If you do, their ship stops on your square and you fight: the stronger crew wins.`),
        h("div", { class: "bc-actions" }, button("Attack", "bc-attack-yes", () => void send({ attack: true }), "danger"), button("Let them pass", "bc-attack-no", () => void send({ attack: false }))));
        break;
      }
      case "escape":
        add(h("p", null, h("strong", null, "After the fight your ship must sail away: "), `click a lit square, up to ${plural(p.distance, "square")} in any direction.`));
        break;
      case "port":
        add(tradeScreen(v, seat));
        break;
      case "choose": {
        const room = 2 - p.treasure.length;
        const choices = v.legal?.take ?? [];
        const card = st.card ?? 0;
        const what = card === 25 || card === 26 ? "Kidd's chart lands at Anchor Bay" : `Chance card ${card}`;
        // The card's box above says what it gives while its drawer
        // chooses: said twice, the choices went below the screen.
        if (!choosingCard(v)) add(h("p", null, h("strong", null, `${what}: `), `take treasure worth up to ${st.limit} from Treasure Island (room for ${plural(room, "piece")})${st.crew ? `, or ${st.crew} crew cards from Pirate Island` : ""}.`));
        // One line per first piece: the piece alone, then "+ second
        // piece" for each pair that starts with it, so that a dozen
        // choices stand beside the whole sea at 800x600.
        const row = h("div", { class: "bc-choices" });
        const lines = new Map<string, HTMLElement>();
        for (const c of choices) {
          let line = lines.get(c[0]);
          const whole = `${c.map(cap).join(" + ")} (${sum(c)})`;
          const b = button(line ? `+ ${c.slice(1).map(cap).join(" + ")} (${sum(c)})` : whole, `bc-take-${c.join("-")}`, () => void send({ take: c }));
          if (line) b.setAttribute("aria-label", whole);
          else lines.set(c[0], line = row.appendChild(h("div", { class: "bc-actions" })));
          line.append(b);
        }
        const last = row.lastElementChild ?? row.appendChild(h("div", { class: "bc-actions" }));
        // C2: the captain hears before choosing what cannot be had in full.
        if (v.legal?.crew && st.crew) last.append(button(v.crewPack < st.crew ? `${v.crewPack} crew cards (only ${v.crewPack} left)` : `${st.crew} crew cards`, "bc-crew", () => void send({ crew: true })));
        if (!choices.length) last.append(h("span", { class: "muted" }, room < 1 ? "Your ship is full: no treasure." : "No treasure on Treasure Island fits."));
        add(row);
        break;
      }
      case "captain": {
        const text = st.card === 2 ? "Which captain must give you 3 crew cards?" : "Which captain by Treasure Island do you swap 2 crew cards with?";
        add(h("p", null, h("strong", null, `Chance card ${st.card}: `), text),
          h("div", { class: "bc-actions" }, (v.legal?.seats ?? []).map((s) => button(who(s), `bc-seat-${s}`, () => void send({ seat: s })))));
        break;
      }
      case "spoils": {
        const room = st.room ?? 0;
        add(h("p", null, h("strong", null, "You won the fight. "), `Your ship has room for ${plural(room, "piece")} of the loser's treasure; the rest goes back to Treasure Island. Keep:`),
          h("div", { class: "bc-actions" }, (v.legal?.keep ?? []).map((c) => button(c.map(cap).join(" + "), `bc-keep-${c.join("-")}`, () => void send({ keep: c })))));
        break;
      }
      default:
        add(h("p", { class: "muted" }, `Step: ${st.name}`));
    }
  }

  function renderStatus(v: BucView): void {
    const st = v.step;
    let text = `Turn ${v.turns + 1}${v.maxTurns ? ` of ${v.maxTurns}` : ""} · `;
    if (st.name === "over") text = "Game over.";
    else if (st.name === "attack?") text += `${who(st.mover)} sails past ${who(st.owes)}, who may attack`;
    else text += `${who(acting(st))} to ${({ move: "sail", face: "choose a facing", port: "trade", choose: "choose", captain: "choose a captain", spoils: "keep spoils", escape: "sail away" } as Record<string, string>)[st.name] ?? st.name}`;
    statusEl.textContent = text;
    const c = v.lastChance;
    chanceEl.hidden = !c;
    if (c) {
      const k = `${c.number}:${c.seat}:${v.turns}`;
      clear(chanceEl);
      chanceEl.append(h("span", { class: "bc-chance-no", "aria-hidden": "true" }, String(c.number)),
        h("div", null, h("strong", null, `Chance card ${c.number}: ${c.title}`), choosingCard(v) ? null : h("span", { class: "muted" }, ` drawn by ${who(c.seat)}`),
          h("p", { id: "bc-chance-text" }, c.text)));
      chanceEl.classList.toggle("fresh", k !== shownChance && shownChance !== "");
      shownChance = k;
    }
  }

  function render(): void {
    const v = view();
    if (!v) {
      for (const e of [side, actEl, shipLayer, targetLayer, newsEl]) clear(e);
      statusEl.textContent = "Waiting for the sea…";
      return;
    }
    const lit = targets(v);
    fitSea();
    follow(v);
    drawSea(v);
    drawMarks(v, lit);
    drawShips(v);
    renderStatus(v);
    renderSide(v);
    if (!ctx.replay) renderAct(v);
    clear(newsEl);
    // Oldest first, as the Moves panel counts them.
    const shown = news.slice(-8);
    for (const n of shown) newsEl.append(h("li", null, n));
    newsBox.hidden = shown.length === 0;
  }

  /** told is a move in the game's own words (Go's Describe, the push's
   * text), after the captain who made it: what every captain may know. */
  function told(push: Pick<MatchPush, "seat" | "text">): string {
    if (!push.text) return "";
    return `${push.seat >= 0 ? who(push.seat) + " " : ""}${namedSeats(push.text, who)}`;
  }

  function events(evs: GameEvent[], push: MatchPush): void {
    for (const e of evs) if (e.type === "sail" && e.data) lastSail = { from: (e.data as any).from, to: (e.data as any).to };
    const said = told(push);
    if (said) news.push(said);
    if (news.length > 60) news.splice(0, news.length - 60);
    render();
    if (said) announce(said + ".");
  }

  function hint(): string {
    const v = view();
    if (!v || me() === null) return "";
    switch (v.step.name) {
      case "move": return "click a lit square to sail, or turn the ship";
      case "face": return "choose which way your ship points";
      case "attack?": return "a ship sails past you: attack or let it pass";
      case "port": return "trade crew and treasure of equal worth, or leave port";
      case "choose": return "choose what the card gives you";
      case "captain": return "choose a captain";
      case "spoils": return "choose which treasure to keep";
      case "escape": return "sail away from the fight";
    }
    return "";
  }

  function destroy(): void {
    pz.destroy();
    sizer?.disconnect();
    window.removeEventListener("resize", fitSea);
  }

  return { el, side, update: render, events, hint, destroy };
}
