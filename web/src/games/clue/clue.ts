// Clue-Less: the 3 x 3 mansion as players know it (rooms with walls, the
// hallways as corridors, the secret passages under the house, the six
// start squares around it), the latest suggestion and its answers beside
// it, your hand and the face-up cards as cards, the move, suggestion,
// answer and accusation controls, the suggestion log, and the detective's
// notebook (the server's exact deductions, which a player may switch off,
// plus marks of their own). Pawns are discs in their characters' colours
// that also carry initials and a spoken name: never told apart by colour
// alone.
// This file makes the board; its state is state.ts, its cards cards.ts, the
// mansion mansion.ts, the controls actions.ts, the log and notebook side.ts.
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h } from "../../dom";
import { namedSeats } from "../../matchevents";
import type { GameView, TableCtx } from "../types";
import { actions } from "./actions";
import { cardList, cardName, theCard } from "./cards";
import { board } from "./mansion";
import { log, notebook } from "./side";
import { mover, view as v, type Clue } from "./state";

export { cardName } from "./cards";

export function clueView(ctx: TableCtx): GameView {
  const c: Clue = {
    ctx, el: h("div", { class: "clue" }), side: h("div", { class: "clue-side" }),
    own: new Map<string, string>(), // the player's own notebook marks
    storeKey: `parlor.clue.marks.${ctx.table.id}`, auto: true, update: () => update(c),
  };
  try {
    for (const [k, val] of Object.entries(JSON.parse(localStorage.getItem(c.storeKey) || "{}"))) c.own.set(k, String(val));
  } catch { /* a damaged entry starts afresh */ }
  c.auto = localStorage.getItem("parlor.clue.auto") !== "off";
  return {
    el: c.el,
    side: c.side,
    update: c.update,
    events(_evs: GameEvent[], push: MatchPush) {
      // The game's own words (Go's Describe), and the card shown when this
      // page's seat was one of the two.
      if (!push.text) return;
      const detail = cardShown(c, push);
      announce(`${ctx.seatName(push.seat)} ${namedSeats(push.text, ctx.seatName)}${detail ? ": " + detail : ""}.`);
    },
    logDetail: (push) => cardShown(c, push),
    hint: () => hint(c),
  };
}

function update(c: Clue): void {
  const { el, side, ctx } = c;
  const view = v(c);
  clear(el);
  clear(side);
  if (!view) return;
  el.append(board(c, view), actions(c, view));
  const cards = h("div", { class: "clue-cards" },
    // A replay, and a spectator, hold no hand: a replay says nothing of
    // one (it may be the player's own game), a spectator is told why.
    view.hand.length ? [h("h2", { class: "sub" }, "Your cards"), cardList("clue-hand", view.hand)]
      : ctx.replay ? null : [h("h2", { class: "sub" }, "Your cards"), h("p", { id: "clue-hand" }, "none: you are watching")],
    view.faceUp.length ? [h("h2", { class: "sub" }, "Face up for all"), cardList("clue-face-up", view.faceUp)] : null,
    view.caseFile?.length ? h("p", { class: "case-file" }, "Case file: " + view.caseFile.map(cardName).join(", ")) : null);
  // Players removed by a vote (spec section 5): their cards still answer.
  const removed = view.players.filter((p) => p.removed).map((p) => cardName(p.suspect));
  if (removed.length) cards.append(h("p", { class: "clue-removed" }, `Removed by a vote: ${removed.join(", ")}. Their cards still answer suggestions.`));
  side.append(cards, h("h2", { class: "sub" }, "Suggestions"), log(c, view));
  if (view.notebook) side.append(notebook(c, view));
}

/** cardShown names the card of a move that showed one, for the two
 * seats it passed between alone (the server sends its "card" event to
 * them only), when this page holds just that seat: a screen shared by
 * several seats keeps its log on show to the next player. */
function cardShown(c: Clue, push: Pick<MatchPush, "events">): string {
  const ctx = c.ctx;
  if (ctx.replay || ctx.held.length !== 1) return "";
  const me = ctx.held[0];
  for (const e of push.events ?? []) {
    const d = e.data as { by?: number; to?: number; card?: string } | undefined;
    if (e.type === "card" && d?.card && (d.by === me || d.to === me)) return theCard(d.card);
  }
  return "";
}

function hint(c: Clue): string {
  const view = v(c);
  if (!view || mover(c) === null) return "";
  if (view.phase === "disprove") return "show one of the named cards";
  if (view.mustSuggest) return "make a suggestion in this room";
  if (view.canStay) return "stay and suggest, or move";
  if (view.phase === "start") return view.moves.length ? "move: pick a highlighted place" : "you are blocked: end your turn or accuse";
  return "end your turn, or accuse";
}
