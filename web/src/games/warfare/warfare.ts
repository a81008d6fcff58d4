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
import { panZoom } from "../../panzoom";
import type { GameView, TableCtx } from "../types";
import { Board, HW, R, columnName, gridName, hexPoints, noPrices,
  type HexV, type Prices, type Selection, type Target, type WarView } from "./hexes";
import { defs } from "./symbols";
import { turnReplay, type AnimStep } from "./replay";
import { drawBorders, drawGround, drawLand, drawMarks, drawThings, type Layers } from "./draw";
import { drawSide, openOnOwnLand as openFirst } from "./side";
import { renderPicker, renderSel, targetWord, type SelDeps } from "./selection";

export { warfarePreview } from "./preview";
export { gridName } from "./hexes";

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
  const layers: Layers = { land: landLayer, pattern: patternLayer, ground: groundLayer, border: borderLayer, mark: markLayer, thing: thingLayer };
  const turns = turnReplay(el, root, animLayer, ctx, () => board);
  const mapBox = h("div", { class: "wf-map" }, root);
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
  el.append(toolbar, ...(ctx.replay ? [] : [turns.slot]), mapBox, selBox, help);
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
    return `${gridName(c.x, c.y)}: ${describe(c)}${targets.has(c.id) ? ". " + targetWord(sel, targets.get(c.id) as Target, c) : ""}`;
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

  function openOnOwnLand(v: WarView): void {
    if (board) openFirst(pz, root, board, v, ctx.viewSeat());
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
    drawLand(layers, board, v, targets);
    const tipAt = hexTip.parentNode as Element | null;
    if (tipAt) hexTip.textContent = hexLabel(Number(tipAt.getAttribute("data-hex")));
    drawGround(groundLayer, board, v);
    drawBorders(borderLayer, board, v);
    drawMarks(markLayer, board, last, targets, sel);
    drawThings(thingLayer, board, v, { rankOf, rankName, prices });


    renderToolbar(v, seat);
    const d: SelDeps = { selBox, board, sel, targets, prices, rankOf, rankName, maxRank, send, select, describe, centreOn, act };
    renderSel(d, v, seat);
    renderPicker(d, seat);
    renderSide(v, seat);
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




  function renderSide(v: WarView, seat: number | null): void {
    drawSide({ ctx, side, legend, vilList, sel: () => sel, select, centreOn, render }, v, seat);
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

  function events(evs: GameEvent[], push: MatchPush): void {
    last = new Set();
    const said: string[] = [];
    const mine = ctx.held.includes(push.seat);
    let starved = 0;
    // Other players' actions (every player's, for someone watching) are
    // kept until their turn ends, then replayed on the map.
    // The line naming the others' last turn (kept while nothing moves,
    // with reduced motion) goes once this player acts.
    if (mine && !turns.running()) turns.hideLine();
    if (!mine && !ctx.replay) {
      const st = turns.step(evs, push.seat, push.text ? namedSeats(push.text, ctx.seatName) : "");
      if (st) turnSteps.push(st);
      if (evs.some((e) => e.type === "over" || (e.type === "move" && (e.data as any)?.kind === "end"))) {
        const steps = turnSteps;
        turnSteps = [];
        turns.play(steps);
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
    turns.stop();
    pz.destroy();
  }

  return { el, side, update, events, hint, destroy };
}
