// The create-table dialog, built from the options each game describes in
// /api/games, with a choice for every seat: me, open, or a bot with a level.
import type { GameInfo, OptionSpec, Table } from "../api";
import { clear, h, toast } from "../dom";
import { app, navigate } from "../state";
import { socket } from "../ws";
import { canPreview, previewPanel } from "../preview";
import { canShow, gameEntry } from "../games/load";
import { leaveField } from "./leavefield";
import { radioGroup, type RadioGroup } from "../radios";
import { askForNotices } from "../notify";

type SeatKind = "me" | "open" | "bot";
export interface CreatePreset { game?: string; mode?: "bot" | "hotseat" | "online"; options?: Record<string, unknown> }

function seatCount(g: GameInfo): number {
  return g.seats ?? 2;
}

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

/** atScreenLabel says how many play at one screen: "At this screen: 4
 * players". */
function atScreenLabel(b: HTMLElement, n: number): void {
  const strong = b.querySelector("strong");
  if (strong) strong.textContent = `At this screen: ${n} players`;
}

/** seatNameField is the name of the person playing seat i at one screen
 * (protocol v6), "Player i+1" unless typed. No maxlength: a name too
 * long is refused by the server with the reason, not cut while typing. */
function seatNameField(i: number, names: string[], shown: boolean): HTMLInputElement {
  const inp = h("input", {
    id: `seat-${i}-name`, class: "seat-name-input", "aria-label": `Name of player ${i + 1}`,
    value: names[i] ?? `Player ${i + 1}`, autocomplete: "off", hidden: !shown,
  });
  inp.addEventListener("input", () => { names[i] = inp.value; });
  return inp;
}

