// The create-table dialog's options: a field for each option a game
// describes (a switch, a choice, a number, a seat, a seed, a limit that may
// be off), drawn for the game chosen, and the preview of the start they give.
import type { OptionSpec } from "../api";
import { clear, h } from "../dom";
import { canPreview } from "../preview";
import { gameEntry } from "../games/load";
import { radioGroup } from "../radios";
import { current, presetOptions, type CreateForm } from "./createform";
import { renderSeats, seatTotal } from "./createseats";

/** seatChoiceOptions are the options whose value is a seat (who moves
 * "first"), which the form numbers from 1 as it does the seats. */
const seatChoiceOptions = ["first"];

export function optionField(o: OptionSpec, value: unknown): { el: HTMLElement; read: () => unknown } {
  const id = "opt-" + o.name;
  const help = o.help ? h("small", { class: "help" }, o.help) : null;
  if (o.kind === "bool") {
    const cb = h("input", { type: "checkbox", id, checked: Boolean(value ?? o.default) });
    return { el: h("div", { class: "field check" }, cb, h("label", { for: id }, o.label), help), read: () => cb.checked };
  }
  if (o.kind === "choice") {
    const group = radioGroup(id, o.label, (o.choices ?? []).map((c) => ({ value: c, label: c })), String(value ?? o.default));
    if (help) group.el.append(help);
    return { el: h("div", { class: "field" }, group.el), read: () => group.value };
  }
  if (o.kind === "int" && o.off && (o.min ?? 0) <= 0) return limitField(o, value);
  if (o.kind === "int" && seatChoiceOptions.includes(o.name)) {
    // A seat, counted from 0 by the game, shown as the seat rows name
    // it: from Player 1.
    const seats = Array.from({ length: (o.max ?? 1) - (o.min ?? 0) + 1 }, (_, k) => (o.min ?? 0) + k);
    const group = radioGroup(id, o.label, seats.map((n) => ({ value: String(n), label: `Player ${n + 1}` })), String(value ?? o.default));
    if (help) group.el.append(help);
    return { el: h("div", { class: "field" }, group.el), read: () => Number(group.value) };
  }
  if (o.name === "seed" && o.default === 0) {
    // A seed fixes the setup so that the table sees it before the start
    // (the preview): the dialog offers a fresh one rather than 0, which
    // leaves the setup to the match and so shows nothing beforehand.
    const fresh = () => String(1 + Math.floor(Math.random() * ((o.max || 2147483647) - 1)));
    const inp = h("input", { type: "number", id, min: o.min ?? null, max: o.max ?? null, step: 1, value: value === undefined ? fresh() : String(value), required: true });
    const again = h("button", { type: "button", id: id + "-new", title: "Draw another seed" }, "Another");
    again.addEventListener("click", () => {
      inp.value = fresh();
      inp.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return {
      el: h("div", { class: "field" }, h("label", { for: id }, o.label), h("div", { class: "row seed-row" }, inp, again), help),
      read: () => Number(inp.value),
    };
  }
  const inp = h("input", { type: "number", id, min: o.min ?? null, max: o.max ?? null, step: 1, value: String(value ?? o.default), required: true });
  return {
    el: h("div", { class: "field" }, h("label", { for: id }, o.label), inp, help),
    read: () => Number(inp.value),
  };
}

/** limitField is a number whose 0 switches the option off (a house
 * limit): a choice between the option off, named in the game's words
 * ("none"), and on with a number, so that nobody reads "0" and wonders
 * whether the game ends at once. */
function limitField(o: OptionSpec, value: unknown): { el: HTMLElement; read: () => unknown } {
  const id = "opt-" + o.name;
  const start = Number(value ?? o.default) || 0;
  const onOff = radioGroup(id + "-on", o.label, [{ value: "off", label: o.off ?? "none" }, { value: "on", label: "a limit of" }], start > 0 ? "on" : "off");
  const inp = h("input", { type: "number", id, min: Math.max(1, o.min ?? 1), max: o.max ?? null, step: 1, value: String(start > 0 ? start : 100),
    "aria-label": o.label });
  const sync = () => { inp.disabled = onOff.value !== "on"; };
  onOff.el.addEventListener("change", () => {
    sync();
    if (!inp.disabled) inp.focus();
  });
  sync();
  onOff.el.querySelector(".segments")?.append(inp);
  if (o.help) onOff.el.append(h("small", { class: "help" }, o.help));
  return { el: h("div", { class: "field" }, onOff.el), read: () => (onOff.value === "on" ? Number(inp.value) : 0) };
}

export function renderOptions(f: CreateForm): void {
  const g = current(f);
  f.summary.textContent = g.summary;
  clear(f.optBox);
  f.readers = [];
  // A game may draw its options its own way (a board size as one
  // choice, say).
  const own = gameEntry(g.name)?.optionsForm;
  if (own) {
    const piece = own(g, presetOptions(f), optionField);
    f.optBox.append(...piece.els);
    f.readers.push(...piece.readers);
    return;
  }
  for (const o of g.options) {
    // A scenario is written by hand (tests, tutorials, puzzles), not
    // chosen in this dialog.
    if (o.kind === "scenario") continue;
    const field = optionField(o, presetOptions(f)[o.name]);
    f.optBox.append(field.el);
    f.readers.push([o.name, field.read]);
    // A game whose number of players is an option gets a seat row
    // for each, redrawn as the number is typed (not when the field
    // loses focus, which would move the dialog under the next click).
    // Seats already chosen stay as they are while the count does not
    // change (leaving the field, a digit typed on the way).
    const follow = () => { if (f.seatReaders.length !== seatTotal(f)) renderSeats(f); };
    if (o.name === "players" || o.name === "seats") for (const ev of ["input", "change"]) field.el.querySelector("input")?.addEventListener(ev, follow);
  }
}

/** readOptions are the options as chosen. */
export function readOptions(f: CreateForm): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [k, read] of f.readers) options[k] = read();
  return options;
}

/** showPreview draws the chosen options' start, for games that have one. */
export function showPreview(f: CreateForm): void {
  const g = current(f);
  f.preview.el.hidden = !(g.preview && canPreview(g.name));
  if (f.preview.el.hidden) return;
  f.preview.show(g.name, readOptions(f));
}
