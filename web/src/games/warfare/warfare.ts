// Medieval Warfare: the hex island in SVG with pan and zoom, the selected
// villager's or village's actions, and the list of villages. Each player's
// land has its colour and a pattern of its own (and villages carry the
// player's number), so regions are told apart without colour. What may be
// done is never worked out here: the view of the player whose turn it is
// carries it ("legal": each villager's destinations and trainings, each
// village's recruits, upgrade and watchtowers), from the game's own rules,
// and the board lights and enables what it lists.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import { openRules } from "../../rules";
import { settings } from "../../settings";
import { panZoom } from "../../panzoom";
import type { GameView, TableCtx } from "../types";

interface HexV {
  id: number; x: number; y: number; owner: number; thing?: string; meadow?: boolean; road?: boolean;
  done?: boolean; work?: string; left?: number; region: number;
}
interface VillageV {
  hex: number; owner: number; level: string; gold: number; wood: number; region: number; size: number;
  income: number; upkeep: number; short: boolean; units: number; locked?: number;
}
/** Offer is what the player whose turn it is may do (games/warfare
 * Offer), by piece, named by its hex; in that player's view alone. */
interface Offer {
  go?: Record<string, number[]>; train?: Record<string, number[]>;
  /** work: 1 a meadow, 2 a road, 3 either, by peasant. */
  work?: Record<string, number>;
  /** buy: a recruit of any rank up to top on in, of rank r also on out[r-1]. */
  buy?: Record<string, { top: number; in?: number[]; out?: number[][] }>;
  upgrade?: number[]; tower?: Record<string, number[]>;
}
interface WarView {
  island: string; width: number; height: number; players: number; turn: number; round: number; rounds: number;
  out: boolean[]; land: number[]; hexes: HexV[]; villages: VillageV[]; legal?: Offer; prices?: Prices;
}
/** Prices are the game's costs, wages and ranks (games/warfare
 * Prices), in every view: ranks[r-1] is rank r, weakest first; train[i]
 * is the gold to train a villager to rank r+1+i; top is the highest rank
 * a village level supports. */
interface Prices {
  ranks: { name: string; strength: number; gold: number; wage: number; train: number[] }[];
  levels: { name: string; top: number; towers: boolean }[];
  upgradeWood: number; towerWood: number;
}

const noOffer: Offer = {};
const noPrices: Prices = { ranks: [], levels: [], upgradeWood: 0, towerWood: 0 };

const R = 24; // hex radius in SVG units
const HW = Math.sqrt(3) * R; // hex width

/** gridName is a hex's place on the island's grid as the game's sentences
 * say it (games/warfare's HexName): the column's letter (AA after Z) and
 * the row's number from 1, "F7"; the board's edges carry the same
 * letters and numbers, as a map's do. */
export function gridName(x: number, y: number): string {
  return columnName(x) + String(y + 1);
}

function columnName(x: number): string {
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
const PLAY_PX = 30;
const COMFY_PX = 44;
const patternNames = ["diagonal stripes", "spots", "horizontal stripes", "back stripes", "cross-hatch", "vertical stripes"];

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// Neighbour offsets in the odd-r grid by row parity: east, north-east,
// north-west, west, south-west, south-east (the server's order).
const step = [
  [[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]],
  [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]],
];

/** AnimKind says how the replay of another player's turn marks a hex:
 * where a villager left, where it went, land taken, a new piece. */
type AnimKind = "from" | "to" | "taken" | "new";
/** AnimStep is one action of another player, shown on the map in turn. */
interface AnimStep { seat: number; text: string; hexes: [number, AnimKind][]; walk?: [number, number] }

// The replay of another player's turn stays short, whatever the turn
// held: each step lasts between these, and a long turn is shown in at
// most ANIM_STEPS steps (consecutive actions shown together).
const ANIM_STEP_MS = [180, 450];
const ANIM_TOTAL_MS = 2200;
const ANIM_STEPS = 12;

/** Target says what a click on a lit hex would do. */
type Target = "walk" | "act" | "take";
type Mode = { kind: "move" } | { kind: "buy"; rank: number } | { kind: "tower" };
interface Selection { kind: "unit" | "village"; hex: number; mode: Mode }

/** Board is a view's geometry (neighbours, regions, villages) and the
 * offer of the player to move, read per piece; built once per view. */
