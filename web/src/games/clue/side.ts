// Clue-Less's side: the suggestions and accusations so far, and the
// detective's notebook (the server's deductions, which a player may switch
// off, and marks of the player's own).
import { h } from "../../dom";
import { cardName } from "./cards";
import { who, type Clue, type ClueView } from "./state";

const markText: Record<string, string> = { yes: "✓ has", no: "✗ not", maybe: "?" };

export function log(c: Clue, view: ClueView): HTMLElement {
  // A long list scrolls; a keyboard reaches it (tabindex), as the move log.
  const list = h("ol", { class: "clue-log", "aria-label": "Suggestions", tabindex: "0" });
  for (const s of view.suggestions) {
    let answer = "waiting for an answer";
    if (s.answered) answer = s.shownBy < 0 ? "nobody could answer" : `${who(c, s.shownBy)} showed ${s.card ? "the " + cardName(s.card) : "a card"}`;
    list.append(h("li", null, `${who(c, s.seat)}: ${cardName(s.suspect)}, ${cardName(s.weapon)}, ${cardName(s.room)}. `,
      s.passed.length ? `Passed: ${s.passed.map((x) => who(c, x)).join(", ")}. ` : "", answer + "."));
  }
  for (const a of view.accusations) {
    list.append(h("li", { class: a.correct ? "right" : "wrong" }, `${who(c, a.seat)} accused ${cardName(a.suspect)}, ${cardName(a.weapon)}, ${cardName(a.room)}: ${a.correct ? "right" : "wrong"}.`));
  }
  return list;
}

export function notebook(c: Clue, view: ClueView): HTMLElement {
  const wrap = h("section", { class: "clue-notebook" });
  const toggle = h("input", { type: "checkbox", id: "clue-auto" }) as HTMLInputElement;
  toggle.checked = c.auto;
  toggle.addEventListener("change", () => {
    c.auto = toggle.checked;
    localStorage.setItem("parlor.clue.auto", c.auto ? "on" : "off");
    c.update();
  });
  wrap.append(h("h2", { class: "sub" }, "Notebook"), h("label", null, toggle, " Fill in what follows from the game"));
  const table = h("table", { class: "clue-notes" });
  const head = h("tr", null, h("th", null, "Card"), ...view.players.map((p) => h("th", { scope: "col" }, cardName(p.suspect).split(" ").pop() ?? "")), h("th", { scope: "col" }, "Case file"), h("th", { scope: "col" }, "My note"));
  table.append(h("thead", null, head));
  const body = h("tbody");
  for (const row of view.notebook?.cards ?? []) {
    const mine = c.own.get(row.card) ?? "";
    const note = h("button", { class: "note", "data-card": row.card, "aria-label": `My note on ${cardName(row.card)}: ${mine || "none"}` }, mine || "·");
    note.addEventListener("click", () => {
      const next = { "": "✗", "✗": "?", "?": "✓", "✓": "" }[mine] ?? "";
      if (next) c.own.set(row.card, next);
      else c.own.delete(row.card);
      localStorage.setItem(c.storeKey, JSON.stringify(Object.fromEntries(c.own)));
      c.update();
    });
    const cells = c.auto ? [...row.seats, row.caseFile].map((m) => h("td", { class: `mark-${m}` }, markText[m] ?? m)) : [...row.seats, row.caseFile].map(() => h("td", null, ""));
    body.append(h("tr", { class: row.faceUp ? "face-up" : "" }, h("th", { scope: "row" }, cardName(row.card) + (row.faceUp ? " (face up)" : "")), ...cells, h("td", null, note)));
  }
  table.append(body);
  wrap.append(table);
  if (c.auto && view.notebook?.solved) wrap.append(h("p", { class: "solved" }, `Solved: ${view.notebook.solved.map(cardName).join(", ")}. Accuse when it is your turn.`));
  return wrap;
}
