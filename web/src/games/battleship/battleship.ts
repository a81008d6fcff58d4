// Battleship: the ocean grid (your fleet, the enemy's shots) and the target
// grid (your shots), fleet placement by click, drag or keyboard, and the
// score bar. Hits, misses and sinkings are animated, sounded and announced.
import type { GameEvent } from "../../api";
import { announce, clear, h } from "../../dom";
import { play as sound } from "../../sound";
import type { GameView, TableCtx } from "../types";
import { keepDraft, loadDraft } from "./fleetdraft";
import { cellsOf as cellsIn, lenOf as lenIn, problem as problemIn, randomFleet, sqName, type Lay, type Placement } from "./fleetlay";
import { socket } from "../../ws";
import { clearHeat, paintHeat, type Heat } from "./heatmap";

interface Shot { row: number; col: number; square: string; result: "miss" | "hit" | "sunk"; ship?: string }
interface BsView extends Lay {
  seat: number; phase: "placement" | "battle" | "over"; options: { touch?: boolean; first?: number; salvo?: boolean };
  turn: number[]; placed: [boolean, boolean]; fleets: [Placement[] | null, Placement[] | null];
  shots: [Shot[] | null, Shot[] | null]; sunk: [string[] | null, string[] | null]; shotsLeft: number; winner?: number;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** noLay stands for the view until it comes: no grid, no ships. */
const noLay: Lay = { size: 0, ships: [], keepOff: [] };

interface Grid { el: HTMLElement; label: string; id: string; cells: HTMLButtonElement[][]; focus: [number, number] }

function makeGrid(label: string, id: string): Grid {
  const el = h("div", { class: "bs-grid", role: "grid", "aria-label": label, id });
  const g: Grid = { el, label, id, cells: [], focus: [0, 0] };
  el.addEventListener("keydown", (e) => {
    const d: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = d[e.key];
    const n = g.cells.length;
    if (!m || !n) return;
    e.preventDefault();
    const r = Math.max(0, Math.min(n - 1, g.focus[0] + m[0]));
    const c = Math.max(0, Math.min(n - 1, g.focus[1] + m[1]));
    moveFocus(g, r, c, true);
  });
  return g;
}

/** sizeGrid lays out n by n squares, once the view says n. */
function sizeGrid(g: Grid, n: number): void {
  if (g.cells.length === n) return;
  clear(g.el);
  g.cells = [];
  g.focus = [0, 0];
  g.el.style.setProperty("--bs-n", String(n));
  g.el.append(h("div", { class: "corner", "aria-hidden": "true" }));
  for (let c = 0; c < n; c++) g.el.append(h("div", { class: "axis", "aria-hidden": "true" }, String.fromCharCode(65 + c)));
  // A grid is rows of cells (ARIA): each row and cell is a box of its
  // own for assistive technology and none for the layout (display:
  // contents), so the squares still sit in the one CSS grid.
  for (let r = 0; r < n; r++) {
    const line = h("div", { role: "row", class: "bs-row" }, h("div", { class: "axis", "aria-hidden": "true" }, String(r + 1)));
    const row: HTMLButtonElement[] = [];
    for (let c = 0; c < n; c++) {
      const b = h("button", { type: "button", class: "cell", tabindex: r === 0 && c === 0 ? "0" : "-1", "data-sq": sqName(r, c), "data-r": r, "data-c": c });
      row.push(b);
      line.append(h("div", { role: "gridcell", class: "bs-gridcell" }, b));
    }
    g.el.append(line);
    g.cells.push(row);
  }
}

function moveFocus(g: Grid, r: number, c: number, focus: boolean): void {
  g.cells[g.focus[0]][g.focus[1]].tabIndex = -1;
  g.focus = [r, c];
  const b = g.cells[r][c];
  b.tabIndex = 0;
  if (focus) b.focus();
}

export function battleshipView(ctx: TableCtx): GameView {
  const ocean = makeGrid("Your ocean grid", "ocean");
  const target = makeGrid("Target grid: enemy waters", "target");
  const score = h("div", { class: "bs-score", role: "group", "aria-label": "Score" });
  const dock = h("div", { class: "dock", hidden: true });
  // The grids' titles come straight under the table's title (h1): an h2
  // each, drawn at the size of a sub-heading.
  const oceanTitle = h("h2", { class: "bs-title" }, "Your fleet");
  const targetTitle = h("h2", { class: "bs-title" }, "Enemy waters");
  // The expert's aid ("where would the expert fire?"): a map of the enemy
  // grid from this seat's own shots, which the server gives only in
  // unrated games against the computer (the tutorial, practice).
  const aidCheck = h("input", { type: "checkbox", id: "bs-aid" });
  const aidBox = h("label", { class: "aid-toggle small", for: "bs-aid", hidden: true }, aidCheck, " Where would the expert fire?");
  let aid: { seq: number; heat: Heat } | null = null;
  let aidAsked = -1;
  const el = h("div", { class: "bs" },
    score,
    h("div", { class: "bs-grids" },
      h("section", { class: "bs-side ocean-side" }, oceanTitle, ocean.el, dock),
      h("section", { class: "bs-side target-side" }, targetTitle, aidBox, target.el)));
  aidCheck.addEventListener("change", () => paintAid());

  // Local placement, before the fleet is sent.
  let fleet: Placement[] = [];
  let sel: string | null = null;
  let dir: "h" | "v" = "h";
  let hover: [number, number] | null = null;
  let drag: { ship: string; orig: Placement | null; offset: number } | null = null;
  let sending = false;
  let pendingShot = "";

  const v = (): BsView | null => {
    const x = ctx.view();
    return x && x.phase ? (x as BsView) : null;
  };
  const me = () => {
    const x = v();
    return x && x.seat >= 0 ? x.seat : Math.max(0, ctx.viewSeat());
  };
  // How a fleet is laid comes from the view (fleetlay.ts).
  const lay = (): Lay => {
    const x = v();
    return x && x.size > 0 && Array.isArray(x.ships) ? x : noLay;
  };
  const ships = (): Lay["ships"] => lay().ships;
  const cellsOf = (p: Placement) => cellsIn(lay(), p);
  const lenOf = (ship: string) => lenIn(lay(), ship);
  const labelOf = cap;
  const problem = (p: Placement, others: Placement[]) => problemIn(lay(), p, others);
  const placing = () => {
    const x = v();
    return !!x && x.phase === "placement" && !x.placed[me()] && ctx.mover() !== null;
  };

  function candidate(r: number, c: number): Placement | null {
    if (!sel) return null;
    const off = drag ? drag.offset : 0;
    return dir === "h" ? { ship: sel, dir, row: r, col: c - off } : { ship: sel, dir, row: r - off, col: c };
  }

  function renderDock(): void {
    clear(dock);
    dock.hidden = !placing();
    if (dock.hidden) return;
    const list = h("div", { class: "ships", role: "group", "aria-label": "Ships to place" });
    for (const f of ships()) {
      const label = labelOf(f.name);
      const done = fleet.some((p) => p.ship === f.name);
      const b = h("button", { type: "button", class: "ship-btn" + (done ? " done" : ""), "aria-pressed": String(sel === f.name), "data-ship": f.name },
        h("span", { class: "ship-shape", "aria-hidden": "true" }, ...Array.from({ length: f.len }, () => h("i"))),
        `${label} (${f.len})`, done ? h("span", { class: "sr-only" }, ", placed") : null);
      b.addEventListener("click", () => {
        sel = f.name;
        const existing = fleet.find((p) => p.ship === f.name);
        if (existing) dir = existing.dir;
        renderAll();
        ctx.info(`${label} selected: click a square of your grid to place it.`);
      });
      list.append(b);
    }
    const rotate = h("button", { type: "button", id: "rotate", "aria-keyshortcuts": "R" }, `Rotate (R): ${dir === "h" ? "across" : "down"}`);
    rotate.addEventListener("click", () => { rot(); });
    const random = h("button", { type: "button", id: "random-fleet" }, "Random");
    random.addEventListener("click", () => {
      fleet = randomFleet(lay());
      sel = null;
      sound("place");
      renderAll();
      ctx.info("A random fleet is placed. Drag or re-place ships to adjust, then start the battle.");
    });
    const clearBtn = h("button", { type: "button", id: "clear-fleet" }, "Clear");
    clearBtn.addEventListener("click", () => {
      fleet = [];
      sel = ships()[0]?.name ?? null;
      renderAll();
    });
    const ready = fleet.length === ships().length;
    const start = h("button", { type: "button", class: "primary", id: "start-battle", disabled: !ready || sending }, "Start battle");
    start.addEventListener("click", sendFleet);
    dock.append(list, h("div", { class: "dock-actions" }, rotate, random, clearBtn, start),
      h("p", { class: "small muted" }, ready ? "Your fleet is ready." : `Place ${ships().length - fleet.length} more ship${ships().length - fleet.length === 1 ? "" : "s"}.`));
  }

  function rot(): void {
    dir = dir === "h" ? "v" : "h";
    const existing = sel ? fleet.find((p) => p.ship === sel) : undefined;
    if (existing && !drag) {
      const turned: Placement = { ...existing, dir };
      const why = problem(turned, fleet);
      if (why) ctx.error(why);
      else {
        fleet = fleet.map((p) => (p.ship === sel ? turned : p));
        sound("place");
      }
    }
    renderAll();
  }

  async function sendFleet(): Promise<void> {
    const seat = ctx.mover();
    if (seat === null || fleet.length !== ships().length) return;
    sending = true;
    renderDock();
    const ok = await ctx.play(seat, { fleet });
    sending = false;
    if (ok) {
      sound("place");
      announce("Fleet placed. Waiting for the battle to begin.");
    }
    renderAll();
  }

  function placeAt(r: number, c: number): void {
    if (!placing()) return;
    const hit = fleet.find((p) => cellsOf(p).some(([a, b]) => a === r && b === c));
    // With the whole fleet placed, a click on another ship picks that one.
    if (!sel || (hit && hit.ship !== sel && fleet.length === ships().length)) {
      if (hit) {
        sel = hit.ship;
        dir = hit.dir;
        ctx.info(`${labelOf(hit.ship)} picked up: click where it should go.`);
        renderAll();
      } else ctx.info("Choose a ship from the list first.");
      return;
    }
    const p = candidate(r, c);
    if (!p) return;
    const why = problem(p, fleet);
    if (why) {
      ctx.error(why);
      return;
    }
    fleet = fleet.filter((x) => x.ship !== p.ship).concat(p);
    sound("place");
    announce(`${labelOf(p.ship)} placed at ${sqName(p.row, p.col)} ${p.dir === "h" ? "across" : "down"}.`);
    const next = ships().find((f) => !fleet.some((x) => x.ship === f.name));
    sel = next ? next.name : null;
    renderAll();
  }

  async function fireAt(r: number, c: number): Promise<void> {
    const x = v();
    if (!x) return;
    if (x.phase === "placement") {
      ctx.error(x.placed[me()] ? "Wait until both fleets are placed." : "Place your fleet first: use your ocean grid on the left.");
      return;
    }
    if (x.phase === "over" || ctx.st.outcome) {
      ctx.error("The battle is over.");
      return;
    }
    const seat = ctx.mover();
    if (seat === null) {
      ctx.error("Wait for your turn: the enemy is firing.");
      return;
    }
    pendingShot = sqName(r, c);
    paintTarget();
    const ok = await ctx.play(seat, { shot: [r, c] });
    if (!ok) {
      pendingShot = "";
      paintTarget();
    }
  }

  // Pointer and keyboard wiring.
  // A press on a placed ship becomes a drag only once the pointer moves;
  // a plain click places the selected ship (or is refused with a reason).
  let press: { r: number; c: number; x: number; y: number; id: number } | null = null;
  let suppressClick = false;
  ocean.el.addEventListener("click", (e) => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (b && !drag) placeAt(Number(b.dataset.r), Number(b.dataset.c));
  });
  ocean.el.addEventListener("pointerover", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (!b || !placing()) return;
    hover = [Number(b.dataset.r), Number(b.dataset.c)];
    paintOcean();
  });
  ocean.el.addEventListener("pointerleave", () => {
    if (drag) return;
    hover = null;
    paintOcean();
  });
  ocean.el.addEventListener("focusin", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (!b) return;
    ocean.focus = [Number(b.dataset.r), Number(b.dataset.c)];
    if (placing()) {
      hover = [...ocean.focus];
      paintOcean();
    }
  });
  ocean.el.addEventListener("pointerdown", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (!b || !placing()) return;
    const r = Number(b.dataset.r), c = Number(b.dataset.c);
    if (!fleet.some((x) => cellsOf(x).some(([a, bb]) => a === r && bb === c))) return;
    press = { r, c, x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  ocean.el.addEventListener("pointermove", (e) => {
    if (press && !drag && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 6) {
      const { r, c } = press;
      const p = fleet.find((x) => cellsOf(x).some(([a, bb]) => a === r && bb === c));
      if (p) {
        drag = { ship: p.ship, orig: p, offset: p.dir === "h" ? c - p.col : r - p.row };
        sel = p.ship;
        dir = p.dir;
        fleet = fleet.filter((x) => x !== p);
        try {
          ocean.el.setPointerCapture(press.id);
        } catch {
          // capture is a nicety; the drop still works without it
        }
        renderAll();
      }
    }
    if (!drag) return;
    const under = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLButtonElement>("#ocean .cell");
    if (!under) return;
    const at: [number, number] = [Number(under.dataset.r), Number(under.dataset.c)];
    if (!hover || hover[0] !== at[0] || hover[1] !== at[1]) {
      hover = at;
      paintOcean();
    }
  });
  const endDrag = (e: PointerEvent) => {
    press = null;
    if (!drag) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    const d = drag;
    const under = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLButtonElement>("#ocean .cell");
    let placed = false;
    if (under) {
      const p = candidate(Number(under.dataset.r), Number(under.dataset.c));
      const why = p ? problem(p, fleet) : "Drop the ship on your grid.";
      if (p && !why) {
        fleet.push(p);
        placed = true;
        sound("place");
        announce(`${labelOf(p.ship)} moved to ${sqName(p.row, p.col)} ${p.dir === "h" ? "across" : "down"}.`);
      } else if (why) ctx.error(why);
    }
    if (!placed && d.orig) fleet.push(d.orig);
    drag = null;
    // With ships still to place the next one is selected, as after a
    // click; with the fleet complete the ship just moved stays selected,
    // so that Rotate (the only way to turn it on a touch screen) turns it.
    const next = ships().find((f) => !fleet.some((x) => x.ship === f.name));
    sel = next ? next.name : d.ship;
    renderAll();
  };
  ocean.el.addEventListener("pointerup", endDrag);
  ocean.el.addEventListener("pointercancel", (e) => endDrag(e));

  target.el.addEventListener("click", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (!b) return;
    moveFocus(target, Number(b.dataset.r), Number(b.dataset.c), false);
    void fireAt(Number(b.dataset.r), Number(b.dataset.c));
  });
  target.el.addEventListener("focusin", (e) => {
    const b = (e.target as Element).closest<HTMLButtonElement>(".cell");
    if (b) target.focus = [Number(b.dataset.r), Number(b.dataset.c)];
  });
  const onKey = (e: KeyboardEvent) => {
    if ((e.key === "r" || e.key === "R") && placing() && !(e.target instanceof HTMLInputElement) && !(e.target instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      rot();
    }
  };
  document.addEventListener("keydown", onKey);

  function paintOcean(): void {
    const x = v();
    const mine = placing() ? fleet : (x?.fleets?.[me()] ?? []);
    const sunk = new Set(x?.sunk?.[me()] ?? []);
    const foeShots = x?.shots?.[1 - me()] ?? [];
    const shotAt = new Map(foeShots.map((s) => [`${s.row},${s.col}`, s]));
    const ownerOf = new Map<string, { p: Placement; i: number }>();
    for (const p of mine) cellsOf(p).forEach(([r, c], i) => ownerOf.set(`${r},${c}`, { p, i }));
    let preview = new Set<string>();
    let bad = false;
    if (placing() && hover && sel) {
      const p = candidate(hover[0], hover[1]);
      if (p) {
        bad = problem(p, fleet) !== "";
        preview = new Set(cellsOf(p).map(([r, c]) => `${r},${c}`));
      }
    }
    for (let r = 0; r < ocean.cells.length; r++) for (let c = 0; c < ocean.cells.length; c++) {
      const b = ocean.cells[r][c];
      const k = `${r},${c}`;
      const o = ownerOf.get(k);
      const s = shotAt.get(k);
      const cls = ["cell"];
      let label = sqName(r, c);
      if (o) {
        const len = lenOf(o.p.ship);
        cls.push("ship", "ship-" + o.p.ship, o.p.dir === "h" ? "across" : "down");
        if (o.i === 0) cls.push("bow");
        if (o.i === len - 1) cls.push("stern");
        if (sunk.has(o.p.ship)) cls.push("sunk");
        label += `, your ${o.p.ship}`;
        b.textContent = s ? "" : (lay().ships.find((k) => k.name === o.p.ship)?.mark ?? "");
      } else b.textContent = "";
      if (s) {
        cls.push(s.result === "miss" ? "miss" : "hit");
        label += s.result === "miss" ? ", enemy missed" : ", hit by the enemy";
      } else if (!o) label += ", water";
      if (preview.has(k)) cls.push(bad ? "preview-bad" : "preview");
      b.className = cls.join(" ");
      b.setAttribute("aria-label", label);
      b.setAttribute("aria-disabled", String(!placing()));
    }
  }

  function paintTarget(): void {
    const x = v();
    const shots = x?.shots?.[me()] ?? [];
    const byKey = new Map(shots.map((s) => [`${s.row},${s.col}`, s]));
    // The other fleet shows once the game is over, and at every step of
    // a replay, whose match is over (its view reveals both fleets).
    const revealed = x?.phase === "over" || ctx.replay ? (x?.fleets?.[1 - me()] ?? []) : [];
    const foeShip = new Map<string, string>();
    for (const p of revealed) for (const [r, c] of cellsOf(p)) foeShip.set(`${r},${c}`, p.ship);
    const canFire = x?.phase === "battle" && ctx.mover() !== null;
    target.el.classList.toggle("armed", canFire);
    for (let r = 0; r < ocean.cells.length; r++) for (let c = 0; c < ocean.cells.length; c++) {
      const b = target.cells[r][c];
      const k = `${r},${c}`;
      const s = byKey.get(k);
      const cls = ["cell"];
      let label = sqName(r, c);
      if (s) {
        cls.push(s.result === "miss" ? "miss" : "hit");
        if (s.result === "sunk") cls.push("sunk-shot");
        label += s.result === "miss" ? ", miss" : s.result === "sunk" ? `, hit, sank the ${s.ship}` : ", hit";
      } else {
        label += ", not fired at";
        if (pendingShot === sqName(r, c)) cls.push("pending");
      }
      const ship = foeShip.get(k);
      if (ship) {
        cls.push("revealed", "ship-" + ship);
        label += `, enemy ${ship}`;
      }
      b.className = cls.join(" ");
      b.textContent = ship && !s ? (lay().ships.find((k) => k.name === ship)?.mark ?? "") : "";
      b.setAttribute("aria-label", label);
    }
  }

  function paintScore(): void {
    clear(score);
    const x = v();
    if (!x) return;
    const i = me();
    const shots = x.shots?.[i] ?? [];
    const hits = shots.filter((s) => s.result !== "miss").length;
    const acc = shots.length ? Math.round((100 * hits) / shots.length) : 0;
    const mineLeft = ships().length - (x.sunk?.[i]?.length ?? 0);
    const foeLeft = ships().length - (x.sunk?.[1 - i]?.length ?? 0);
    const stat = (label: string, value: string, id: string) =>
      h("div", { class: "stat", id }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, value));
    score.append(
      stat("Your ships afloat", `${mineLeft} / ${ships().length}`, "stat-mine"),
      stat("Enemy ships afloat", `${foeLeft} / ${ships().length}`, "stat-foe"),
      stat("Shots", String(shots.length), "stat-shots"),
      stat("Hits", String(hits), "stat-hits"),
      stat("Accuracy", shots.length ? acc + "%" : "–", "stat-acc"),
    );
    const foeSunk = x.sunk?.[1 - i] ?? [];
    if (foeSunk.length) score.append(h("div", { class: "stat wide" }, h("span", { class: "stat-label" }, "Sunk"), h("span", { class: "stat-value small" }, foeSunk.join(", "))));
  }

  function renderAll(): void {
    const x = v();
    el.classList.toggle("placing", placing());
    el.classList.toggle("no-view", !x);
    if (x && x.phase === "battle") {
      const myTurn = ctx.mover() !== null;
      targetTitle.textContent = myTurn ? "Enemy waters: your shot" : "Enemy waters";
    } else targetTitle.textContent = "Enemy waters";
    oceanTitle.textContent = placing() ? "Your fleet: place your ships" : "Your fleet";
    if (x && x.seat >= 0) keepDraft(ctx.table.match ?? "", x.seat, placing() ? fleet : []);
    renderDock();
    paintOcean();
    paintTarget();
    paintScore();
  }

  /** aidAllowed: an unrated table where the one seat held plays bots. */
  const aidAllowed = () => !ctx.replay && ctx.table.rated === false && ctx.held.length === 1 &&
    ctx.table.seats.every((st, i) => i === ctx.held[0] || st.kind === "bot");

  /** paintAid draws the expert's map over the target grid while the aid
   * is on and it is this seat's shot, asking the server once per update. */
  function paintAid(): void {
    const x = v();
    aidBox.hidden = !aidAllowed() || !x || x.phase === "placement" || x.phase === "over";
    const want = !aidBox.hidden && aidCheck.checked && x?.phase === "battle" && ctx.mover() !== null;
    if (!want) {
      clearHeat(target.el);
      return;
    }
    const seq = ctx.st.seq;
    if (aid && aid.seq === seq) {
      paintHeat(target.el, aid.heat);
      return;
    }
    clearHeat(target.el);
    if (aidAsked === seq) return;
    aidAsked = seq;
    socket.send<{ aid: Heat }>("match.aid", { table: ctx.table.id, seat: me() }).then((rep) => {
      aid = { seq, heat: rep.aid };
      if (ctx.st.seq === seq) paintAid();
    }).catch((e: Error) => {
      aidCheck.checked = false;
      ctx.error(e.message);
    });
  }

  let shownSeat = -2;

  function update(): void {
    const x = v();
    sizeGrid(ocean, lay().size);
    sizeGrid(target, lay().size);
    // At one screen the next player must not see the previous player's
    // unsent placement: local state belongs to the seat it was made for.
    if (x && x.seat !== shownSeat) {
      shownSeat = x.seat;
      // A reload keeps the ships placed but not yet sent.
      const draft = x.phase === "placement" && !x.placed[me()] ? loadDraft(ctx.table.match ?? "", x.seat) : null;
      fleet = x.fleets?.[me()] ?? draft ?? [];
      sel = ships().find((f) => !fleet.some((p) => p.ship === f.name))?.name ?? null;
      dir = "h";
      hover = null;
      drag = null;
    }
    if (x && x.phase !== "placement") pendingShot = "";
    if (x && x.fleets?.[me()] && !placing()) fleet = x.fleets[me()] ?? fleet;
    renderAll();
    paintAid();
  }

  function flash(g: Grid, r: number, c: number, cls: string): void {
    const b = g.cells[r]?.[c];
    if (!b) return;
    b.classList.remove("boom", "splash");
    void b.offsetWidth;
    b.classList.add(cls);
    setTimeout(() => b.classList.remove(cls), 900);
  }

  function events(evs: GameEvent[]): void {
    const i = me();
    for (const e of evs) {
      if (e.type === "shot" && e.data) {
        const s = e.data as Shot;
        const mine = e.seat === i;
        const g = mine ? target : ocean;
        flash(g, s.row, s.col, s.result === "miss" ? "splash" : "boom");
        sound(s.result === "miss" ? "miss" : s.result === "sunk" ? "sunk" : "hit");
        let msg: string;
        if (mine) {
          msg = s.result === "miss" ? `You fired at ${s.square}: miss.` : s.result === "hit" ? `You fired at ${s.square}: hit!` : `You fired at ${s.square}: you sank the enemy ${s.ship}!`;
        } else {
          const who = ctx.seatName(e.seat);
          const ship = (v()?.fleets?.[i] ?? []).find((p) => cellsOf(p).some(([r, c]) => r === s.row && c === s.col));
          msg = s.result === "miss" ? `${who} fired at ${s.square}: miss.` :
            s.result === "hit" ? `${who} fired at ${s.square}: hit on your ${ship?.ship ?? "ship"}!` :
              `${who} fired at ${s.square} and sank your ${s.ship}!`;
        }
        ctx.info(msg);
        announce(msg);
      } else if (e.type === "start") {
        announce("Both fleets are placed. The battle begins!");
        ctx.info("Both fleets are placed. The battle begins!");
      }
    }
  }

  function hint(): string {
    const x = v();
    if (!x) return "wait";
    if (x.phase === "placement") return "place your ships on your grid, then press Start battle";
    return "fire at a square of the enemy grid";
  }

  update();
  return { el, update, events, hint, destroy: () => document.removeEventListener("keydown", onKey) };
}
export { tutorialFor } from "./tutorial";
