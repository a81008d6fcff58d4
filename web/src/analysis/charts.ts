// Turn-by-turn charts in the replay, for the games whose lesson is how the
// lead changed hands (a game's treasure at home per captain, another's land
// and gold per player). The server samples the match, one
// point per turn (game/turnchart); this module draws each series as an
// inline SVG line chart, with a title and a description for screen
// readers, the figures in words beside it, and the shown step's turn
// marked on every chart.
import { h, svg } from "../dom";
import type { Replay } from "../api";
import type { TableCtx } from "../games/types";
import type { AnalysisFactory, AnalysisPanel } from "./index";

interface Chart { key: string; title: string; unit: string; seats: number[][] }
interface Charts { turns: number[]; stepTurn: number[]; charts: Chart[] }

/** The lines differ by their dashes as well as by the game's inks (see
 * turnCharts), so that no seat is known by colour alone. */
const dashes = ["", "7 4", "2 3", "10 3 2 3", "4 2 4 6", "1 5"];

// The drawing's own units; the SVG scales to its box.
const H = 230, L = 44, R = 14, T = 12, B = 34;

/** drawingWidth is about the width, in pixels, a chart will be drawn at
 * beside the others (the panel's grid puts charts side by side when each
 * gets 260 px), so that its words keep their size once scaled. */
function drawingWidth(charts: number): number {
  const content = Math.min(innerWidth, 1100) - 80;
  const cols = Math.max(1, Math.min(charts, Math.floor(content / 260)));
  return Math.round(Math.max(340, Math.min(600, content / cols)));
}

/** gridStep is a round step for about four grid lines up to v. */
function gridStep(v: number): number {
  const raw = Math.max(1, v / 4);
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return raw;
}

/** ticks picks about n round turn numbers from the turns charted. */
function ticks(count: number, n: number): number[] {
  const step = Math.max(1, Math.ceil(count / n));
  const out: number[] = [];
  for (let k = 0; k < count; k += step) out.push(k);
  if (out[out.length - 1] !== count - 1) out.push(count - 1);
  return out;
}

let chartIds = 0;

/** seatWords says a seat's figures in words: where it ended and its best. */
function seatWords(c: Chart, turns: number[], s: number, name: string): string {
  const v = c.seats[s] ?? [];
  if (v.length === 0) return `${name}: no turns.`;
  let best = 0;
  v.forEach((x, k) => { if (x > v[best]) best = k; });
  const end = v[v.length - 1];
  return `${name} ended with ${end} ${c.unit}` + (v[best] > end ? `, after a peak of ${v[best]} at turn ${turns[best]}` : "") + ".";
}

/** drawChart draws one chart; the returned mark function moves the
 * current-turn marker to point k. */
