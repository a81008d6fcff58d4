// Buccaneer's page: the sea and its layers with pan and zoom, the
// controls beside it (status, chance card, the step's controls, the log,
// the help), and the sea fitted to the window and kept on the acting ship.
import { h, svg } from "../../dom";
import { panZoom } from "../../panzoom";
import type { TableCtx } from "../types";
import { C, M, N, sx, sy } from "./sea";
import { acting, me, view, type Buc, type BucUI, type BucView } from "./state";

const full = 2 * M + N * C;

export function page(ctx: TableCtx): BucUI {
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
  const help = helpBox();
  // The sea pans and zooms as another game's island does; the buttons
  // stand beside the heading, over the controls, not on the sea.
  const zoomIn = h("button", { type: "button", title: "Zoom in (+)", "aria-label": "Zoom in", id: "bc-zoom-in" }, "+");
  const zoomOut = h("button", { type: "button", title: "Zoom out (−)", "aria-label": "Zoom out", id: "bc-zoom-out" }, "−");
  const zoomFit = h("button", { type: "button", title: "Whole sea (0)", "aria-label": "Whole sea", id: "bc-zoom-fit" }, "⤢");
  const mapBox = h("div", { class: "bc-map" }, root);
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
  return { el, side, statusEl, chanceEl, seaLayer, markLayer, shipLayer, targetLayer, actEl, newsEl, newsBox, mapBox, pz };
}

function helpBox(): HTMLElement {
  return h("details", { class: "bc-help" }, h("summary", null, "How to play"),
    h("ul", null,
      h("li", null, "On your turn, click a lit square to sail there in a straight line: out of port in any direction, at sea only the way your ship points. You sail as many squares as your crew's total (one with no crew)."),
      h("li", null, "Or turn your ship where it is. After sailing, choose which way to point: only directions you could sail on next turn are offered."),
      h("li", null, "Stop beside Treasure Island to draw a chance card; beside Flat Island to collect what lies there; in a port to trade crew and treasure of equal worth; in your home port to unload. Red dashed squares attack the ship on them."),
      h("li", null, "Ships: the hull points the way the ship faces; the letter is its home port (L London, G Genoa, M Marseilles, C Cadiz). Ports show their first letters and their owner's ship letter."),
      h("li", null, "Drag the sea or use the arrow keys to pan it; the mouse wheel, two fingers, or + and − zoom; 0 or ⤢ shows the whole sea."),
      h("li", null, "The first captain with 20 points of treasure at home wins. Diamond and ruby 5, gold 4, pearl 3, rum 2.")));
}

// fitSea sizes the sea to the room the window leaves below the sea's
// top and beside the controls, so that the whole sea and the controls
// are seen together without scrolling; below 300 px the sea would be
// too small to play on, and the controls go under it instead. There,
// on a phone, where a square of the whole sea is about 16 px, the sea starts
// closer, over the seat's own ship, with squares of 34 px: a finger
// needs about 32.
const beside = 256; // the controls' narrowest, in CSS pixels
export function fitSea(b: Buc): void {
  const { el, mapBox, pz } = b.ui;
  const wide = el.clientWidth;
  if (!wide || !el.isConnected) return;
  const top = el.getBoundingClientRect().top + window.scrollY;
  const tall = Math.floor(window.innerHeight - top - 12);
  const side = Math.min(tall, wide - beside - 14, 900);
  const stack = side < 300;
  el.classList.toggle("bc-stack", stack);
  mapBox.style.width = stack ? `min(100%, ${Math.max(tall, 320)}px)` : `${side}px`;
  const squarePx = C / pz.unitsPerPixel();
  if (stack && !b.zoomedForTouch && squarePx > 0) {
    b.zoomedForTouch = true;
    const v = view(b);
    const ship = v?.players[b.ctx.viewSeat()] ?? v?.players[acting(v.step)];
    if (squarePx < 24 && ship) {
      pz.zoom(34 / squarePx);
      pz.centreAt(sx(ship.at[0]) + C / 2, sy(ship.at[1]) + C / 2);
    }
  }
}

// When a step falls to this page's captain, a sea zoomed in (a phone)
// brings the acting ship into view if it is not: the lit squares are
// round it.
export function follow(b: Buc, v: BucView): void {
  const s = me(b);
  const key = `${v.turns}:${v.step.name}:${s}`;
  if (s === null || key === b.followed) return;
  b.followed = key;
  const ship = v.players[acting(v.step)];
  const shown = b.ui.pz.shown();
  if (!ship || shown.w >= full) return;
  const x = sx(ship.at[0]) + C / 2, y = sy(ship.at[1]) + C / 2;
  if (x < shown.x + C || x > shown.x + shown.w - C || y < shown.y + C || y > shown.y + shown.h - C) b.ui.pz.centreAt(x, y);
}
