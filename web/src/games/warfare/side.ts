// The island's first view, and the panels beside the map: the players
// with their land's colour and pattern, and the villages with their
// gold, wood, income and wages.
import { clear, h, svg } from "../../dom";
import type { PanZoom } from "../../panzoom";
import type { TableCtx } from "../types";
import { COMFY_PX, HW, PLAY_PX, R, cap, patternNames, type Board, type Selection, type WarView } from "./hexes";

/** openOnOwnLand is the island's first view. Where the whole island
 * leaves hexes too small to play on, it starts on the player's own
 * land: all of it when it fits at a size to play on, else the part of
 * the screen's size that holds the most of it (a player's land is
 * spread over the island). */
export function openOnOwnLand(pz: PanZoom, root: SVGSVGElement, board: Board, v: WarView, seat: number): void {
  const unitsPerPixel = (): number => pz.unitsPerPixel();
  const hexPx = HW / unitsPerPixel();
  if (!root.isConnected || !(hexPx > 0) || hexPx >= PLAY_PX) return;
  // A spectator has no land of their own (-1 is the neutral land's).
  const own = seat < 0 ? [] : v.hexes.filter((c) => c.owner === seat).map((c) => board.centre(c.id));
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

/** SidePanel is the panels' elements and what a click on a village asks
 * of the board. */
export interface SidePanel {
  ctx: TableCtx;
  side: HTMLElement;
  legend: HTMLElement;
  vilList: HTMLElement;
  sel(): Selection | null;
  select(s: Selection): void;
  centreOn(hex: number): void;
  render(): void;
}

export function drawSide(p: SidePanel, v: WarView, seat: number | null): void {
  const { ctx, legend, vilList, side } = p;
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
      p.centreOn(x.hex);
      if (seat !== null && x.owner === seat) p.select({ kind: "village", hex: x.hex, mode: { kind: "move" } });
      else p.render();
    });
    const tr = h("tr", { class: `${x.short ? "short" : ""}${p.sel()?.kind === "village" && p.sel()?.hex === x.hex ? " current" : ""}` },
      h("td", null, b, x.short ? h("span", { class: "wf-warn-text", title: "cannot pay its villagers next turn" }, "⚠ cannot pay") : null,
        x.locked ? h("span", { class: "muted wf-locked", title: "upgraded: it can do nothing more this turn and next" }, "locked") : null),
      h("td", null, String(x.gold)), h("td", null, String(x.wood)), h("td", null, String(x.income)), h("td", null, String(x.upkeep)));
    tr.title = `${x.size} hexes, ${x.units} villager${x.units === 1 ? "" : "s"}`;
    body.append(tr);
  }
  tbl.append(body);
  vilList.append(tbl);
}
