// Medieval Warfare: the hex island in SVG with pan and zoom, the selected
// villager's or village's actions, and the list of villages. Each player's
// land has its colour and a pattern of its own (and villages carry the
// player's number), so regions are told apart without colour. What may be
// done is never worked out here: the view of the player whose turn it is
// carries it ("legal": each villager's destinations and trainings, each
// village's recruits, upgrade and watchtowers), from the game's own rules,
// and the board lights and enables what it lists. This file makes the
// board and its page; its state is war.ts, its moves moves.ts, its drawing
// paint.ts.
import type { GameEvent, MatchPush } from "../../api";
import { announce, h, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import { openRules } from "../../rules";
import { panZoom } from "../../panzoom";
import type { GameView, TableCtx } from "../types";
import type { Layers } from "./draw";
import { defs } from "./symbols";
import { turnReplay } from "./replay";
import { clickHex, hexLabel, nextVillager, select, send, wholeIsland } from "./moves";
import { render, update } from "./paint";
import { me, view, type War, type WarUI } from "./war";

export { warfarePreview } from "./preview";
export { gridName } from "./hexes";

export function warfareView(ctx: TableCtx): GameView {
  const w = {
    ctx, board: null, islandKey: "", sel: null, want: null, targets: new Map(), last: new Set(),
    full: { x: 0, y: 0, w: 100, h: 100 }, sending: false, turnSteps: [],
  } as unknown as War;
  w.render = () => render(w);
  w.ui = page(w);
  listen(w);
  return {
    el: w.ui.el, side: w.ui.side,
    update: () => update(w),
    events: (evs, push) => events(w, evs, push),
    hint: () => hint(w),
    destroy: () => {
      w.ui.turns.stop();
      w.ui.pz.destroy();
    },
  };
}

/** page builds the board's page: the toolbar, the map and its layers,
 * the selection's panel, the help, and the side panels. */
function page(w: War): WarUI {
  const ctx = w.ctx;
  const el = h("div", { class: "warfare" });
  const root = svg("svg", {
    class: "wf-svg", role: "group", tabindex: 0,
    "aria-label": "The island. Click one of your villagers or villages to act. Keys: plus and minus zoom, arrows pan, 0 shows the whole island, N selects the next villager, Escape clears the selection.",
  }) as SVGSVGElement;
  const layer = (cls: string) => svg("g", { class: cls, "pointer-events": "none" }) as SVGGElement;
  const layers: Layers = {
    land: svg("g", { class: "wf-land" }) as SVGGElement, pattern: layer("wf-patterns"), ground: layer("wf-ground"),
    border: layer("wf-borders"), mark: layer("wf-marks"), thing: layer("wf-things"),
  };
  // The grid's letters along the top and numbers down the left, so that
  // "F7" in a sentence can be found on the island.
  const gridLayer = svg("g", { class: "wf-grid", "aria-hidden": "true" }) as SVGGElement;
  const animLayer = layer("wf-anim");
  root.append(defs(), gridLayer, layers.land, layers.pattern, layers.ground, layers.border, layers.mark, layers.thing, animLayer);
  const turns = turnReplay(el, root, animLayer, ctx, () => w.board);
  const mapBox = h("div", { class: "wf-map" }, root);
  const zoomIn = h("button", { type: "button", title: "Zoom in (+)", "aria-label": "Zoom in", id: "wf-zoom-in" }, "+");
  const zoomOut = h("button", { type: "button", title: "Zoom out (−)", "aria-label": "Zoom out", id: "wf-zoom-out" }, "−");
  const zoomFit = h("button", { type: "button", title: "Whole island (0)", id: "wf-zoom-fit" }, "Fit");
  const endBtn = h("button", { type: "button", class: "primary", id: "wf-end" }, "End turn") as HTMLButtonElement;
  const nextBtn = h("button", { type: "button", id: "wf-next", title: "Select the next villager that can still move (N)" }, "Next villager") as HTMLButtonElement;
  const roundEl = h("span", { class: "wf-round" });
  const toolbar = h("div", { class: "wf-toolbar" }, roundEl, h("span", { class: "wf-zoom" }, zoomOut, zoomFit, zoomIn), nextBtn, endBtn);
  const selBox = h("div", { class: "wf-sel", id: "wf-sel", "aria-live": "polite" });
  const help = helpBox();
  el.append(toolbar, ...(ctx.replay ? [] : [turns.slot]), mapBox, selBox, help);
  // A replay only shows the island.
  selBox.hidden = help.hidden = ctx.replay;
  const legend = h("div", { class: "wf-legend" });
  const vilList = h("div", { class: "wf-villages", id: "wf-villages" });
  const side = h("div", { class: "wf-side" },
    h("section", { class: "panel" }, h("h2", null, "Players"), legend),
    h("section", { class: "panel" }, h("h2", { id: "wf-villages-title" }, "Villages"), vilList));
  const pz = panZoom(root, {
    zoomIn, zoomOut,
    keys: { Escape: () => select(w, null), n: () => nextVillager(w), N: () => nextVillager(w), "0": () => wholeIsland(w) },
  });
  zoomFit.addEventListener("click", () => wholeIsland(w));
  const hexTip = svg("title") as SVGTitleElement;
  return { el, side, root, layers, gridLayer, mapBox, toolbar, roundEl, endBtn, nextBtn, selBox, legend, vilList, hexTip, pz, turns };
}

/** helpBox is the short list of the controls; the whole rulebook opens in
 * the Help panel, beside the map, so play can go on while reading. */
function helpBox(): HTMLElement {
  const rulesBtn = h("button", { type: "button", class: "link", id: "wf-rules" }, "All the rules…");
  rulesBtn.addEventListener("click", () => openRules("warfare"));
  return h("details", { class: "wf-help" },
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
}

/** listen answers the map's pointer and the toolbar's buttons. */
function listen(w: War): void {
  const { layers, hexTip, root, pz, nextBtn, endBtn } = w.ui;
  // One tooltip, moved to the hex under the pointer, names a hex: a
  // <title> in each of an island's hundreds of hexes doubled the map's
  // elements and was rewritten on every move, the main cost of drawing
  // the map on a phone (Lighthouse, issue 22). Keyboard and screen-reader
  // users reach hexes through the "Lit hexes" list, not the tooltips.
  layers.land.addEventListener("pointerover", (e) => {
    const t = (e.target as Element).closest("[data-hex]");
    if (!t || t === hexTip.parentNode) return;
    hexTip.textContent = hexLabel(w, Number(t.getAttribute("data-hex")));
    t.append(hexTip);
  });
  root.addEventListener("click", (e) => {
    if (pz.tookDrag()) return;
    const t = (e.target as Element).closest("[data-hex]");
    if (!t) return;
    clickHex(w, Number(t.getAttribute("data-hex")));
  });
  nextBtn.addEventListener("click", () => nextVillager(w));
  endBtn.addEventListener("click", () => {
    w.sel = null;
    void send(w, { end: true }, null);
  });
}

/** events replays another player's turn, marks the last move's hexes,
 * and tells what a move did. */
function events(w: War, evs: GameEvent[], push: MatchPush): void {
  const { ctx } = w;
  const turns = w.ui.turns;
  w.last = new Set();
  const mine = ctx.held.includes(push.seat);
  // Other players' actions (every player's, for someone watching) are
  // kept until their turn ends, then replayed on the map.
  // The line naming the others' last turn (kept while nothing moves,
  // with reduced motion) goes once this player acts.
  if (mine && !turns.running()) turns.hideLine();
  if (!mine && !ctx.replay) {
    const st = turns.step(evs, push.seat, push.text ? namedSeats(push.text, ctx.seatName) : "");
    if (st) w.turnSteps.push(st);
    if (evs.some((e) => e.type === "over" || (e.type === "move" && (e.data as any)?.kind === "end"))) {
      const steps = w.turnSteps;
      w.turnSteps = [];
      turns.play(steps);
    }
  }
  const { said, starved } = readEvents(w, evs);
  if (w.last.size) render(w);
  const who = ctx.seatLabel(push.seat);
  // The step's words are the game's own (Go's Describe), which tell the
  // land taken and the village captured too.
  const told = push.text ? namedSeats(push.text, ctx.seatName) : said.join("; ");
  if (told) announce(`${who} ${told}.`);
  // Starving villagers are news a player must not miss.
  const next = view(w)?.turn ?? -1;
  if (starved && ctx.held.includes(next)) ctx.error(`${starved} of your villagers starved: their village could not pay them.`);
  else if (mine && said.some((x) => x.startsWith("captured"))) ctx.info(told);
}

/** readEvents marks the hexes a move touched, and gathers the words for
 * what it did and the villagers that starved. */
function readEvents(w: War, evs: GameEvent[]): { said: string[]; starved: number } {
  const said: string[] = [];
  let starved = 0;
  for (const e of evs) {
    const d = e.data as any;
    if (!d) continue;
    switch (e.type) {
      case "move":
        if (d.kind === "end") break;
        w.last.add(d.from);
        if (d.kind === "move" || d.kind === "buy" || d.kind === "tower") w.last.add(d.to);
        break;
      case "taken":
        said.push(`took hex ${d.hex}${d.from >= 0 ? ` from ${w.ctx.seatName(d.from)}` : ""}`);
        break;
      case "captured":
        said.push(`captured the village on hex ${d.hex} with ${d.gold} gold and ${d.wood} wood`);
        break;
      case "eliminated":
        said.push(`${w.ctx.seatName(d.seat)} is out`);
        break;
      case "income":
        starved += (d.starved ?? []).length;
        break;
    }
  }
  return { said, starved };
}

/** hint says what the player to move should do now. */
function hint(w: War): string {
  const { sel, targets } = w;
  if (me(w) === null) return "";
  if (!sel) return "select a villager or a village, or end your turn";
  if (sel.kind === "unit") return targets.size ? "click a lit hex to move the villager there" : "train the villager or pick another";
  if (sel.mode.kind === "buy") return "click a lit hex to place the recruit";
  if (sel.mode.kind === "tower") return "click a lit hex to build the watchtower";
  return "recruit, upgrade or build with this village";
}
