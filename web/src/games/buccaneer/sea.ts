// Buccaneer's sea in SVG: the water and its grid, the islands, bays and
// ports; the last sailing and the lit squares to sail to; and the four
// ships, each a hull pointing the way it faces with its home port's
// letter, sailing from square to square.
import { clear, svg } from "../../dom";
import { roving, type RovingItem } from "../../roving";
import { settings } from "../../settings";
import { plural } from "./items";
import { acting, letter, send, who, type Buc, type BucView, type PlayerV, type Pt, type RectV } from "./state";

export const N = 20;
export const C = 30; // a square, in SVG units
export const M = 40; // margin round the sea: coordinates, then port names
const dirs = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
export const dirWords: Record<string, string> = { N: "north", NE: "north-east", E: "east", SE: "south-east", S: "south", SW: "south-west", W: "west", NW: "north-west" };
export const sx = (x: number): number => M + (x - 1) * C;
export const sy = (y: number): number => M + (N - y) * C;

/** ship draws a hull pointing north, turned to face d, with the home
 * port's letter upright on it. */
function shipShape(seat: number, letter: string, facing: string, cx: number, cy: number, scale: number, extra: string): SVGGElement {
  const rot = Math.max(0, dirs.indexOf(facing)) * 45;
  return svg("g", { class: `bc-ship s${seat}${extra}`, transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)}) scale(${scale})`, "data-ship": seat },
    svg("path", { d: "M0,-14 C6,-8 9,-3 9,3 L7,12 L-7,12 L-9,3 C-9,-3 -6,-8 0,-14 Z", transform: `rotate(${rot})`, class: "hull" }),
    svg("circle", { r: 6.6, class: "badge" }),
    svg("text", { "text-anchor": "middle", "dominant-baseline": "central", y: 0.5 }, letter));
}

export function shipIcon(seat: number, letter: string, facing: string): SVGSVGElement {
  return svg("svg", { viewBox: "-15 -15 30 30", width: 26, height: 26, "aria-hidden": "true", class: "bc-icon" }, shipShape(seat, letter, facing, 0, 0, 1, ""));
}

export function drawSea(b: Buc, v: BucView): void {
  const seaLayer = b.ui.seaLayer;
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
  drawBays(seaLayer, v);
  drawPorts(seaLayer, v);
}

function drawBays(seaLayer: SVGElement, v: BucView): void {
  for (const [name, at] of Object.entries(v.board?.bays ?? {})) {
    seaLayer.append(svg("rect", { x: sx(at[0]) + 1, y: sy(at[1]) + 1, width: C - 2, height: C - 2, class: "bc-bay" }),
      svg("text", { x: sx(at[0]) + C / 2, y: sy(at[1]) + C / 2 + 5, class: "bc-bay-mark", "text-anchor": "middle" }, name === "Anchor Bay" ? "⚓" : "~"));
    const [x, y] = at;
    const tx = x === 1 ? M - 26 : x === N ? M + N * C + 26 : sx(x) + C / 2;
    const ty = y === 1 ? M + N * C + 30 : y === N ? M - 20 : sy(y) + C / 2;
    seaLayer.append(svg("text", { x: tx, y: ty, class: "bc-bay-name", "text-anchor": x === 1 ? "start" : x === N ? "end" : "middle" }, name));
  }
}

function drawPorts(seaLayer: SVGElement, v: BucView): void {
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

export function drawMarks(b: Buc, v: BucView, lit: Map<string, boolean>): void {
  const { markLayer, targetLayer, pz } = b.ui;
  clear(markLayer);
  clear(targetLayer);
  if (b.lastSail) {
    for (const [x, y] of [b.lastSail.from, b.lastSail.to]) markLayer.append(svg("rect", { x: sx(x) + 3, y: sy(y) + 3, width: C - 6, height: C - 6, class: "bc-last" }));
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
    r.addEventListener("click", () => { if (!pz.tookDrag()) void send(b, { sail: [x, y] }); });
    r.addEventListener("keydown", (e: KeyboardEvent) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); void send(b, { sail: [x, y] }); } });
    stops.push({ el: r, x: sx(x), y: sy(y) });
    targetLayer.append(r);
  }
  // The lit squares are one Tab stop; the arrows move among them.
  roving(stops);
}

function sailFrom(b: Buc, g: SVGGElement, seat: number, to: Pt, scale: number): void {
  const from = b.drawnAt.get(seat);
  b.drawnAt.set(seat, to);
  if (!from || (from[0] === to[0] && from[1] === to[1]) || settings.reducedMotion || typeof g.animate !== "function") return;
  // The distance sets the time, so a long voyage reads as one: about a
  // tenth of a second a square, at most a second.
  const squares = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])) / C;
  const at = (p: Pt) => `translate(${p[0].toFixed(1)}px, ${p[1].toFixed(1)}px) scale(${scale})`;
  g.dataset.sailing = "1";
  const a = g.animate([{ transform: at(from) }, { transform: at(to) }], { duration: Math.min(1000, 250 + 100 * squares), easing: "ease-in-out" });
  a.onfinish = a.oncancel = () => { delete g.dataset.sailing; };
}

export function drawShips(b: Buc, v: BucView): void {
  const shipLayer = b.ui.shipLayer;
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
      g.append(svg("title", null, `${who(b, p.seat)} at ${p.at.join(",")}, facing ${dirWords[p.facing] ?? p.facing}`));
      shipLayer.append(g);
      sailFrom(b, g, p.seat, [cx, cy], scale);
    });
  }
}
