// Clue-Less's mansion: the 3 x 3 rooms with walls, the hallways as
// corridors, the secret passages under the house, the six start squares
// around it, the places a move may go to, and the latest suggestion with
// its answers beside it.
import { h, svg } from "../../dom";
import { cardList, cardName, initials, placeName, rooms, suspects, theCard, token } from "./cards";
import { mover, send, who, type Clue, type ClueView } from "./state";

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

export function board(c: Clue, view: ClueView): HTMLElement {
  // A group of places, not an ARIA grid: the places are not rows of
  // cells, and a place to move to is a button.
  const table = h("div", { class: "clue-board", role: "group", "aria-label": "The mansion" });
  const moves = mover(c) === view.seat ? new Set(view.moves) : new Set<string>();
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
    if (can) cell.addEventListener("click", () => send(c, { kind: "move", to: key }));
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
  const wrap = h("div", { class: "clue-board-wrap" }, table, banner(c, view));
  const myHome = moves.size && view.tokens[mine]?.startsWith("home-");
  if (myHome) wrap.append(h("p", { class: "clue-homes muted" }, "Your first move goes into the hallway beside your start."));
  return wrap;
}

/** banner shows the latest suggestion at the table as it is answered:
 * who asked what, who passed, who is asked, who showed. Which card was
 * shown only the asker and the shower read (their view holds it). */
function banner(c: Clue, view: ClueView): HTMLElement {
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
      h("span", { class: "ask-words" }, `${who(c, s.seat)} suggests`)),
    cardList(null, [s.suspect, s.weapon, s.room]));
  const answers = h("ol", { class: "clue-banner-answers" });
  for (const p of s.passed) answers.append(h("li", { class: "passed" }, `${who(c, p)} passed`));
  const latest = !s.answered && view.phase === "disprove";
  if (latest && view.owes.length) answers.append(h("li", { class: "asked" }, view.owes[0] === view.seat ? "You must show a card" : `${who(c, view.owes[0])} is asked for a card`));
  if (s.answered && s.shownBy < 0) answers.append(h("li", { class: "clue-shown none" }, "Nobody could disprove it"));
  if (s.answered && s.shownBy >= 0) {
    let text = `${who(c, s.shownBy)} showed ${who(c, s.seat)} a card`;
    if (s.card && view.seat === s.seat) text = `${who(c, s.shownBy)} showed you ${theCard(s.card)}`;
    else if (s.card && view.seat === s.shownBy) text = `You showed ${who(c, s.seat)} ${theCard(s.card)}`;
    answers.append(h("li", { class: "clue-shown" }, text));
  }
  if (answers.childElementCount) box.append(answers);
  return box;
}
