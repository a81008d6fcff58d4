// Clue-Less: the 3 x 3 mansion as players know it (rooms with walls, the
// hallways as corridors, the secret passages under the house, the six
// start squares around it), the latest suggestion and its answers beside
// it, your hand and the face-up cards as cards, the move, suggestion,
// answer and accusation controls, the suggestion log, and the detective's
// notebook (the server's exact deductions, which a player may switch off,
// plus marks of their own). Pawns are discs in their characters' colours
// that also carry initials and a spoken name: never told apart by colour
// alone.
import { ask } from "../../confirm";
import type { GameEvent, MatchPush } from "../../api";
import { announce, clear, h, svg } from "../../dom";
import { namedSeats } from "../../matchevents";
import type { GameView, TableCtx } from "../types";

const suspects = ["scarlet", "mustard", "white", "green", "peacock", "plum"];
const weapons = ["candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench"];
const rooms = ["study", "hall", "lounge", "library", "billiard-room", "dining-room", "conservatory", "ballroom", "kitchen"];

const names: Record<string, string> = {
  scarlet: "Miss Scarlet", mustard: "Colonel Mustard", white: "Mrs. White", green: "Mr. Green", peacock: "Mrs. Peacock", plum: "Professor Plum",
  candlestick: "Candlestick", knife: "Knife", "lead-pipe": "Lead Pipe", revolver: "Revolver", rope: "Rope", wrench: "Wrench",
  study: "Study", hall: "Hall", lounge: "Lounge", library: "Library", "billiard-room": "Billiard Room", "dining-room": "Dining Room",
  conservatory: "Conservatory", ballroom: "Ballroom", kitchen: "Kitchen",
};

export function cardName(k: string): string {
  return names[k] ?? k;
}

function placeName(p: string): string {
  if (p.startsWith("home-")) return `${cardName(p.slice(5))}'s start`;
  const hall = p.split("-");
  // Hallways join two room keys; room keys may hold a dash themselves.
  for (let i = 1; i < hall.length; i++) {
    const a = hall.slice(0, i).join("-");
    const b = hall.slice(i).join("-");
    if (rooms.includes(a) && rooms.includes(b)) return `${cardName(a)}–${cardName(b)} hallway`;
  }
  return cardName(p);
}

interface SuggestionV { seat: number; suspect: string; weapon: string; room: string; passed: number[]; shownBy: number; answered: boolean; card?: string }
interface NotebookRow { card: string; faceUp?: boolean; seats: string[]; caseFile: string }
interface ClueView {
  seat: number; players: { seat: number; suspect: string; cards: number; inactive: boolean; removed?: boolean }[]; order: number[];
  turn: number; phase: string; owes: number[]; tokens: Record<string, string>; weapons: Record<string, string>;
  hand: string[]; faceUp: string[]; suggestions: SuggestionV[]; accusations: { seat: number; suspect: string; weapon: string; room: string; correct: boolean }[];
  moves: string[]; canStay: boolean; mustSuggest: boolean; canEnd: boolean; room?: string; caseFile?: string[]; winner?: number;
  notebook?: { cards: NotebookRow[]; solved?: string[] };
}

// The board is a 7 x 7 grid (CSS grid lines 1 to 7): the mansion's rooms
// at even rows and columns 2, 4 and 6, the hallways between them, and a
// ring around it for the six start squares.
const roomAt = (i: number): [number, number] => [2 + 2 * Math.floor(i / 3), 2 + 2 * (i % 3)];

// The twelve hallways with the two rooms each joins, in board order.
const hallways: [string, string][] = [
  ["study", "hall"], ["hall", "lounge"], ["library", "billiard-room"], ["billiard-room", "dining-room"],
  ["conservatory", "ballroom"], ["ballroom", "kitchen"], ["study", "library"], ["hall", "billiard-room"],
  ["lounge", "dining-room"], ["library", "conservatory"], ["billiard-room", "ballroom"], ["dining-room", "kitchen"],
];

// Where each start square stands on the ring: beside the hallway that is
// its suspect's first move (spec 3.3, games/clue's homeHallway).
const homeAt: Record<string, [number, number]> = {
  scarlet: [1, 5], mustard: [3, 7], white: [7, 5], green: [7, 3], peacock: [5, 1], plum: [3, 1],
};