export function openCreateDialog(preset: CreatePreset = {}): void {
  const games = app.games.filter((g) => canShow(g.name));
  if (games.length === 0) {
    toast("The server offers no games right now.", "error");
    return;
  }
  const dlg = h("dialog", { class: "create", "aria-labelledby": "create-title" });
  const err = h("p", { class: "form-error", role: "alert" });
  const gameSel = radioGroup("create-game", "Game", games.map((g) => ({ value: g.name, label: g.title })), preset.game);
  const summary = h("p", { class: "muted small" });
  const optBox = h("div", { class: "options" });
  const preview = previewPanel("The start, as everyone at the table will see it");
  const seatBox = h("fieldset", { class: "seats" });
  const modeSel = h("div", { class: "modes", role: "radiogroup", "aria-label": "Who plays" });
  let readers: [string, () => unknown][] = [];
  let seatReaders: (() => Record<string, unknown>)[] = [];
  let mode = preset.mode ?? "bot";

  const modeBtn = (m: typeof mode, label: string, note: string) => {
    const b = h("button", { type: "button", role: "radio", class: "mode", id: "mode-" + m, "aria-checked": String(m === mode) },
      h("strong", null, label), h("small", null, note));
    b.addEventListener("click", () => {
      mode = m;
      modeSel.querySelectorAll("button").forEach((x) => x.setAttribute("aria-checked", String(x === b)));
      renderSeats();
    });
    return b;
  };
  const hotseatBtn = modeBtn("hotseat", "At this screen", "Pass and play");
  modeSel.append(
    modeBtn("bot", "Against the computer", "You and a bot"),
    hotseatBtn,
    modeBtn("online", "Online", "Invite someone"),
  );
  /** names keeps the names typed for seats at one screen across redraws
   * of the seat list (a change of game or of the number of players). */
  const names: string[] = [];

  const current = () => games.find((g) => g.name === gameSel.value) ?? games[0];

  /** seatTotal is the number of seats the players field asks for. */
  function seatTotal(): number {
    const players = optBox.querySelector<HTMLInputElement>("#opt-players") ?? optBox.querySelector<HTMLInputElement>("#opt-seats");
    return players && Number(players.value) >= 1 ? Math.max(Math.min(Number(players.value), Number(players.max) || 8), Number(players.min) || 1) : seatCount(current());
  }

  function renderSeats(): void {
    const g = current();
    clear(seatBox);
    seatReaders = [];
    seatBox.append(h("legend", null, "Seats"));
    const n = seatTotal();
    const levels = g.bots ?? [];
    const kinds: { kind: RadioGroup; level: RadioGroup; sync: () => void }[] = [];
    atScreenLabel(hotseatBtn, n);
    for (let i = 0; i < n; i++) {
      let kind: SeatKind = "me";
      if (mode === "bot" && i > 0) kind = levels.length ? "bot" : "open";
      if (mode === "online" && i > 0) kind = "open";
      const kindSel = radioGroup(`seat-${i}-kind`, `Player ${i + 1}`, [
        { value: "me", label: "Me" }, { value: "open", label: "Open seat" },
        ...(levels.length ? [{ value: "bot", label: "Computer" }] : [])], kind);
      const levelSel = radioGroup(`seat-${i}-level`, `Player ${i + 1}: the computer's level`,
        levels.map((l) => ({ value: l, label: l[0].toUpperCase() + l.slice(1) })), undefined, true);
      levelSel.el.classList.add("seat-level");
      const nameInp = seatNameField(i, names, mode === "hotseat");
      const sync = () => {
        levelSel.el.hidden = kindSel.value !== "bot";
        nameInp.hidden = mode !== "hotseat" || kindSel.value !== "me";
      };
      kindSel.el.addEventListener("change", sync);
      sync();
      kinds[i] = { kind: kindSel, level: levelSel, sync };
      seatBox.append(h("div", { class: "seat-row" }, kindSel.el, levelSel.el, nameInp));
      seatReaders.push(() => kindSel.value === "bot" ? { kind: "bot", level: levelSel.value }
        : kindSel.value === "me" && !nameInp.hidden ? { kind: "me", name: nameInp.value.trim() || `Player ${i + 1}` } : { kind: kindSel.value });
    }
    if (mode === "bot" && n === 2 && levels.length) {
      const swap = h("button", { type: "button", class: "link", id: "swap-seats" }, "Let the computer start");
      swap.addEventListener("click", () => {
        const [a, b] = kinds;
        [a.kind.value, b.kind.value] = [b.kind.value, a.kind.value];
        [a.level.value, b.level.value] = [b.level.value, a.level.value];
        a.sync();
        b.sync();
      });
      seatBox.append(swap);
    }
  }

  function renderOptions(): void {
    const g = current();
    summary.textContent = g.summary;
    clear(optBox);
    readers = [];
    // A game may draw its options its own way (a board size as one
    // choice, say).
    const own = gameEntry(g.name)?.optionsForm;
    if (own) {
      const piece = own(g, preset_opts(), optionField);
      optBox.append(...piece.els);
      readers.push(...piece.readers);
      return;
    }
    for (const o of g.options) {
      // A scenario is written by hand (tests, tutorials, puzzles), not
      // chosen in this dialog.
      if (o.kind === "scenario") continue;
      const f = optionField(o, preset_opts()[o.name]);
      optBox.append(f.el);
      readers.push([o.name, f.read]);
      // A game whose number of players is an option gets a seat row
      // for each, redrawn as the number is typed (not when the field
      // loses focus, which would move the dialog under the next click).
      // Seats already chosen stay as they are while the count does not
      // change (leaving the field, a digit typed on the way).
      const follow = () => { if (seatReaders.length !== seatTotal()) renderSeats(); };
      if (o.name === "players" || o.name === "seats") for (const ev of ["input", "change"]) f.el.querySelector("input")?.addEventListener(ev, follow);
    }
  }
  /** showPreview draws the chosen options' start, for games that have one. */
  function showPreview(): void {
    const g = current();
    preview.el.hidden = !(g.preview && canPreview(g.name));
    if (preview.el.hidden) return;
    const options: Record<string, unknown> = {};
    for (const [k, read] of readers) options[k] = read();
    preview.show(g.name, options);
  }
  optBox.addEventListener("change", showPreview);
  optBox.addEventListener("input", showPreview);
  const preset_opts = () => (preset.game === gameSel.value ? preset.options ?? {} : {});

  const leave = leaveField();
  gameSel.el.addEventListener("change", () => {
    leave.reset(current());
    renderOptions();
    renderSeats();
    showPreview();
  });
  const clockSel = radioGroup("create-clock", "Clock", [
    { value: "", label: "No clock" },
    { value: "m30", label: "30 seconds a move" },
    { value: "m60", label: "1 minute a move" },
    { value: "g300", label: "5 minutes a game" },
    { value: "g900", label: "15 minutes a game" },
    ...[1, 2, 3, 5, 7, 14].map((d) => ({ value: "m" + d * 86400, label: d === 1 ? "1 day a move" : `${d} days a move` }))], "");
  const clockHelp = h("small", { class: "help" }, "Who runs out of time loses.");
  clockSel.el.append(clockHelp);
  const clockField = h("div", { class: "field" }, clockSel.el);
  // A correspondence clock (a day or more a move) runs whether its player
  // is at the table or not: nobody waits for a player who left, so the
  // leaving policy only says what happens to a seat whose time runs out
  // among three or more.
  const clockChanged = () => {
    const corr = clockSel.value[0] === "m" && Number(clockSel.value.slice(1)) >= 86400;
    clockHelp.textContent = corr
      ? "A correspondence game: the clock runs while you are away, and who runs out of time loses (among three or more, the seat is handled as below)."
      : "Who runs out of time loses.";
  };
  clockSel.el.addEventListener("change", clockChanged);
  const create = h("button", { type: "submit", class: "primary", id: "create-submit" }, "Create table");
  const cancel = h("button", { type: "button", id: "create-cancel" }, "Cancel");
  cancel.addEventListener("click", () => dlg.close());
  const form = h("form", { method: "dialog" },
    h("h2", { id: "create-title" }, "New table"),
    h("div", { class: "field" }, gameSel.el), summary,
    modeSel, optBox, preview.el, seatBox, clockField, leave.el, err,
    h("div", { class: "actions" }, cancel, create));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const options: Record<string, unknown> = {};
    for (const [k, read] of readers) options[k] = read();
    const seats = seatReaders.map((r) => r());
    // Names are for seats played at one screen: with one seat of yours,
    // it is you, known by your own name.
    if (seats.filter((x) => x.kind === "me").length < 2) seats.forEach((x) => delete x.name);
    const req: Record<string, unknown> = { game: gameSel.value, options, seats };
    const c = clockSel.value;
    // A game across days is where a notice serves: ask, from this click,
    // whether this browser may show them (once per browser).
    if (c[0] === "m" && Number(c.slice(1)) >= 86400) void askForNotices();
    // A policy sent replaces the default as a whole: keep the game's
    // (the grace for a player who leaves, and what happens then) and add
    // the clock.
    const base = { ...(games.find((g) => g.name === gameSel.value)?.policy ?? {}), ...leave.read() };
    req.policy = base;
    if (c) req.policy = c[0] === "m" ? { ...base, moveClock: Number(c.slice(1)), onTimeout: "forfeit" } : { ...base, gameClock: Number(c.slice(1)), onTimeout: "forfeit" };
    create.disabled = true;
    try {
      const r = await socket.send<{ table: Table }>("table.create", req);
      dlg.close();
      navigate("/t/" + r.table.id);
    } catch (x) {
      err.textContent = (x as Error).message;
      create.disabled = false;
    }
  });
  dlg.append(form);
  dlg.addEventListener("close", () => dlg.remove());
  document.body.append(dlg);
  leave.reset(current());
  renderOptions();
  renderSeats();
  showPreview();
  dlg.showModal();
  gameSel.focus();
}
