// The Battleship heat map: where the expert bot thought the enemy ships
// were, from what the shooter knew, drawn over the grid it fired at. The
// replay shows it at every shot; the table shows it, when a player asks,
// in the tutorial and in unrated games against the computer.
import type { Replay } from "../../api";
import { clear, h } from "../../dom";
import type { TableCtx } from "../types";
import { sqName as sq } from "./fleetlay";
import type { AnalysisPanel } from "../../analysis/index";

/** Heat is the expert's map, as games/battleship/review.go sends it:
 * each square's chance of a ship in thousandths, row by row, and the
 * square the expert fires at. exact says the chances count every fleet
 * consistent with what the shooter knew; otherwise they are estimated
 * and within is the most, in thousandths, any may be off. */
export interface Heat { expert: [number, number]; planned: boolean; exact?: boolean; within?: number; heat: number[] }
interface ShotReview extends Heat { step: number; seat: number; shot: [number, number] }

/** side is the grid's side: the map holds a chance for every square. */
const side = (m: Heat): number => Math.round(Math.sqrt(m.heat.length));
const pct = (permille: number) => (permille >= 995 ? "99%" : permille > 0 && permille < 5 ? "<1%" : Math.round(permille / 10) + "%");
/** how says how sure the map's chances are, for the tooltips: "exact"
 * only when every consistent fleet was counted. */
const how = (m: Heat) => (m.exact ? "exact" : m.within ? `estimated, within ${(m.within / 10).toFixed(1)} points` : "estimated");

/** clearHeat removes a map from a grid. */
export function clearHeat(grid: Element): void {
  grid.querySelectorAll<HTMLElement>(".cell[data-heat], .cell[data-expert]").forEach((b) => {
    b.removeAttribute("data-heat");
    b.removeAttribute("data-expert");
    b.removeAttribute("title");
    b.style.removeProperty("--heat");
  });
}

/** paintHeat draws m over grid (a .bs-grid of cells with data-r and
 * data-c): warmer squares are likelier to hold a ship, from the coldest
 * square that may hold one to the hottest, so that the differences show
 * even where every chance is close (an empty grid), and the expert's
 * square is outlined. */
export function paintHeat(grid: Element, m: Heat): void {
  clearHeat(grid);
  const warm = m.heat.filter((v) => v > 0);
  const hot = Math.max(1, ...warm);
  const cold = warm.length ? Math.min(...warm) : 0;
  const span = Math.max(1, hot - cold);
  grid.querySelectorAll<HTMLElement>(".cell[data-r]").forEach((b) => {
    const r = Number(b.dataset.r), c = Number(b.dataset.c);
    const v = m.heat[r * side(m) + c] ?? 0;
    if (r === m.expert[0] && c === m.expert[1]) b.setAttribute("data-expert", "");
    if (v <= 0) return;
    b.setAttribute("data-heat", String(v));
    b.style.setProperty("--heat", (0.06 + 0.84 * ((v - cold) / span) ** 1.5).toFixed(2));
    b.title = `${sq(r, c)}: ${(v / 10).toFixed(1)}% chance of a ship (${how(m)})`;
  });
}

export function battleshipPanel(a: unknown, _r: Replay, ctx: TableCtx): AnalysisPanel {
  const shots = ((a as { shots?: ShotReview[] }).shots ?? []);
  const byStep = new Map(shots.map((s) => [s.step, s]));
  const text = h("p", { id: "bs-heat-text", "aria-live": "polite" });
  const legend = h("p", { class: "heat-legend small muted" },
    h("span", { class: "heat-swatch", "aria-hidden": "true" }), " warmer: likelier to hide a ship, from what the shooter knew before the shot; ",
    h("span", { class: "expert-swatch", "aria-hidden": "true" }), " the expert's shot.");
  const el = h("section", { class: "analysis-panel bs-analysis", "aria-label": "Where would the expert fire?" },
    h("h2", null, "Where would the expert fire?"), text, legend);

  function show(i: number, board: HTMLElement): void {
    board.querySelectorAll(".bs-grid").forEach(clearHeat);
    clear(text);
    const s = byStep.get(i);
    if (!s) {
      text.append(i === 0 ? "Step to a shot to see the expert's map of the grid it was fired at." : "No shot at this step.");
      return;
    }
    // The replay shows seat 0's fleet on the left (#ocean) and seat 1's
    // on the right (#target): a shot by seat 0 hits the right one.
    const grid = board.querySelector(s.seat === 0 ? "#target" : "#ocean");
    if (grid) paintHeat(grid, s);
    const ex = sq(s.expert[0], s.expert[1]), shot = sq(s.shot[0], s.shot[1]);
    const chance = (p: [number, number]) => pct(s.heat[p[0] * side(s) + p[1]] ?? 0);
    const same = ex === shot;
    text.append(h("strong", null, `${ctx.seatLabel(s.seat)} fired at ${shot} (${chance(s.shot)}). `),
      same ? "The expert would have fired there too." : `The expert would have fired at ${ex} (${chance(s.expert)})${s.planned ? ", planning its last shots rather than taking the likeliest square" : ""}.`);
  }

  return { el, show };
}
