// Clue-Less's controls for the seat whose turn it is: the card to show,
// the suggestion, the end of the turn, and the accusation (asked twice).
import { ask } from "../../confirm";
import { h } from "../../dom";
import { cardName, rooms, suspects, weapons } from "./cards";
import { mover, send, who, type Clue, type ClueView } from "./state";

function select(id: string, label: string, keys: string[]): HTMLSelectElement {
  return h("select", { id, "aria-label": label }, ...keys.map((k) => h("option", { value: k }, cardName(k))));
}

export function actions(c: Clue, view: ClueView): HTMLElement {
  const box = h("div", { class: "clue-actions" });
  const me = mover(c);
  if (view.phase === "over" || me === null) return box;
  const suggestion = view.suggestions[view.suggestions.length - 1];
  if (view.phase === "disprove") {
    const named = [suggestion.suspect, suggestion.weapon, suggestion.room].filter((k) => view.hand.includes(k));
    box.append(h("p", null, `${who(c, suggestion.seat)} suggests ${cardName(suggestion.suspect)} with the ${cardName(suggestion.weapon)} in the ${cardName(suggestion.room)}. Show one card:`),
      ...named.map((k) => h("button", { class: "primary", "data-show": k, onclick: () => send(c, { kind: "show", card: k }) }, cardName(k))));
    return box;
  }
  if (view.mustSuggest || view.canStay) {
    const su = select("clue-suspect", "Suspect", suspects);
    const we = select("clue-weapon", "Weapon", weapons);
    box.append(h("div", { class: "clue-form" },
      h("span", null, view.canStay ? "Stay and suggest:" : "Suggest:"), su, we,
      h("span", null, `in the ${cardName(view.room ?? "")}`),
      h("button", { class: "primary", id: "clue-suggest", onclick: () => send(c, { kind: "suggest", suspect: su.value, weapon: we.value }) }, "Suggest")));
  }
  if (view.canEnd) {
    box.append(h("button", { id: "clue-end", onclick: () => send(c, { kind: "end" }) }, view.phase === "start" ? "You are blocked: end your turn" : "End turn"));
  }
  const as = select("clue-acc-suspect", "Accused suspect", suspects);
  const aw = select("clue-acc-weapon", "Accused weapon", weapons);
  const ar = select("clue-acc-room", "Accused room", rooms);
  const solved = view.notebook?.solved;
  if (solved && c.auto) {
    as.value = solved[0];
    aw.value = solved[1];
    ar.value = solved[2];
  }
  box.append(h("details", { class: "clue-accuse" }, h("summary", null, "Accuse…"),
    h("div", { class: "clue-form" }, as, aw, ar,
      h("button", { class: "danger", id: "clue-accuse", onclick: async () => {
        const [suspect, weapon, room] = [as.value, aw.value, ar.value];
        const yes = await ask({
          title: `Accuse ${cardName(suspect)} with the ${cardName(weapon)} in the ${cardName(room)}?`,
          text: "If you are wrong you sit out the rest of the game, answering suggestions only.",
          yes: "Accuse", no: "Not yet", danger: true,
        });
        if (yes) send(c, { kind: "accuse", suspect, weapon, room });
      } }, "Accuse"))));
  return box;
}