// The secret passages join opposite corners (spec 3.4); each corner room
// marks its passage in the corner it leaves from.
const passages: Record<string, { to: string; corner: string }> = {
  study: { to: "kitchen", corner: "se" }, kitchen: { to: "study", corner: "nw" },
  lounge: { to: "conservatory", corner: "sw" }, conservatory: { to: "lounge", corner: "ne" },
};

// Tokens carry their suspect's initials as well as colour, so that
// colour is never the only tell.
const initials: Record<string, string> = { scarlet: "MS", mustard: "CM", white: "MW", green: "MG", peacock: "MP", plum: "PP" };

type Kind = "suspect" | "weapon" | "room";
const kindOf = (c: string): Kind => (suspects.includes(c) ? "suspect" : weapons.includes(c) ? "weapon" : "room");

/** theCard names a card after a verb: a suspect is a person ("Miss
 * Scarlet"), a weapon or a room a thing ("the Rope"). */
const theCard = (c: string): string => (kindOf(c) === "suspect" ? "" : "the ") + cardName(c);

/** token draws a suspect's pawn: a disc in the character's colour with
 * the initials, its name for screen readers and as a tooltip. */
function token(s: string, mine: boolean): HTMLElement {
  return h("span", { class: `token token-${s}${mine ? " mine" : ""}`, "data-suspect": s, title: cardName(s) + (mine ? " (you)" : "") },
    h("span", { "aria-hidden": "true" }, initials[s] ?? s), h("span", { class: "sr-only" }, cardName(s) + (mine ? " (you)" : "")));
}

/** cardList draws cards as small cards coloured by kind, in a list whose
 * text reads as the names joined by commas. */
function cardList(id: string | null, cards: string[]): HTMLElement {
  return h("ul", { class: "clue-hand", id },
    ...cards.map((c, i) => h("li", { class: `clue-card kind-${kindOf(c)}`, "data-card": c },
      h("span", { class: "card-name" }, cardName(c)), i < cards.length - 1 ? h("span", { class: "sr-only" }, ", ") : null)));
}

const markText: Record<string, string> = { yes: "✓ has", no: "✗ not", maybe: "?" };