class Board {
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

function corner(cx: number, cy: number, deg: number, r = R): string {
  const a = (deg * Math.PI) / 180;
  return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
}

function hexPoints(cx: number, cy: number, r = R): string {
  return [30, 90, 150, 210, 270, 330].map((d) => corner(cx, cy, d, r)).join(" ");
}

/** defs holds the land patterns and the symbols drawn on hexes. */
function defs(): SVGDefsElement {
  const pat = (i: number, ...kids: SVGElement[]) =>
    svg("pattern", { id: `wf-pat-${i}`, width: 9, height: 9, patternUnits: "userSpaceOnUse" }, ...kids);
  const ln = (x1: number, y1: number, x2: number, y2: number) => svg("line", { x1, y1, x2, y2, class: "wf-pat-ink" });
  return svg("defs", null,
    svg("pattern", { id: "wf-pat-0", width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, ln(0, 0, 0, 9)),
    pat(1, svg("circle", { cx: 4.5, cy: 4.5, r: 1.6, class: "wf-pat-dot" })),
    pat(2, ln(0, 4.5, 9, 4.5)),
    svg("pattern", { id: "wf-pat-3", width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, ln(0, 0, 0, 9)),
    pat(4, ln(0, 4.5, 9, 4.5), ln(4.5, 0, 4.5, 9)),
    pat(5, ln(4.5, 0, 4.5, 9)),
    // A tree's one path is green above its trunk and brown below (see
    // treeShape): the bounding box runs from y=-19 to y=13, the trunk
    // shows below y=8.
    svg("linearGradient", { id: "wf-tree-fill", x1: 0, y1: 0, x2: 0, y2: 1 },
      svg("stop", { offset: 27 / 32, "stop-color": "#2f6b2f" }),
      svg("stop", { offset: 27 / 32, "stop-color": "#6b4423" })),
    // Symbols are drawn about (0,0), about one hex across.
    svg("g", { id: "wf-sym-tombstone", class: "wf-tomb" },
      svg("path", { d: "M-8,12 L-8,-5 A8,8 0 0 1 8,-5 L8,12 Z" }),
      svg("path", { d: "M0,-8 V6 M-5,-3 H5", class: "cross" })),
    svg("g", { id: "wf-sym-hovel", class: "wf-building" },
      svg("path", { d: "M-11,12 V-1 L0,-11 L11,-1 V12 Z", class: "wall" }),
      svg("rect", { x: -3, y: 3, width: 6, height: 9, class: "door" })),
    svg("g", { id: "wf-sym-town", class: "wf-building" },
      svg("path", { d: "M-16,12 V1 L-10,-6 L-4,1 V12 Z", class: "wall" }),
      svg("path", { d: "M-4,12 V-4 L5,-14 L14,-4 V12 Z", class: "wall" }),
      svg("rect", { x: 2, y: 4, width: 6, height: 8, class: "door" }),
      svg("rect", { x: -12, y: 3, width: 4, height: 4, class: "door" }),
      svg("rect", { x: 3, y: -5, width: 4, height: 4, class: "door" })),
    svg("g", { id: "wf-sym-fort", class: "wf-building wf-stone" },
      svg("path", { d: "M-15,12 V-12 H-10 V-7 H-5 V-12 H0 V-7 H5 V-12 H10 V-7 H15 V-12 H15 V12 Z", class: "wall" }),
      svg("path", { d: "M-4,12 V4 A4,4 0 0 1 4,4 V12 Z", class: "door" })),
    svg("g", { id: "wf-sym-tower", class: "wf-building wf-stone" },
      svg("path", { d: "M-7,13 V-10 H-9 V-16 H-5 V-13 H-2 V-16 H2 V-13 H5 V-16 H9 V-10 H7 V13 Z", class: "wall" }),
      svg("rect", { x: -1.5, y: -6, width: 3, height: 6, class: "door" })),
    // One element, not a group: each <use> of it copies what it holds.
    svg("path", { id: "wf-sym-meadow", class: "wf-meadow", d: "M-12,10 l2,-8 l2,8 M-4,10 l2,-9 l2,9 M4,10 l2,-8 l2,8 M-8,14 l2,-7 l2,7 M1,14 l2,-7 l2,7" }));
}

/** treeShape is a tree about (0,0) in one path: its trunk and two layers
 * of leaves. An island holds a hundred trees or more, and a <use> of a
 * symbol costs the browser a copy of each of the symbol's elements to
 * style and lay out: a tree of four elements drawn that way was a fifth
 * of the map's first draw. */
const treeShape = "M-2,6 h4 v7 h-4 Z M0,-15 L11,8 L-11,8 Z M0,-19 L8,-3 L-8,-3 Z";

/** warfarePreview draws the start of a match small and still, for the
 * people at a table to agree on the island before the start: each land
 * hex in its owner's colour, the borders, the coast, the hovels (a square
 * in the owner's colour) and the trees. It uses no ids of its own (no
 * patterns or symbols), so that the board beside it, whose defs share
 * the page, keeps its own; and its classes are not the board's, which
 * the page's tests and styles look for. It returns null for anything but
 * a view. */
export function warfarePreview(data: unknown): SVGSVGElement | null {
  const v = data as WarView | null;
  if (!v || !Array.isArray(v.hexes) || v.hexes.length === 0) return null;
  const b = new Board(v);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const land = svg("g", { class: "wf-pv-land" });
  const things = svg("g", { class: "wf-pv-things" });
  let coast = "", border = "";
  for (const c of v.hexes) {
    const [cx, cy] = b.centre(c.id);
    x0 = Math.min(x0, cx - HW / 2); x1 = Math.max(x1, cx + HW / 2);
    y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
    land.append(svg("polygon", { points: hexPoints(cx, cy), class: `wf-hex ${c.owner < 0 ? "neutral" : "p" + c.owner}` }));
    b.nbr[c.id].forEach((n, i) => {
      if (n >= 0 && (n < c.id || b.hex(n).owner === c.owner)) return;
      const seg = `M${corner(cx, cy, 30 - 60 * i)} L${corner(cx, cy, -30 - 60 * i)} `;
      if (n < 0) coast += seg;
      else border += seg;
    });
    if (c.thing === "village") things.append(svg("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, rx: 3, class: `wf-pv-village p${c.owner}` }));
    else if (c.thing === "tree") things.append(svg("path", { d: `M${cx.toFixed(1)},${(cy - 13).toFixed(1)} l10,20 h-20 Z`, class: "wf-pv-tree" }));
  }
  const lines = svg("g", null, svg("path", { d: coast, class: "wf-coast" }), svg("path", { d: border, class: "wf-border" }));
  const pad = R / 2;
  return svg("svg", {
    class: "wf-preview", role: "img", "data-hexes": v.hexes.length,
    viewBox: `${(x0 - pad).toFixed(1)} ${(y0 - pad).toFixed(1)} ${(x1 - x0 + 2 * pad).toFixed(1)} ${(y1 - y0 + 2 * pad).toFixed(1)}`,
    "aria-label": `The island at the start: ${v.hexes.length} land hexes shared by ${v.players} players, ${v.villages.length} villages.`,
  }, land, lines, things) as SVGSVGElement;
}

export function warfareView(ctx: TableCtx): GameView {
  const el = h("div", { class: "warfare" });
  const side = h("div", { class: "wf-side" });
  let board: Board | null = null;
  // Ranks, levels and costs come from the view (Prices), never from here.
  const prices = (): Prices => board?.v.prices ?? noPrices;
  /** rankOf is a villager's rank (its strength), 0 for no villager. */
  const rankOf = (thing: string | undefined): number => prices().ranks.findIndex((x) => x.name === thing) + 1;
  const rankName = (r: number): string => prices().ranks[r - 1]?.name ?? "";
  const levelOf = (level: string) => prices().levels.find((x) => x.name === level);
  const maxRank = (level: string): number => levelOf(level)?.top ?? 0;
  let islandKey = "";
  let sel: Selection | null = null;
  let want: Selection | null = null; // the selection to take once the server's view shows the move
  let targets = new Map<number, Target>();
  let last = new Set<number>(); // hexes the last move touched
  let full = { x: 0, y: 0, w: 100, h: 100 };

  // The page's parts, built once and filled on every update.
  const root = svg("svg", {
    class: "wf-svg", role: "group", tabindex: 0,
    "aria-label": "The island. Click one of your villagers or villages to act. Keys: plus and minus zoom, arrows pan, 0 shows the whole island, N selects the next villager, Escape clears the selection.",
  });
  const landLayer = svg("g", { class: "wf-land" });
  // The grid's letters along the top and numbers down the left, so that
  // "F7" in a sentence can be found on the island.
  const gridLayer = svg("g", { class: "wf-grid", "aria-hidden": "true" });
  const patternLayer = svg("g", { class: "wf-patterns", "pointer-events": "none" });
  const groundLayer = svg("g", { class: "wf-ground", "pointer-events": "none" });
  const borderLayer = svg("g", { class: "wf-borders", "pointer-events": "none" });
  const markLayer = svg("g", { class: "wf-marks", "pointer-events": "none" });
  const thingLayer = svg("g", { class: "wf-things", "pointer-events": "none" });
  const animLayer = svg("g", { class: "wf-anim", "pointer-events": "none" });
  root.append(defs(), gridLayer, landLayer, patternLayer, groundLayer, borderLayer, markLayer, thingLayer, animLayer);
  const mapBox = h("div", { class: "wf-map" }, root);
  // The line naming what another player just did, while it is replayed.
  const animText = h("span", { class: "wf-anim-text" });
  const skipBtn = h("button", { type: "button", class: "link", id: "wf-anim-skip", title: "Skip the replay (Escape)" }, "Skip");
  const animLine = h("div", { class: "wf-anim-line", id: "wf-anim-line", role: "status", hidden: true }, animText, skipBtn);
  const zoomIn = h("button", { type: "button", title: "Zoom in (+)", "aria-label": "Zoom in", id: "wf-zoom-in" }, "+");
  const zoomOut = h("button", { type: "button", title: "Zoom out (−)", "aria-label": "Zoom out", id: "wf-zoom-out" }, "−");
  const zoomFit = h("button", { type: "button", title: "Whole island (0)", id: "wf-zoom-fit" }, "Fit");
  const endBtn = h("button", { type: "button", class: "primary", id: "wf-end" }, "End turn");
  const nextBtn = h("button", { type: "button", id: "wf-next", title: "Select the next villager that can still move (N)" }, "Next villager");
  const roundEl = h("span", { class: "wf-round" });
  const toolbar = h("div", { class: "wf-toolbar" }, roundEl, h("span", { class: "wf-zoom" }, zoomOut, zoomFit, zoomIn), nextBtn, endBtn);
  const selBox = h("div", { class: "wf-sel", id: "wf-sel", "aria-live": "polite" });
  // The short list below covers the controls; the whole rulebook opens
  // in the Help panel, beside the map, so play can go on while reading.
  const rulesBtn = h("button", { type: "button", class: "link", id: "wf-rules" }, "All the rules…");
  rulesBtn.addEventListener("click", () => openRules("warfare"));
  const help = h("details", { class: "wf-help" },
    h("summary", null, "How to play"),
    h("ul", null,
      h("li", null, "Click one of your villagers (a disc with P, I, S or K): the hexes it can reach light up: blue rings to walk, green rings to act in its region (a tree gives wood, a tombstone is cleared, another villager combines with it), red dashed rings for land it can take. Click one to go."),
      h("li", null, "Click a village to recruit (then click a lit hex), upgrade it with wood, or build a watchtower (towns and forts)."),
      h("li", null, "A selected villager can also be trained, and a peasant can start a meadow or a road. \"Next villager\" (or N) picks one that can still move."),
      h("li", null, "Villagers: P peasant, I infantry, S soldier, K knight (spots give the strength). A faded one has acted this turn; a badge such as M2 marks a peasant busy on a meadow (M) or road (R) for that many turns. Each village flies its player's number."),
      h("li", null, "Each village pays its villagers at the start of your turn. ⚠ marks a village that cannot pay next turn: its villagers would die."),
      h("li", null, "Drag or use the arrow keys to pan; the mouse wheel, pinch or + and − zoom; Escape clears the selection."),
      h("li", null, "Guards: a villager protects its hex and its neighbours of the same colour; a watchtower counts as infantry, a fort as a soldier.")),
    rulesBtn);
  // The line naming another player's actions sits in a slot that keeps
  // its height while the line is hidden, so that the map does not move
  // when a replay starts or ends (see app.css). A replay of a finished
  // match never shows the line, so there it takes no room at all.
  const animSlot = h("div", { class: "wf-anim-slot" }, animLine);
  el.append(toolbar, ...(ctx.replay ? [] : [animSlot]), mapBox, selBox, help);
  // A replay only shows the island.
  selBox.hidden = help.hidden = ctx.replay;

  const legend = h("div", { class: "wf-legend" });
  const vilList = h("div", { class: "wf-villages", id: "wf-villages" });
  side.append(h("section", { class: "panel" }, h("h2", null, "Players"), legend),
    h("section", { class: "panel" }, h("h2", { id: "wf-villages-title" }, "Villages"), vilList));

  const view = (): WarView | null => {
    const v = ctx.view() as WarView | null;
    return v && Array.isArray(v.hexes) ? v : null;
  };
  const me = (): number | null => {
    const s = ctx.mover();
    const v = view();
    return s !== null && v && v.turn === s ? s : null;
  };

  // ---- pan and zoom --------------------------------------------------

  const pz = panZoom(root, { zoomIn, zoomOut, keys: { Escape: () => select(null), n: nextVillager, N: nextVillager, "0": wholeIsland } });
  zoomFit.addEventListener("click", wholeIsland);

  /** wholeIsland is Fit (the button, or 0): the whole island, large. The
   * map takes the board's whole width (the side panels go below it) and
   * the screen's height under the toolbar, which is scrolled to the top
   * of the window, so that at 1280x800 a hex stays large enough to aim
   * at; a second Fit changes nothing more. */
  function wholeIsland(): void {
    el.classList.add("wf-whole");
    pz.fit();
    toolbar.scrollIntoView({ block: "start" });
  }
  const unitsPerPixel = (): number => pz.unitsPerPixel();
  function centreOn(id: number): void {
    if (!board) return;
    const [cx, cy] = board.centre(id);
    pz.centreAt(cx, cy);
  }

  // ---- clicks and moves ----------------------------------------------

  // One tooltip, moved to the hex under the pointer, names a hex: a
  // <title> in each of an island's hundreds of hexes doubled the map's
  // elements and was rewritten on every move, the main cost of drawing
  // the map on a phone (Lighthouse, issue 22). Keyboard and screen-reader
  // users reach hexes through the "Lit hexes" list, not the tooltips.
  const hexTip = svg("title");
  const hexLabel = (id: number): string => {
    const c = board?.hex(id);
    if (!c) return "";
    return `${gridName(c.x, c.y)}: ${describe(c)}${targets.has(c.id) ? ". " + targetWord(targets.get(c.id) as Target, c) : ""}`;
  };
  landLayer.addEventListener("pointerover", (e) => {
    const t = (e.target as Element).closest("[data-hex]");
    if (!t || t === hexTip.parentNode) return;
    hexTip.textContent = hexLabel(Number(t.getAttribute("data-hex")));
    t.append(hexTip);
  });

  root.addEventListener("click", (e) => {
    if (pz.tookDrag()) return;
    const t = (e.target as Element).closest("[data-hex]");
    if (!t) return;
    clickHex(Number(t.getAttribute("data-hex")));
  });

  function select(s: Selection | null): void {
    sel = s;
    render();
    ctx.refreshStatus();
  }

  function clickHex(id: number): void {
    const v = view();
    if (!board || !v) return;
    const c = board.hex(id);
    const seat = me();
    if (sel && targets.has(id) && seat !== null) {
      void act(seat, id);
      return;
    }
    if (seat === null) {
      select(null);
      if (!ctx.st.outcome) ctx.info(`Hex ${id}: ${describe(c)}. It is not your turn.`);
      return;
    }
    if (sel && sel.hex === id && sel.mode.kind === "move") return select(null);
    if (c.owner === seat && rankOf(c.thing)) return select({ kind: "unit", hex: id, mode: { kind: "move" } });
    if (c.owner === seat && c.thing === "village") return select({ kind: "village", hex: id, mode: { kind: "move" } });
    if (c.owner === seat && c.region >= 0) {
      const vl = board.vilByRegion.get(c.region);
      if (vl) return select({ kind: "village", hex: vl.hex, mode: { kind: "move" } });
    }
    select(null);
    ctx.info(`Hex ${id}: ${describe(c)}.`);
  }

  function describe(c: HexV): string {
    const owner = c.owner < 0 ? "neutral land" : `land of ${ctx.seatLabel(c.owner)}`;
    const parts = [owner];
    if (c.thing === "village") parts.push(`a ${board?.vilByRegion.get(c.region)?.level ?? "village"}`);
    else if (c.thing === "tower") parts.push("a watchtower");
    else if (c.thing) parts.push(`a ${c.thing}`);
    if (c.meadow) parts.push("a meadow");
    if (c.road) parts.push("a road");
    return parts.join(", ");
  }

  /** play sends one move at a time, so that a double click is one move. */
  let sending = false;
  async function play(seat: number, move: unknown): Promise<boolean> {
    if (sending) return false;
    sending = true;
    try {
      return await ctx.play(seat, move);
    } finally {
      sending = false;
    }
  }

  async function act(seat: number, to: number): Promise<void> {
    if (!sel) return;
    const s = sel;
    let move: unknown;
    if (s.kind === "unit") move = { move: { from: s.hex, to } };
    else if (s.mode.kind === "buy") move = { buy: { village: s.hex, unit: rankName(s.mode.rank), at: to } };
    else if (s.mode.kind === "tower") move = { tower: { village: s.hex, at: to } };
    else return;
    const walk = s.kind === "unit" && targets.get(to) === "walk";
    const ok = await play(seat, move);
    if (!ok) return;
    // A villager that only walked may go on; a recruiting village stays
    // ready for the next recruit.
    if (walk) want = { kind: "unit", hex: to, mode: { kind: "move" } };
    else if (s.kind === "unit") sel = null;
    render();
  }

  async function send(move: unknown, after: Selection | null): Promise<void> {
    const seat = me();
    if (seat === null) return;
    if (await play(seat, move)) {
      sel = after;
      render();
    }
  }

  /** idle lists the mover's villagers that can still move, by hex. */
  function idle(): number[] {
    const seat = me();
    if (!board || seat === null) return [];
    return board.v.hexes.filter((c) => c.owner === seat && rankOf(c.thing) && !c.done && !c.left).map((c) => c.id);
  }
  function nextVillager(): void {
    const list = idle();
    if (!list.length) {
      ctx.info("Every villager has acted or is busy.");
      return;
    }
    const cur = sel?.kind === "unit" ? sel.hex : -1;
    const id = list.find((x) => x > cur) ?? list[0];
    centreOn(id);
    select({ kind: "unit", hex: id, mode: { kind: "move" } });
  }
  nextBtn.addEventListener("click", nextVillager);

  endBtn.addEventListener("click", () => {
    sel = null;
    void send({ end: true }, null);
  });

  // ---- drawing -------------------------------------------------------

  function build(v: WarView): void {
    board = new Board(v);
    islandKey = `${v.island}:${v.width}x${v.height}:${v.hexes.length}`;
    const wdt = HW * (v.width + 1.5), hgt = 1.5 * R * v.height + R * 1.4;
    full = { x: HW * 0.5, y: 0, w: wdt - HW, h: hgt };
    // The island's bounds, so that "fit" shows land, not sea.
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const c of v.hexes) {
      const [cx, cy] = board.centre(c.id);
      x0 = Math.min(x0, cx - HW / 2); x1 = Math.max(x1, cx + HW / 2);
      y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
    }
    // Room for the grid's letters above the land and its numbers left of it.
    if (x0 < x1) full = { x: x0 - R * 1.6, y: y0 - R * 1.5, w: x1 - x0 + R * 2.1, h: y1 - y0 + R * 2 };
    clear(gridLayer);
    if (x0 < x1) {
      const cols = new Set(v.hexes.map((c) => c.x)), rows = new Set(v.hexes.map((c) => c.y));
      for (const x of cols) gridLayer.append(svg("text", { x: HW * x + HW, y: y0 - R * 0.45, "text-anchor": "middle" }, columnName(x)));
      for (const y of rows) gridLayer.append(svg("text", { x: x0 - R * 0.35, y: 1.5 * R * y + R * 1.2 + R * 0.3, "text-anchor": "end" }, String(y + 1)));
    }
    mapBox.style.setProperty("aspect-ratio", `${full.w.toFixed(0)} / ${full.h.toFixed(0)}`);
    pz.setFull(full);
    clear(landLayer);
    for (const c of v.hexes) {
      const [cx, cy] = board.centre(c.id);
      landLayer.append(svg("polygon", { points: hexPoints(cx, cy), "data-hex": c.id }));
    }
    openOnOwnLand(v);
  }

  /** openOnOwnLand is the island's first view. Where the whole island
   * leaves hexes too small to play on, it starts on the player's own
   * land: all of it when it fits at a size to play on, else the part of
   * the screen's size that holds the most of it (a player's land is
   * spread over the island). */
  function openOnOwnLand(v: WarView): void {
    const hexPx = HW / unitsPerPixel();
    if (!root.isConnected || !(hexPx > 0) || hexPx >= PLAY_PX) return;
    const seat = ctx.viewSeat();
    // A spectator has no land of their own (-1 is the neutral land's).
    const own = seat < 0 ? [] : v.hexes.filter((c) => c.owner === seat).map((c) => (board as Board).centre(c.id));
    if (own.length === 0) {
      pz.zoom(PLAY_PX / hexPx);
      return;
    }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [x, y] of own) {
      x0 = Math.min(x0, x - HW / 2); x1 = Math.max(x1, x + HW / 2);
      y0 = Math.min(y0, y - R); y1 = Math.max(y1, y + R);
    }
    const r = root.getBoundingClientRect();
    // The hexes' size with the player's land filling the map, at most a
    // comfortable one.
    const fitPx = Math.min(HW * Math.min(r.width / (x1 - x0), r.height / (y1 - y0)), COMFY_PX);
    if (fitPx >= PLAY_PX) {
      pz.zoom(fitPx / hexPx);
      pz.centreAt((x0 + x1) / 2, (y0 + y1) / 2);
      return;
    }
    pz.zoom(PLAY_PX / hexPx);
    // What the map shows, in the island's units: the map's box at the
    // new scale (the view box may be narrower than the box it is drawn in).
    const upp = unitsPerPixel();
    const hw = r.width * upp / 2 - HW / 2, hh = r.height * upp / 2 - R;
    let best = own[0], most = -1;
    for (const [cx, cy] of own) {
      let n = 0;
      for (const [x, y] of own) if (Math.abs(x - cx) <= hw && Math.abs(y - cy) <= hh) n++;
      if (n > most) { most = n; best = [cx, cy]; }
    }
    pz.centreAt(best[0], best[1]);
  }

  function render(): void {
    const v = view();
    if (!v || !board) return;
    const seat = me();
    if (want && seat !== null) {
      const c = board.hex(want.hex);
      if (c.owner === seat && (want.kind === "unit" ? rankOf(c.thing) > 0 : c.thing === "village")) {
        sel = want;
        want = null;
      }
    } else want = null;
    // A selection that no longer holds (the villager acted or died, it
    // is no longer our turn) is dropped.
    if (sel && seat !== null) {
      const c = board.hex(sel.hex);
      if (c.owner !== seat || (sel.kind === "unit" ? !rankOf(c.thing) : c.thing !== "village")) sel = null;
    } else sel = null;
    targets = new Map();
    const vl = sel?.kind === "village" ? board.vilByRegion.get(board.hex(sel.hex).region) : undefined;
    if (sel?.kind === "unit") targets = board.unitTargets(sel.hex);
    else if (sel && vl && sel.mode.kind === "buy") {
      const r = sel.mode.rank;
      targets = board.buyTargets(vl, r);
      if (!targets.size) sel.mode = { kind: "move" };
    } else if (sel && vl && sel.mode.kind === "tower") {
      targets = board.towerTargets(vl);
      if (!targets.size) sel.mode = { kind: "move" };
    }
    const vlist = v.villages;
    const vilAt = new Map(vlist.map((x) => [x.hex, x]));

    // Land.
    const owners = new Map<number, string[]>();
    for (const c of v.hexes) {
      const poly = landLayer.children[c.id] as SVGPolygonElement | undefined;
      if (!poly) continue;
      const cls = ["wf-hex", c.owner < 0 ? "neutral" : `p${c.owner}`];
      if (targets.has(c.id)) cls.push("target", `t-${targets.get(c.id)}`);
      poly.setAttribute("class", cls.join(" "));
      if (c.owner >= 0) {
        const [cx, cy] = board.centre(c.id);
        const list = owners.get(c.owner) ?? [];
        list.push(`M${hexPoints(cx, cy)}Z`);
        owners.set(c.owner, list);
      }
    }
    const tipAt = hexTip.parentNode as Element | null;
    if (tipAt) hexTip.textContent = hexLabel(Number(tipAt.getAttribute("data-hex")));
    clear(patternLayer);
    for (const [o, paths] of owners) patternLayer.append(svg("path", { d: paths.join(""), fill: `url(#wf-pat-${o % 6})`, class: `wf-pattern p${o}` }));

    // Meadows and roads.
    clear(groundLayer);
    for (const c of v.hexes) {
      const [cx, cy] = board.centre(c.id);
      if (c.meadow) {
        // Under a piece the meadow shrinks to a tuft in the hex's corner.
        const at = c.thing ? `translate(${(cx - 14.5).toFixed(1)},${(cy + 1).toFixed(1)}) scale(.45)` : `translate(${cx.toFixed(1)},${cy.toFixed(1)})`;
        groundLayer.append(svg("use", { href: "#wf-sym-meadow", transform: at, "data-meadow": c.id }));
      }
      if (c.road || c.thing === "village") {
        let d = "";
        board.nbr[c.id].forEach((n, i) => {
          if (n < 0) return;
          const t = board?.hex(n);
          if (!t || !(t.road || (c.road && t.thing === "village")) || t.owner !== c.owner) return;
          const a = (-60 * i * Math.PI) / 180;
          d += `M${cx.toFixed(1)},${cy.toFixed(1)} L${(cx + (HW / 2) * Math.cos(a)).toFixed(1)},${(cy + (HW / 2) * Math.sin(a)).toFixed(1)} `;
        });
        if (!d && !c.road) continue;
        if (!d) d = `M${(cx - R * 0.6).toFixed(1)},${(cy + R * 0.45).toFixed(1)} h${(R * 1.2).toFixed(1)}`;
        groundLayer.append(svg("path", { d, class: "wf-road", "data-road": c.id }));
      }
    }

    // Borders between owners and along the coast.
    let coast = "", border = "";
    for (const c of v.hexes) {
      const [cx, cy] = board.centre(c.id);
      board.nbr[c.id].forEach((n, i) => {
        if (n >= 0 && (n < c.id || board?.hex(n).owner === c.owner)) return;
        const seg = `M${corner(cx, cy, 30 - 60 * i)} L${corner(cx, cy, -30 - 60 * i)} `;
        if (n < 0) coast += seg;
        else border += seg;
      });
    }
    clear(borderLayer);
    borderLayer.append(svg("path", { d: coast, class: "wf-coast" }), svg("path", { d: border, class: "wf-border" }));

    // Selection, destinations and the last move.
    clear(markLayer);
    for (const id of last) {
      const [cx, cy] = board.centre(id);
      markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 3), class: "wf-last" }));
    }
    for (const [id, t] of targets) {
      const [cx, cy] = board.centre(id);
      markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 3.5), class: `wf-target-ring t-${t}`, "data-target": id }));
    }
    if (sel) {
      const [cx, cy] = board.centre(sel.hex);
      markLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 2), class: "wf-selected-halo" }),
        svg("polygon", { points: hexPoints(cx, cy, R - 2), class: "wf-selected" }));
    }

    // What stands on each hex.
    clear(thingLayer);
    for (const c of v.hexes) {
      if (!c.thing) continue;
      const [cx, cy] = board.centre(c.id);
      const r = rankOf(c.thing);
      if (r) {
        const g = svg("g", { class: `wf-unit p${c.owner}${c.done && c.owner === v.turn ? " done" : ""}${c.left ? " working" : ""}`, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, "data-unit": c.id, "data-rank": c.thing },
          svg("circle", { r: 12.5 }),
          svg("text", { y: 0.5, "dominant-baseline": "central", "text-anchor": "middle" }, rankName(r).charAt(0).toUpperCase()));
        for (let i = 0; i < r; i++) g.append(svg("circle", { cx: -6 + 4 * i, cy: 16, r: 1.6, class: "pip" }));
        if (c.left) {
          g.append(svg("rect", { x: 5, y: -19, width: 16, height: 10, rx: 2, class: "wf-work-badge" }),
            svg("text", { x: 13, y: -13.5, class: "wf-work", "text-anchor": "middle", "dominant-baseline": "central" }, (c.work === "road" ? "R" : "M") + c.left),
            svg("title", null, `busy on a ${c.work} for ${c.left} more turn${c.left === 1 ? "" : "s"}`));
        }
        thingLayer.append(g);
        continue;
      }
      if (c.thing === "village") {
        const vv = vilAt.get(c.id);
        const lvl = vv?.level ?? prices().levels[0]?.name ?? "";
        const g = svg("g", { class: `wf-village p${c.owner}${vv?.short ? " short" : ""}`, "data-village": c.id, "data-level": lvl },
          svg("use", { href: `#wf-sym-${lvl}`, x: cx, y: cy }),
          svg("rect", { x: cx + 7, y: cy - 21, width: 12, height: 11, rx: 2, class: "flag" }),
          svg("text", { x: cx + 13, y: cy - 15.5, "dominant-baseline": "central", "text-anchor": "middle", class: "flag-text" }, String(c.owner + 1)));
        if (vv?.short) g.append(svg("text", { x: cx - 13, y: cy - 13, class: "wf-warn", "text-anchor": "middle", "dominant-baseline": "central" }, "!"));
        thingLayer.append(g);
        continue;
      }
      if (c.thing === "tree") {
        thingLayer.append(svg("path", { d: treeShape, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`, class: "wf-tree", "data-thing": c.thing }));
        continue;
      }
      thingLayer.append(svg("use", { href: `#wf-sym-${c.thing}`, x: cx, y: cy, "data-thing": c.thing }));
    }

    renderToolbar(v, seat);
    renderSel(v, seat);
    renderPicker(seat);
    renderSide(v, seat);
  }

  function targetWord(t: Target, c: HexV): string {
    if (sel?.kind === "village") return sel.mode.kind === "tower" ? "Build the watchtower here" : t === "take" ? "Recruit here, taking the hex" : "Recruit here";
    if (t === "walk") return "Walk here";
    if (t === "take") return "Take this hex";
    if (c.thing === "tree") return "Gather wood here";
    if (c.thing === "tombstone") return "Clear the tombstone";
    return "Combine with this villager";
  }

  function renderToolbar(v: WarView, seat: number | null): void {
    roundEl.textContent = v.turn < 0 ? `Game over after round ${v.round}` :
      `Round ${v.round}${v.rounds ? ` of ${v.rounds}` : ""} · ${seat !== null ? "your turn" : `${ctx.seatLabel(v.turn)} to play`}`;
    endBtn.hidden = seat === null;
    nextBtn.hidden = seat === null;
    const n = idle().length;
    nextBtn.textContent = `Next villager (${n})`;
    nextBtn.disabled = n === 0;
  }

  function btn(label: string, id: string, enabled: boolean, why: string, f: () => void, pressed?: boolean): HTMLButtonElement {
    const b = h("button", { type: "button", id, disabled: !enabled, title: enabled ? null : why, "aria-pressed": pressed === undefined ? null : String(pressed) }, label);
    b.addEventListener("click", f);
    return b;
  }

  function renderSel(v: WarView, seat: number | null): void {
    clear(selBox);
    if (!board || !sel || seat === null) {
      selBox.append(h("p", { class: "muted" }, seat !== null ? "Click one of your villagers or villages." : v.turn < 0 ? "The game is over." : "Waiting for the other players…"));
      return;
    }
    const s = sel;
    const c = board.hex(s.hex);
    const vl = board.vilByRegion.get(c.region);
    if (!vl) return;
    const locked = (vl.locked ?? 0) > 0;
    // What is enabled is what the server offers; the words for a
    // disabled button only say which fact on the board stands in the way.
    const offer = board.offer;
    if (s.kind === "unit") {
      const r = rankOf(c.thing);
      const busy = (c.left ?? 0) > 0;
      const state = busy ? `busy building a ${c.work} (${c.left} more turn${c.left === 1 ? "" : "s"})` : c.done ? "has acted this turn" : `can go to ${targets.size} lit hex${targets.size === 1 ? "" : "es"}`;
      const rp = prices().ranks[r - 1];
      selBox.append(h("p", null, h("strong", null, `${cap(rankName(r))} on hex ${c.id}`), ` (strength ${rp?.strength ?? r}, wage ${rp?.wage ?? 0}): ${state}.`));
      const row = h("div", { class: "wf-actions" });
      (rp?.train ?? []).forEach((cost, i) => {
        const to = r + 1 + i;
        const ok = !!offer.train?.[c.id]?.includes(to);
        const why = busy ? "busy working" : locked ? "the village was just upgraded" : to > maxRank(vl.level) ? `a ${vl.level} cannot support a ${rankName(to)}` : `needs ${cost} gold`;
        row.append(btn(`Train to ${rankName(to)} (${cost} gold)`, `wf-train-${rankName(to)}`, ok, why, () => void send({ train: { at: c.id, unit: rankName(to) } }, { kind: "unit", hex: c.id, mode: { kind: "move" } })));
      });
      if (r === 1) {
        row.append(btn("Start a meadow", "wf-meadow", ((offer.work?.[c.id] ?? 0) & 1) !== 0, c.meadow || c.road ? "only on plain land" : "the peasant cannot act now", () => void send({ cultivate: c.id }, null)),
          btn("Build a road", "wf-road", ((offer.work?.[c.id] ?? 0) & 2) !== 0, c.road ? "there is a road already" : "the peasant cannot act now", () => void send({ road: c.id }, null)));
      }
      row.append(btn("Village", "wf-goto-village", true, "", () => select({ kind: "village", hex: vl.hex, mode: { kind: "move" } })));
      selBox.append(row);
      return;
    }
    selBox.append(h("p", null, h("strong", null, `${cap(vl.level)} on hex ${vl.hex}`),
      `: ${vl.gold} gold, ${vl.wood} wood, ${vl.size} hexes, income ${vl.income}, wages ${vl.upkeep}.`,
      locked ? " Just upgraded: it can do nothing more this turn and next." : ""));
    const row = h("div", { class: "wf-actions" });
    const pr = prices();
    const b = board;
    pr.ranks.forEach((rp, i) => {
      const r = i + 1;
      const ok = b.buyTargets(vl, r).size > 0;
      const why = locked ? "just upgraded" : r > maxRank(vl.level) ? `a ${vl.level} cannot recruit a ${rp.name}` : vl.gold < rp.gold ? `needs ${rp.gold} gold` : "no hex can take it";
      const on = s.mode.kind === "buy" && s.mode.rank === r;
      row.append(btn(`Recruit ${rp.name} (${rp.gold})`, `wf-buy-${rp.name}`, ok, why,
        () => select({ kind: "village", hex: vl.hex, mode: on ? { kind: "move" } : { kind: "buy", rank: r } }), on));
    });
    const lvl = pr.levels.findIndex((x) => x.name === vl.level);
    const next = pr.levels[lvl + 1];
    if (next) {
      row.append(btn(`Upgrade to ${next.name} (${pr.upgradeWood} wood)`, "wf-upgrade", !!offer.upgrade?.includes(vl.hex),
        locked ? "just upgraded" : `needs ${pr.upgradeWood} wood`, () => void send({ upgrade: vl.hex }, { kind: "village", hex: vl.hex, mode: { kind: "move" } })));
    }
    const tw = s.mode.kind === "tower";
    const builders = pr.levels.filter((x) => x.towers).map((x) => x.name + "s").join(" and ");
    row.append(btn(`Watchtower (${pr.towerWood} wood)`, "wf-tower", !!offer.tower?.[vl.hex]?.length,
      !pr.levels[lvl]?.towers ? `only ${builders} build watchtowers` : locked ? "just upgraded" : `needs ${pr.towerWood} wood`,
      () => select({ kind: "village", hex: vl.hex, mode: tw ? { kind: "move" } : { kind: "tower" } }), tw));
    selBox.append(row);
    if (s.mode.kind !== "move") {
      selBox.append(h("p", { class: "muted" }, targets.size ? `Click a lit hex (${targets.size}) to place it; Escape cancels.` : "No hex can take it."));
    }
  }

  /** renderPicker lists the lit hexes in a menu too, for the keyboard
   * and screen readers. */
  function renderPicker(seat: number | null): void {
    if (!board || !sel || seat === null || !targets.size) return;
    const b = board;
    const pick = h("select", { id: "wf-targets", "aria-label": "Lit hexes" },
      [...targets].sort((x, y) => x[0] - y[0]).map(([id, t]) => h("option", { value: id }, `Hex ${id}: ${targetWord(t, b.hex(id))} (${describe(b.hex(id))})`)));
    const go = h("button", { type: "button", id: "wf-targets-go" }, "Go");
    pick.addEventListener("change", () => centreOn(Number(pick.value)));
    go.addEventListener("click", () => void act(seat, Number(pick.value)));
    selBox.append(h("div", { class: "wf-picker" }, pick, go));
  }

  function renderSide(v: WarView, seat: number | null): void {
    clear(legend);
    for (let p = 0; p < v.players; p++) {
      legend.append(h("div", { class: `wf-legend-row${v.turn === p ? " to-move" : ""}${v.out[p] ? " out" : ""}` },
        svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" },
          svg("rect", { width: 24, height: 24, class: `wf-hex p${p}` }),
          svg("rect", { width: 24, height: 24, fill: `url(#wf-pat-${p % 6})` })),
        h("span", { title: ctx.seatLabel(p) }, `${p + 1}. ${ctx.seatName(p)}`),
        h("span", { class: "muted" }, v.out[p] ? "out" : `${v.land[p] ?? 0} hexes`)));
      legend.lastElementChild?.setAttribute("title", `Land in ${patternNames[p % 6]}; villages flag ${p + 1}`);
    }
    const who = seat ?? ctx.viewSeat();
    const list = v.villages.filter((x) => who < 0 || x.owner === who).sort((a, b) => b.size - a.size);
    const title = side.querySelector("#wf-villages-title");
    if (title) title.textContent = who < 0 ? "Villages" : "Your villages";
    clear(vilList);
    if (!list.length) {
      vilList.append(h("p", { class: "muted" }, "No villages."));
      return;
    }
    const tbl = h("table", { class: "wf-vtable" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Village"), h("th", { scope: "col", title: "gold" }, "Gold"),
        h("th", { scope: "col", title: "wood" }, "Wood"), h("th", { scope: "col", title: "income next turn" }, "+"), h("th", { scope: "col", title: "wages next turn" }, "−"))));
    const body = h("tbody");
    for (const x of list) {
      const b = h("button", { type: "button", class: "link", "data-village": x.hex },
        `${cap(x.level)} ${x.hex}`, who < 0 ? ` (P${x.owner + 1})` : "");
      b.addEventListener("click", () => {
        centreOn(x.hex);
        if (seat !== null && x.owner === seat) select({ kind: "village", hex: x.hex, mode: { kind: "move" } });
        else render();
      });
      const tr = h("tr", { class: `${x.short ? "short" : ""}${sel?.kind === "village" && sel.hex === x.hex ? " current" : ""}` },
        h("td", null, b, x.short ? h("span", { class: "wf-warn-text", title: "cannot pay its villagers next turn" }, "⚠ cannot pay") : null,
          x.locked ? h("span", { class: "muted wf-locked", title: "upgraded: it can do nothing more this turn and next" }, "locked") : null),
        h("td", null, String(x.gold)), h("td", null, String(x.wood)), h("td", null, String(x.income)), h("td", null, String(x.upkeep)));
      tr.title = `${x.size} hexes, ${x.units} villager${x.units === 1 ? "" : "s"}`;
      body.append(tr);
    }
    tbl.append(body);
    vilList.append(tbl);
  }

  function update(): void {
    const v = view();
    if (!v) {
      clear(selBox);
      selBox.append(h("p", { class: "muted" }, "Waiting for the island…"));
      return;
    }
    const key = `${v.island}:${v.width}x${v.height}:${v.hexes.length}`;
    if (!board || key !== islandKey) build(v);
    else board = new Board(v);
    render();
  }

  // ---- the replay of other players' turns ----------------------------

  let turnSteps: AnimStep[] = []; // another player's actions in the turn under way
  let queue: AnimStep[] = [];
  let animTimer = 0;

  /** animStep turns one push of another player's action into a step. */
  function animStep(evs: GameEvent[], seat: number, told: string): AnimStep | null {
    const st: AnimStep = { seat, text: "", hexes: [] };
    const words: string[] = [];
    for (const e of evs) {
      const d = e.data as any;
      if (!d) continue;
      if (e.type === "move") {
        const unit = d.unit || board?.hex(d.to)?.thing || "villager";
        switch (d.kind) {
          case "move":
            st.walk = [d.from, d.to];
            st.hexes.push([d.from, "from"], [d.to, "to"]);
            words.push(`moved a ${unit} from hex ${d.from} to hex ${d.to}`);
            break;
          case "buy":
            st.hexes.push([d.to, "new"]);
            words.push(`recruited a ${unit} on hex ${d.to}`);
            break;
          case "train":
            st.hexes.push([d.from, "new"]);
            words.push(`trained a ${d.unit || "villager"} on hex ${d.from}`);
            break;
          case "cultivate": case "road":
            st.hexes.push([d.from, "new"]);
            words.push(`started a ${d.kind === "road" ? "road" : "meadow"} on hex ${d.from}`);
            break;
          case "upgrade":
            st.hexes.push([d.from, "new"]);
            words.push(`upgraded the village on hex ${d.from}`);
            break;
          case "tower":
            st.hexes.push([d.to, "new"]);
            words.push(`built a watchtower on hex ${d.to}`);
            break;
        }
      } else if (e.type === "taken") {
        st.hexes.push([d.hex, "taken"]);
        words.push(`took hex ${d.hex}${d.from >= 0 ? ` from ${ctx.seatName(d.from)}` : ""}`);
      } else if (e.type === "captured") {
        words.push(`captured the village on hex ${d.hex}`);
      }
    }
    if (!st.hexes.length) return null;
    st.text = told || words.join(", ");
    return st;
  }

  /** sayAnim puts text on the replay's line, which shows one line of it;
   * the whole text is its tooltip and what a screen reader reads. */
  function sayAnim(text: string): void {
    animText.textContent = text;
    animText.title = text;
  }

  /** replay shows the steps one after another, each step's hexes marked
   * (data-anim) and a moving villager gliding from hex to hex, with a line
   * saying what happened; with reduced motion it only names them. */
  function replay(steps: AnimStep[]): void {
    if (!steps.length) return;
    const who = ctx.seatLabel(steps[0].seat);
    if (settings.reducedMotion) {
      stopReplay();
      sayAnim(`${who}: ${steps.map((x) => x.text).join("; ")}.`);
      skipBtn.hidden = true;
      animLine.hidden = false;
      return;
    }
    // A long turn is shown in fewer, fuller steps.
    const per = Math.ceil(steps.length / ANIM_STEPS);
    for (let i = 0; i < steps.length; i += per) {
      const group = steps.slice(i, i + per);
      queue.push({ seat: group[0].seat, text: group.map((x) => x.text).join("; "), hexes: group.flatMap((x) => x.hexes), walk: group.length === 1 ? group[0].walk : undefined });
    }
    if (!animTimer) nextStep();
  }

  function nextStep(): void {
    animTimer = 0;
    clear(animLayer);
    const step = queue.shift();
    if (!step || !board) {
      stopReplay();
      return;
    }
    el.dataset.replay = "playing";
    skipBtn.hidden = false;
    animLine.hidden = false;
    sayAnim(`${ctx.seatLabel(step.seat)}: ${step.text}.`);
    const ms = Math.min(ANIM_STEP_MS[1], Math.max(ANIM_STEP_MS[0], ANIM_TOTAL_MS / (queue.length + 1)));
    animLayer.style.setProperty("--wf-step", `${ms}ms`);
    for (const [id, kind] of step.hexes) {
      if (!board.v.hexes[id]) continue;
      const [cx, cy] = board.centre(id);
      animLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 1.5), class: `wf-anim-hex k-${kind}`, "data-anim": id }));
    }
    if (step.walk && board.v.hexes[step.walk[0]] && board.v.hexes[step.walk[1]]) {
      const [x0, y0] = board.centre(step.walk[0]);
      const [x1, y1] = board.centre(step.walk[1]);
      const ghost = svg("circle", { r: 13, class: "wf-anim-walker", style: `transform: translate(${x0.toFixed(1)}px, ${y0.toFixed(1)}px)` });
      animLayer.append(ghost);
      // Start the glide after the first frame is drawn at the start.
      requestAnimationFrame(() => requestAnimationFrame(() => { ghost.style.transform = `translate(${x1.toFixed(1)}px, ${y1.toFixed(1)}px)`; }));
    }
    animTimer = window.setTimeout(nextStep, ms);
  }

  /** stopReplay ends the replay at once (Skip, Escape, or its end). */
  function stopReplay(): void {
    window.clearTimeout(animTimer);
    animTimer = 0;
    queue = [];
    clear(animLayer);
    animLine.hidden = true;
    delete el.dataset.replay;
  }
  skipBtn.addEventListener("click", stopReplay);
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && animTimer) stopReplay();
  });

  function events(evs: GameEvent[], push: MatchPush): void {
    last = new Set();
    const said: string[] = [];
    const mine = ctx.held.includes(push.seat);
    let starved = 0;
    // Other players' actions (every player's, for someone watching) are
    // kept until their turn ends, then replayed on the map.
    // The line naming the others' last turn (kept while nothing moves,
    // with reduced motion) goes once this player acts.
    if (mine && !animTimer) animLine.hidden = true;
    if (!mine && !ctx.replay) {
      const st = animStep(evs, push.seat, push.text ? namedSeats(push.text, ctx.seatName) : "");
      if (st) turnSteps.push(st);
      if (evs.some((e) => e.type === "over" || (e.type === "move" && (e.data as any)?.kind === "end"))) {
        const steps = turnSteps;
        turnSteps = [];
        replay(steps);
      }
    }
    for (const e of evs) {
      const d = e.data as any;
      if (!d) continue;
      switch (e.type) {
        case "move":
          if (d.kind === "end") break;
          last.add(d.from);
          if (d.kind === "move" || d.kind === "buy" || d.kind === "tower") last.add(d.to);
          break;
        case "taken":
          said.push(`took hex ${d.hex}${d.from >= 0 ? ` from ${ctx.seatName(d.from)}` : ""}`);
          break;
        case "captured":
          said.push(`captured the village on hex ${d.hex} with ${d.gold} gold and ${d.wood} wood`);
          break;
        case "eliminated":
          said.push(`${ctx.seatName(d.seat)} is out`);
          break;
        case "income":
          starved += (d.starved ?? []).length;
          break;
      }
    }
    if (last.size) render();
    const who = ctx.seatLabel(push.seat);
    // The step's words are the game's own (Go's Describe), which tell the
    // land taken and the village captured too.
    const told = push.text ? namedSeats(push.text, ctx.seatName) : said.join("; ");
    if (told) announce(`${who} ${told}.`);
    // Starving villagers are news a player must not miss.
    const next = view()?.turn ?? -1;
    if (starved && ctx.held.includes(next)) ctx.error(`${starved} of your villagers starved: their village could not pay them.`);
    else if (mine && said.some((x) => x.startsWith("captured"))) ctx.info(told);
  }

  function hint(): string {
    if (me() === null) return "";
    if (!sel) return "select a villager or a village, or end your turn";
    if (sel.kind === "unit") return targets.size ? "click a lit hex to move the villager there" : "train the villager or pick another";
    if (sel.mode.kind === "buy") return "click a lit hex to place the recruit";
    if (sel.mode.kind === "tower") return "click a lit hex to build the watchtower";
    return "recruit, upgrade or build with this village";
  }

  function destroy(): void {
    stopReplay();
    pz.destroy();
  }

  return { el, side, update, events, hint, destroy };
}
