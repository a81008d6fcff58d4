// Clue-Less's cards in words and pictures: the suspects, weapons and rooms,
// their names, the places' names, a suspect's pawn and a row of cards.
import { h } from "../../dom";

export const suspects = ["scarlet", "mustard", "white", "green", "peacock", "plum"];
export const weapons = ["candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench"];
export const rooms = ["study", "hall", "lounge", "library", "billiard-room", "dining-room", "conservatory", "ballroom", "kitchen"];

const names: Record<string, string> = {
  scarlet: "Miss Scarlet", mustard: "Colonel Mustard", white: "Mrs. White", green: "Mr. Green", peacock: "Mrs. Peacock", plum: "Professor Plum",
  candlestick: "Candlestick", knife: "Knife", "lead-pipe": "Lead Pipe", revolver: "Revolver", rope: "Rope", wrench: "Wrench",
  study: "Study", hall: "Hall", lounge: "Lounge", library: "Library", "billiard-room": "Billiard Room", "dining-room": "Dining Room",
  conservatory: "Conservatory", ballroom: "Ballroom", kitchen: "Kitchen",
};

export function cardName(k: string): string {
  return names[k] ?? k;
}

export function placeName(p: string): string {
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

// Tokens carry their suspect's initials as well as colour, so that
// colour is never the only tell.
export const initials: Record<string, string> = { scarlet: "MS", mustard: "CM", white: "MW", green: "MG", peacock: "MP", plum: "PP" };

type Kind = "suspect" | "weapon" | "room";
const kindOf = (c: string): Kind => (suspects.includes(c) ? "suspect" : weapons.includes(c) ? "weapon" : "room");

/** theCard names a card after a verb: a suspect is a person ("Miss
 * Scarlet"), a weapon or a room a thing ("the Rope"). */
export const theCard = (c: string): string => (kindOf(c) === "suspect" ? "" : "the ") + cardName(c);

/** token draws a suspect's pawn: a disc in the character's colour with
 * the initials, its name for screen readers and as a tooltip. */
export function token(s: string, mine: boolean): HTMLElement {
  return h("span", { class: `token token-${s}${mine ? " mine" : ""}`, "data-suspect": s, title: cardName(s) + (mine ? " (you)" : "") },
    h("span", { "aria-hidden": "true" }, initials[s] ?? s), h("span", { class: "sr-only" }, cardName(s) + (mine ? " (you)" : "")));
}

/** cardList draws cards as small cards coloured by kind, in a list whose
 * text reads as the names joined by commas. */
export function cardList(id: string | null, cards: string[]): HTMLElement {
  return h("ul", { class: "clue-hand", id },
    ...cards.map((c, i) => h("li", { class: `clue-card kind-${kindOf(c)}`, "data-card": c },
      h("span", { class: "card-name" }, cardName(c)), i < cards.length - 1 ? h("span", { class: "sr-only" }, ", ") : null)));
}