export function clueView(ctx: TableCtx): GameView {
  const el = h("div", { class: "clue" });
  const side = h("div", { class: "clue-side" });
  const own = new Map<string, string>(); // the player's own notebook marks
  const storeKey = `parlor.clue.marks.${ctx.table.id}`;
  try {
    for (const [k, v] of Object.entries(JSON.parse(localStorage.getItem(storeKey) || "{}"))) own.set(k, String(v));
  } catch { /* a damaged entry starts afresh */ }
  let auto = localStorage.getItem("parlor.clue.auto") !== "off";

  const v = (): ClueView | null => ctx.view() as ClueView | null;
  const who = (seat: number): string => {
    const p = v()?.players.find((x) => x.seat === seat);
    // A bot is named by its suspect already ("Mustard").
    const name = ctx.seatName(seat);
    return p && !cardName(p.suspect).includes(name) ? `${name} (${cardName(p.suspect)})` : name;
  };
  const mover = (): number | null => ctx.mover();
  const send = (move: Record<string, unknown>) => {
    const s = mover();
    if (s !== null) void ctx.play(s, move);
  };

  function select(id: string, label: string, keys: string[]): HTMLSelectElement {
    return h("select", { id, "aria-label": label }, ...keys.map((k) => h("option", { value: k }, cardName(k))));
  }

  function board(view: ClueView): HTMLElement {
    // A group of places, not an ARIA grid: the places are not rows of
    // cells, and a place to move to is a button.
    const table = h("div", { class: "clue-board", role: "group", "aria-label": "The mansion" });
    const moves = mover() === view.seat ? new Set(view.moves) : new Set<string>();
    const mine = view.players.find((p) => p.seat === view.seat)?.suspect ?? "";
    const at = (el: HTMLElement, row: number, col: number): HTMLElement => {
      el.style.gridArea = `${row} / ${col}`;
      table.append(el);
      return el;
    };
    // The floor under the rooms, with the secret passages running under
    // the house from corner to corner: seen between the rooms.
    table.append(svg("svg", { class: "clue-floor", "aria-hidden": "true", focusable: "false" },
      svg("rect", { x: "0", y: "0", width: "100%", height: "100%", rx: "6" }),
      svg("line", { class: "clue-passage-line", "data-from": "study", "data-to": "kitchen", x1: "0", y1: "0", x2: "100%", y2: "100%" }),
      svg("line", { class: "clue-passage-line", "data-from": "lounge", "data-to": "conservatory", x1: "100%", y1: "0", x2: "0", y2: "100%" })));
    // A place: its name in sr-only words where the eye does not need it,
    // so that a spoken name holds the visible one (a voice user says what
    // they see), then the tokens and weapons standing there.
    const place = (key: string, kind: "room" | "hallway" | "start", extra: string, ...head: (HTMLElement | null)[]): HTMLElement => {
      const here = Object.entries(view.tokens).filter(([, p]) => p === key).map(([s]) => s);
      const arms = kind === "room" ? Object.entries(view.weapons).filter(([, p]) => p === key).map(([w]) => w) : [];
      const can = moves.has(key);
      const cell = h(can ? "button" : "div", { class: `clue-cell ${kind}${extra}${can ? " can-move" : ""}`, "data-place": key },
        ...head,
        here.length ? h("span", { class: "sr-only" }, ": ") : null,
        here.length ? h("span", { class: "tokens" }, ...here.map((s, i) => [token(s, s === mine), i < here.length - 1 ? h("span", { class: "sr-only" }, ", ") : null]).flat()) : null,
        arms.length ? h("span", { class: "weapons" }, h("span", { class: "sr-only" }, "; "),
          ...arms.map((w, i) => h("span", { class: "clue-weapon", "data-weapon": w }, cardName(w), i < arms.length - 1 ? h("span", { class: "sr-only" }, ", ") : null))) : null,
        // A place to move to ends in "move here": shown in a room, only
        // spoken in a narrow hallway, where the highlight tells it.
        can ? h("span", { class: "move-cue" }, h("span", { class: "sr-only" }, ": "), "move here") : null);
      if (can) cell.addEventListener("click", () => send({ kind: "move", to: key }));
      return cell;
    };
    rooms.forEach((r, i) => {
      const [row, col] = roomAt(i);
      const pass = passages[r];
      at(place(r, "room", pass ? ` pass-${pass.corner}` : "",
        // "Conservatory" may break on a phone, where a hyphen shows it.
        h("strong", null, r === "conservatory" ? "Conserv\u00adatory" : cardName(r)),
        pass ? h("span", { class: `clue-passage corner-${pass.corner}`, "data-to": pass.to, title: `Secret passage to the ${cardName(pass.to)}` },
          h("span", { "aria-hidden": "true" }, "⇄"), h("span", { class: "sr-only" }, `. Secret passage to the ${cardName(pass.to)}`)) : null), row, col);
    });
    for (const [a, b] of hallways) {
      const [ra, ca] = roomAt(rooms.indexOf(a));
      const [rb, cb] = roomAt(rooms.indexOf(b));
      // Hallways along the outside wall run along it, so that a start
      // square on the ring touches the hallway of its first move.
      const edge = ra === rb ? (ra === 2 ? " edge-n" : ra === 6 ? " edge-s" : "") : (ca === 2 ? " edge-w" : ca === 6 ? " edge-e" : "");
      at(place(`${a}-${b}`, "hallway", (ra === rb ? " across" : " down") + edge, h("span", { class: "sr-only" }, placeName(`${a}-${b}`))), (ra + rb) / 2, (ca + cb) / 2);
    }
    for (const s of suspects) {
      const [row, col] = homeAt[s];
      const empty = view.tokens[s] !== `home-${s}`;
      at(place(`home-${s}`, "start", ` start-${s}`, h("span", { class: "sr-only" }, `${cardName(s)}'s start`),
        empty ? h("span", { class: "start-mark", "aria-hidden": "true" }, initials[s]) : null), row, col);
    }
    const wrap = h("div", { class: "clue-board-wrap" }, table, banner(view));
    const myHome = moves.size && view.tokens[mine]?.startsWith("home-");
    if (myHome) wrap.append(h("p", { class: "clue-homes muted" }, "Your first move goes into the hallway beside your start."));
    return wrap;
  }

  /** banner shows the latest suggestion at the table as it is answered:
   * who asked what, who passed, who is asked, who showed. Which card was
   * shown only the asker and the shower read (their view holds it). */
  function banner(view: ClueView): HTMLElement {
    const box = h("section", { class: "clue-banner", "aria-labelledby": "clue-banner-title" });
    const s = view.suggestions[view.suggestions.length - 1];
    if (!s) {
      box.append(h("h2", { id: "clue-banner-title", class: "sub" }, "Suggestion"), h("p", { class: "muted" }, "None yet: a detective suggests on entering a room."));
      return box;
    }
    const asker = view.players.find((p) => p.seat === s.seat)?.suspect ?? "";
    box.append(h("h2", { id: "clue-banner-title", class: "sub" }, "Suggestion"),
      // The pawn only for the eye: the words name the character.
      h("p", { class: "clue-banner-ask" }, asker ? h("span", { "aria-hidden": "true" }, token(asker, s.seat === view.seat)) : null,
        h("span", { class: "ask-words" }, `${who(s.seat)} suggests`)),
      cardList(null, [s.suspect, s.weapon, s.room]));
    const answers = h("ol", { class: "clue-banner-answers" });
    for (const p of s.passed) answers.append(h("li", { class: "passed" }, `${who(p)} passed`));
    const latest = !s.answered && view.phase === "disprove";
    if (latest && view.owes.length) answers.append(h("li", { class: "asked" }, view.owes[0] === view.seat ? "You must show a card" : `${who(view.owes[0])} is asked for a card`));
    if (s.answered && s.shownBy < 0) answers.append(h("li", { class: "clue-shown none" }, "Nobody could disprove it"));
    if (s.answered && s.shownBy >= 0) {
      let text = `${who(s.shownBy)} showed ${who(s.seat)} a card`;
      if (s.card && view.seat === s.seat) text = `${who(s.shownBy)} showed you ${theCard(s.card)}`;
      else if (s.card && view.seat === s.shownBy) text = `You showed ${who(s.seat)} ${theCard(s.card)}`;
      answers.append(h("li", { class: "clue-shown" }, text));
    }
    if (answers.childElementCount) box.append(answers);
    return box;
  }

  function actions(view: ClueView): HTMLElement {
    const box = h("div", { class: "clue-actions" });
    const me = mover();
    if (view.phase === "over" || me === null) return box;
    const suggestion = view.suggestions[view.suggestions.length - 1];
    if (view.phase === "disprove") {
      const named = [suggestion.suspect, suggestion.weapon, suggestion.room].filter((c) => view.hand.includes(c));
      box.append(h("p", null, `${who(suggestion.seat)} suggests ${cardName(suggestion.suspect)} with the ${cardName(suggestion.weapon)} in the ${cardName(suggestion.room)}. Show one card:`),
        ...named.map((c) => h("button", { class: "primary", "data-show": c, onclick: () => send({ kind: "show", card: c }) }, cardName(c))));
      return box;
    }
    if (view.mustSuggest || view.canStay) {
      const su = select("clue-suspect", "Suspect", suspects);
      const we = select("clue-weapon", "Weapon", weapons);
      box.append(h("div", { class: "clue-form" },
        h("span", null, view.canStay ? "Stay and suggest:" : "Suggest:"), su, we,
        h("span", null, `in the ${cardName(view.room ?? "")}`),
        h("button", { class: "primary", id: "clue-suggest", onclick: () => send({ kind: "suggest", suspect: su.value, weapon: we.value }) }, "Suggest")));
    }
    if (view.canEnd) {
      box.append(h("button", { id: "clue-end", onclick: () => send({ kind: "end" }) }, view.phase === "start" ? "You are blocked: end your turn" : "End turn"));
    }
    const as = select("clue-acc-suspect", "Accused suspect", suspects);
    const aw = select("clue-acc-weapon", "Accused weapon", weapons);
    const ar = select("clue-acc-room", "Accused room", rooms);
    const solved = view.notebook?.solved;
    if (solved && auto) {
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
          if (yes) send({ kind: "accuse", suspect, weapon, room });
        } }, "Accuse"))));
    return box;
  }

  function log(view: ClueView): HTMLElement {
    // A long list scrolls; a keyboard reaches it (tabindex), as the move log.
    const list = h("ol", { class: "clue-log", "aria-label": "Suggestions", tabindex: "0" });
    for (const s of view.suggestions) {
      let answer = "waiting for an answer";
      if (s.answered) answer = s.shownBy < 0 ? "nobody could answer" : `${who(s.shownBy)} showed ${s.card ? "the " + cardName(s.card) : "a card"}`;
      list.append(h("li", null, `${who(s.seat)}: ${cardName(s.suspect)}, ${cardName(s.weapon)}, ${cardName(s.room)}. `,
        s.passed.length ? `Passed: ${s.passed.map(who).join(", ")}. ` : "", answer + "."));
    }
    for (const a of view.accusations) {
      list.append(h("li", { class: a.correct ? "right" : "wrong" }, `${who(a.seat)} accused ${cardName(a.suspect)}, ${cardName(a.weapon)}, ${cardName(a.room)}: ${a.correct ? "right" : "wrong"}.`));
    }
    return list;
  }

  function notebook(view: ClueView): HTMLElement {
    const wrap = h("section", { class: "clue-notebook" });
    const toggle = h("input", { type: "checkbox", id: "clue-auto" }) as HTMLInputElement;
    toggle.checked = auto;
    toggle.addEventListener("change", () => {
      auto = toggle.checked;
      localStorage.setItem("parlor.clue.auto", auto ? "on" : "off");
      update();
    });
    wrap.append(h("h2", { class: "sub" }, "Notebook"), h("label", null, toggle, " Fill in what follows from the game"));
    const table = h("table", { class: "clue-notes" });
    const head = h("tr", null, h("th", null, "Card"), ...view.players.map((p) => h("th", { scope: "col" }, cardName(p.suspect).split(" ").pop() ?? "")), h("th", { scope: "col" }, "Case file"), h("th", { scope: "col" }, "My note"));
    table.append(h("thead", null, head));
    const body = h("tbody");
    for (const row of view.notebook?.cards ?? []) {
      const mine = own.get(row.card) ?? "";
      const note = h("button", { class: "note", "data-card": row.card, "aria-label": `My note on ${cardName(row.card)}: ${mine || "none"}` }, mine || "·");
      note.addEventListener("click", () => {
        const next = { "": "✗", "✗": "?", "?": "✓", "✓": "" }[mine] ?? "";
        if (next) own.set(row.card, next);
        else own.delete(row.card);
        localStorage.setItem(storeKey, JSON.stringify(Object.fromEntries(own)));
        update();
      });
      const cells = auto ? [...row.seats, row.caseFile].map((m) => h("td", { class: `mark-${m}` }, markText[m] ?? m)) : [...row.seats, row.caseFile].map(() => h("td", null, ""));
      body.append(h("tr", { class: row.faceUp ? "face-up" : "" }, h("th", { scope: "row" }, cardName(row.card) + (row.faceUp ? " (face up)" : "")), ...cells, h("td", null, note)));
    }
    table.append(body);
    wrap.append(table);
    if (auto && view.notebook?.solved) wrap.append(h("p", { class: "solved" }, `Solved: ${view.notebook.solved.map(cardName).join(", ")}. Accuse when it is your turn.`));
    return wrap;
  }

  function update(): void {
    const view = v();
    clear(el);
    clear(side);
    if (!view) return;
    el.append(board(view), actions(view));
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
    side.append(cards, h("h2", { class: "sub" }, "Suggestions"), log(view));
    if (view.notebook) side.append(notebook(view));
  }

  /** cardShown names the card of a move that showed one, for the two
   * seats it passed between alone (the server sends its "card" event to
   * them only), when this page holds just that seat: a screen shared by
   * several seats keeps its log on show to the next player. */
  function cardShown(push: Pick<MatchPush, "events">): string {
    if (ctx.replay || ctx.held.length !== 1) return "";
    const me = ctx.held[0];
    for (const e of push.events ?? []) {
      const d = e.data as { by?: number; to?: number; card?: string } | undefined;
      if (e.type === "card" && d?.card && (d.by === me || d.to === me)) return theCard(d.card);
    }
    return "";
  }

  return {
    el,
    side,
    update,
    events(_evs: GameEvent[], push: MatchPush) {
      // The game's own words (Go's Describe), and the card shown when this
      // page's seat was one of the two.
      if (!push.text) return;
      const detail = cardShown(push);
      announce(`${ctx.seatName(push.seat)} ${namedSeats(push.text, ctx.seatName)}${detail ? ": " + detail : ""}.`);
    },
    logDetail: cardShown,
    hint() {
      const view = v();
      if (!view || mover() === null) return "";
      if (view.phase === "disprove") return "show one of the named cards";
      if (view.mustSuggest) return "make a suggestion in this room";
      if (view.canStay) return "stay and suggest, or move";
      if (view.phase === "start") return view.moves.length ? "move: pick a highlighted place" : "you are blocked: end your turn or accuse";
      return "end your turn, or accuse";
    },
  };
}
