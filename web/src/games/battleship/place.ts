// Battleship's fleet placement: the dock of ships to place with its
// buttons (rotate, random, clear, start), a click that places or picks up
// a ship, and the fleet sent once complete.
import { announce, clear, h } from "../../dom";
import { play as sound } from "../../sound";
import { candidate, cellsOf, labelOf, lay, placing, problem, ships, type Bs } from "./board";
import { randomFleet, sqName, type Placement } from "./fleetlay";

export function renderDock(b: Bs): void {
  clear(b.dock);
  b.dock.hidden = !placing(b);
  if (b.dock.hidden) return;
  const list = h("div", { class: "ships", role: "group", "aria-label": "Ships to place" });
  for (const f of ships(b)) list.append(shipButton(b, f));
  const rotate = h("button", { type: "button", id: "rotate", "aria-keyshortcuts": "R" }, `Rotate (R): ${b.dir === "h" ? "across" : "down"}`);
  rotate.addEventListener("click", () => { rot(b); });
  const random = h("button", { type: "button", id: "random-fleet" }, "Random");
  random.addEventListener("click", () => {
    b.fleet = randomFleet(lay(b));
    b.sel = null;
    sound("place");
    b.render();
    b.ctx.info("A random fleet is placed. Drag or re-place ships to adjust, then start the battle.");
  });
  const clearBtn = h("button", { type: "button", id: "clear-fleet" }, "Clear");
  clearBtn.addEventListener("click", () => {
    b.fleet = [];
    b.sel = ships(b)[0]?.name ?? null;
    b.render();
  });
  const ready = b.fleet.length === ships(b).length;
  const start = h("button", { type: "button", class: "primary", id: "start-battle", disabled: !ready || b.sending }, "Start battle");
  start.addEventListener("click", () => sendFleet(b));
  const left = ships(b).length - b.fleet.length;
  b.dock.append(list, h("div", { class: "dock-actions" }, rotate, random, clearBtn, start),
    h("p", { class: "small muted" }, ready ? "Your fleet is ready." : `Place ${left} more ship${left === 1 ? "" : "s"}.`));
}

/** shipButton is a ship of the dock, which selects it to be placed. */
function shipButton(b: Bs, f: { name: string; len: number }): HTMLButtonElement {
  const label = labelOf(f.name);
  const done = b.fleet.some((p) => p.ship === f.name);
  const btn = h("button", { type: "button", class: "ship-btn" + (done ? " done" : ""), "aria-pressed": String(b.sel === f.name), "data-ship": f.name },
    h("span", { class: "ship-shape", "aria-hidden": "true" }, ...Array.from({ length: f.len }, () => h("i"))),
    `${label} (${f.len})`, done ? h("span", { class: "sr-only" }, ", placed") : null);
  btn.addEventListener("click", () => {
    b.sel = f.name;
    const existing = b.fleet.find((p) => p.ship === f.name);
    if (existing) b.dir = existing.dir;
    b.render();
    b.ctx.info(`${label} selected: click a square of your grid to place it.`);
  });
  return btn;
}

/** rot turns the ship to place, and the selected ship if placed and free to turn. */
export function rot(b: Bs): void {
  b.dir = b.dir === "h" ? "v" : "h";
  const existing = b.sel ? b.fleet.find((p) => p.ship === b.sel) : undefined;
  if (existing && !b.drag) {
    const turned: Placement = { ...existing, dir: b.dir };
    const why = problem(b, turned, b.fleet);
    if (why) b.ctx.error(why);
    else {
      b.fleet = b.fleet.map((p) => (p.ship === b.sel ? turned : p));
      sound("place");
    }
  }
  b.render();
}

async function sendFleet(b: Bs): Promise<void> {
  const seat = b.ctx.mover();
  if (seat === null || b.fleet.length !== ships(b).length) return;
  b.sending = true;
  renderDock(b);
  const ok = await b.ctx.play(seat, { fleet: b.fleet });
  b.sending = false;
  if (ok) {
    sound("place");
    announce("Fleet placed. Waiting for the battle to begin.");
  }
  b.render();
}

export function placeAt(b: Bs, r: number, c: number): void {
  if (!placing(b)) return;
  const hit = b.fleet.find((p) => cellsOf(b, p).some(([x, y]) => x === r && y === c));
  // With the whole fleet placed, a click on another ship picks that one.
  if (!b.sel || (hit && hit.ship !== b.sel && b.fleet.length === ships(b).length)) {
    if (hit) {
      b.sel = hit.ship;
      b.dir = hit.dir;
      b.ctx.info(`${labelOf(hit.ship)} picked up: click where it should go.`);
      b.render();
    } else b.ctx.info("Choose a ship from the list first.");
    return;
  }
  const p = candidate(b, r, c);
  if (!p) return;
  const why = problem(b, p, b.fleet);
  if (why) {
    b.ctx.error(why);
    return;
  }
  b.fleet = b.fleet.filter((x) => x.ship !== p.ship).concat(p);
  sound("place");
  announce(`${labelOf(p.ship)} placed at ${sqName(p.row, p.col)} ${p.dir === "h" ? "across" : "down"}.`);
  const next = ships(b).find((f) => !b.fleet.some((x) => x.ship === f.name));
  b.sel = next ? next.name : null;
  b.render();
}
