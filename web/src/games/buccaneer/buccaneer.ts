// Buccaneer: the 20 x 20 sea in SVG with its ports, bays and islands, the
// four ships (a hull pointing the way it faces, with its home port's
// letter, so ships are told apart without colour), each captain's holdings,
// every port's and Flat Island's stock, the last chance card, and the
// controls for each step of a turn: lit squares to sail to, the facings a
// ship may take, the passed ship's question, the trading screen, and every
// choice a chance card or a fight gives. What may be done is never worked
// out here: the view of the captain who owes the step carries it
// ("legal": the squares to sail to, the facings, the choices), from the
// game's own rules, and the board draws it. A trade is sent as picked,
// and the server says why when it refuses one. This file makes the board;
// its state is state.ts, its page page.ts, the sea sea.ts, the controls
// act.ts and trade.ts, the side panels side.ts.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h } from "../../dom";
import { namedSeats } from "../../matchevents";
import type { GameView, TableCtx } from "../types";
import { renderAct } from "./act";
import { fitSea, follow, page } from "./page";
import { drawMarks, drawSea, drawShips } from "./sea";
import { renderSide } from "./side";
import { acting, choosingCard, me, targets, view, who, type Buc, type BucView } from "./state";

export function buccaneerView(ctx: TableCtx): GameView {
  const b: Buc = {
    ctx, ui: page(ctx), zoomedForTouch: false, followed: "", news: [], lastSail: null, shownChance: "",
    give: new Set(), take: new Set(), tradeKey: "", tradeErr: "", busy: false, drawnAt: new Map(), render: () => render(b),
  };
  const fit = () => fitSea(b);
  const sizer = typeof ResizeObserver === "function" ? new ResizeObserver(() => fit()) : null;
  sizer?.observe(b.ui.el);
  // The lines above the sea (the table's status) may wrap after the board
  // is drawn, moving the sea down: the page's height changes with them.
  sizer?.observe(document.body);
  window.addEventListener("resize", fit);
  return {
    el: b.ui.el, side: b.ui.side, update: b.render,
    events: (evs, push) => events(b, evs, push),
    hint: () => hint(b),
    destroy: () => {
      b.ui.pz.destroy();
      sizer?.disconnect();
      window.removeEventListener("resize", fit);
    },
  };
}

function renderStatus(b: Buc, v: BucView): void {
  const { statusEl, chanceEl } = b.ui;
  const st = v.step;
  let text = `Turn ${v.turns + 1}${v.maxTurns ? ` of ${v.maxTurns}` : ""} · `;
  if (st.name === "over") text = "Game over.";
  else if (st.name === "attack?") text += `${who(b, st.mover)} sails past ${who(b, st.owes)}, who may attack`;
  else text += `${who(b, acting(st))} to ${({ move: "sail", face: "choose a facing", port: "trade", choose: "choose", captain: "choose a captain", spoils: "keep spoils", escape: "sail away" } as Record<string, string>)[st.name] ?? st.name}`;
  statusEl.textContent = text;
  const c = v.lastChance;
  chanceEl.hidden = !c;
  if (c) {
    const k = `${c.number}:${c.seat}:${v.turns}`;
    clear(chanceEl);
    chanceEl.append(h("span", { class: "bc-chance-no", "aria-hidden": "true" }, String(c.number)),
      h("div", null, h("strong", null, `Chance card ${c.number}: ${c.title}`), choosingCard(b, v) ? null : h("span", { class: "muted" }, ` drawn by ${who(b, c.seat)}`),
        h("p", { id: "bc-chance-text" }, c.text)));
    chanceEl.classList.toggle("fresh", k !== b.shownChance && b.shownChance !== "");
    b.shownChance = k;
  }
}

function render(b: Buc): void {
  const ui = b.ui;
  const v = view(b);
  if (!v) {
    for (const e of [ui.side, ui.actEl, ui.shipLayer, ui.targetLayer, ui.newsEl]) clear(e);
    ui.statusEl.textContent = "Waiting for the sea…";
    return;
  }
  const lit = targets(b, v);
  fitSea(b);
  follow(b, v);
  drawSea(b, v);
  drawMarks(b, v, lit);
  drawShips(b, v);
  renderStatus(b, v);
  renderSide(b, v);
  if (!b.ctx.replay) renderAct(b, v);
  clear(ui.newsEl);
  // Oldest first, as the Moves panel counts them.
  const shown = b.news.slice(-8);
  for (const n of shown) ui.newsEl.append(h("li", null, n));
  ui.newsBox.hidden = shown.length === 0;
}

/** told is a move in the game's own words (Go's Describe, the push's
 * text), after the captain who made it: what every captain may know. */
function told(b: Buc, push: Pick<MatchPush, "seat" | "text">): string {
  if (!push.text) return "";
  const name = (seat: number) => who(b, seat);
  return `${push.seat >= 0 ? name(push.seat) + " " : ""}${namedSeats(push.text, name)}`;
}

function events(b: Buc, evs: GameEvent[], push: MatchPush): void {
  for (const e of evs) if (e.type === "sail" && e.data) b.lastSail = { from: (e.data as any).from, to: (e.data as any).to };
  const said = told(b, push);
  if (said) b.news.push(said);
  if (b.news.length > 60) b.news.splice(0, b.news.length - 60);
  b.render();
  if (said) announce(said + ".");
}

function hint(b: Buc): string {
  const v = view(b);
  if (!v || me(b) === null) return "";
  switch (v.step.name) {
    case "move": return "click a lit square to sail, or turn the ship";
    case "face": return "choose which way your ship points";
    case "attack?": return "a ship sails past you: attack or let it pass";
    case "port": return "trade crew and treasure of equal worth, or leave port";
    case "choose": return "choose what the card gives you";
    case "captain": return "choose a captain";
    case "spoils": return "choose which treasure to keep";
    case "escape": return "sail away from the fight";
  }
  return "";
}