function drawChart(c: Chart, turns: number[], name: (s: number) => string, inks: string[], W: number): { el: HTMLElement; mark: (k: number) => void } {
  const id = `chart-${++chartIds}`;
  const count = turns.length;
  const step = gridStep(Math.max(0, ...c.seats.flat()));
  const top = step * Math.max(1, Math.ceil(Math.max(0, ...c.seats.flat()) / step));
  const x = (k: number) => L + (count <= 1 ? (W - L - R) / 2 : (k * (W - L - R)) / (count - 1));
  const y = (v: number) => T + (H - T - B) * (1 - v / top);
  const words = c.seats.map((_, s) => seatWords(c, turns, s, name(s))).join(" ");
  const inUnit = c.unit.toLowerCase() === c.title.toLowerCase() ? "" : ` in ${c.unit}`;
  const desc = `${c.title}${inUnit}, one point per turn from turn ${turns[0] ?? 0} to turn ${turns[count - 1] ?? 0}. ${words}`;
  const pic = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-t ${id}-d`, "data-chart": c.key, "data-points": count },
    svg("title", { id: `${id}-t` }, `${c.title}, turn by turn`),
    svg("desc", { id: `${id}-d` }, desc));
  const grid = svg("g", { class: "chart-grid", "aria-hidden": "true" });
  for (let v = 0; v <= top; v += step) {
    grid.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v) }),
      svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  for (const k of ticks(count, W < 500 ? 4 : 6)) {
    grid.append(svg("text", { x: x(k), y: H - B + 16, "text-anchor": "middle" }, String(turns[k])));
  }
  grid.append(svg("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", class: "chart-axis" }, "turn"));
  pic.append(grid);
  const now = svg("line", { class: "chart-now", y1: T - 4, y2: H - B + 2, "aria-hidden": "true" });
  pic.append(now);
  const r = count > 120 ? 1.2 : count > 40 ? 2 : 3;
  c.seats.forEach((v, s) => {
    const pts = v.map((val, k) => `${x(k).toFixed(1)},${y(val).toFixed(1)}`).join(" ");
    const g = svg("g", { class: "chart-seat", "data-seat": s, stroke: inks[s % inks.length], fill: inks[s % inks.length], "aria-hidden": "true" },
      svg("polyline", { points: pts, fill: "none", "stroke-width": 2, "stroke-dasharray": dashes[s % dashes.length] || null }));
    v.forEach((val, k) => g.append(svg("circle", { cx: x(k).toFixed(1), cy: y(val).toFixed(1), r, "data-turn": turns[k], "data-value": val })));
    pic.append(g);
  });
  const legend = h("ul", { class: "chart-legend" }, ...c.seats.map((_, s) =>
    h("li", null, svgSwatch(s, inks), " ", name(s))));
  const fig = h("figure", { class: "turn-chart", "data-chart": c.key },
    h("figcaption", null, h("strong", null, c.title), `${inUnit} at the end of each turn`), pic, legend,
    h("details", { class: "chart-words" }, h("summary", null, "In words"), h("p", null, desc)));
  const mark = (k: number) => {
    now.setAttribute("x1", x(k).toFixed(1));
    now.setAttribute("x2", x(k).toFixed(1));
    pic.querySelectorAll("circle.at").forEach((e) => e.classList.remove("at"));
    pic.querySelectorAll(`circle[data-turn="${turns[k]}"]`).forEach((e) => e.classList.add("at"));
  };
  return { el: fig, mark };
}

function svgSwatch(s: number, inks: string[]): SVGElement {
  return svg("svg", { class: "chart-swatch", viewBox: "0 0 28 8", width: 28, height: 8, "aria-hidden": "true" },
    svg("line", { x1: 1, x2: 27, y1: 4, y2: 4, stroke: inks[s % inks.length], "stroke-width": 2, "stroke-dasharray": dashes[s % dashes.length] || null }));
}

/** turnCharts makes a panel from the server's per-turn series. The inks
 * are the game's line colours by seat: darker shades of the seat's colour
 * on its board, so that a reader need not learn a second key, dark enough
 * on white (3:1 or more). */
export function turnCharts(heading: string, inks: string[]): AnalysisFactory {
  return (raw: unknown, _r: Replay, ctx: TableCtx): AnalysisPanel => {
    const a = raw as Charts;
    const el = h("section", { class: "turn-charts", "aria-label": heading });
    const status = h("p", { class: "chart-status", "aria-live": "polite", id: "chart-status" });
    el.append(h("h2", { class: "sub" }, heading), status);
    if (!a.turns?.length) {
      status.textContent = "No turn was played.";
      return { el, show: () => undefined };
    }
    // Seats of the same name (two bots of one level) are told apart by number.
    const names = (a.charts[0]?.seats ?? []).map((_, s) => ctx.seatName(s));
    const name = (s: number) => (names.filter((n) => n === names[s]).length > 1 ? `Player ${s + 1}` : names[s]);
    const drawn = a.charts.map((c) => drawChart(c, a.turns, name, inks, drawingWidth(a.charts.length)));
    const box = h("div", { class: "chart-row" }, ...drawn.map((d) => d.el));
    el.append(box);
    return {
      el,
      show: (i: number) => {
        const k = Math.max(0, Math.min(a.turns.length - 1, a.stepTurn[i] ?? a.turns.length - 1));
        drawn.forEach((d) => d.mark(k));
        status.dataset.turn = String(a.turns[k]);
        status.textContent = `Turn ${a.turns[k]} of ${a.turns[a.turns.length - 1]}, at its end: ` +
          a.charts.map((c) => `${c.title}: ` + c.seats.map((v, s) => `${name(s)} ${v[k]}`).join(", ")).join("; ") + ".";
      },
    };
  };
}
