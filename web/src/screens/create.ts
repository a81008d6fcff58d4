// The create-table dialog, built from the options each game describes in
// /api/games, with a choice for every seat: me, open, or a bot with a level.
// This file makes the dialog and sends it; its state is createform.ts, its
// options createoptions.ts, its seats createseats.ts.
import type { Table } from "../api";
import { h, toast } from "../dom";
import { navigate, app } from "../state";
import { socket } from "../ws";
import { previewPanel } from "../preview";
import { canShow } from "../games/load";
import { leaveField } from "./leavefield";
import { radioGroup, type RadioGroup } from "../radios";
import { askForNotices } from "../notify";
import { current, type CreateForm, type CreatePreset } from "./createform";
import { readOptions, renderOptions, showPreview } from "./createoptions";
import { modeButtons, renderSeats } from "./createseats";

export type { CreatePreset } from "./createform";
export { optionField } from "./createoptions";

export function openCreateDialog(preset: CreatePreset = {}): void {
  const games = app.games.filter((g) => canShow(g.name));
  if (games.length === 0) {
    toast("The server offers no games right now.", "error");
    return;
  }
  const dlg = h("dialog", { class: "create", "aria-labelledby": "create-title" });
  const err = h("p", { class: "form-error", role: "alert" });
  const f: CreateForm = {
    games, preset,
    gameSel: radioGroup("create-game", "Game", games.map((g) => ({ value: g.name, label: g.title })), preset.game),
    summary: h("p", { class: "muted small" }),
    optBox: h("div", { class: "options" }),
    preview: previewPanel("The start, as everyone at the table will see it"),
    seatBox: h("fieldset", { class: "seats" }),
    modeSel: h("div", { class: "modes", role: "radiogroup", "aria-label": "Who plays" }),
    hotseatBtn: h("span"),
    readers: [], seatReaders: [], mode: preset.mode ?? "bot", names: [],
  };
  modeButtons(f);
  f.optBox.addEventListener("change", () => showPreview(f));
  f.optBox.addEventListener("input", () => showPreview(f));

  const leave = leaveField();
  f.gameSel.el.addEventListener("change", () => {
    leave.reset(current(f));
    renderOptions(f);
    renderSeats(f);
    showPreview(f);
  });
  const clockSel = clockGroup();
  const create = h("button", { type: "submit", class: "primary", id: "create-submit" }, "Create table");
  const cancel = h("button", { type: "button", id: "create-cancel" }, "Cancel");
  cancel.addEventListener("click", () => dlg.close());
  const form = h("form", { method: "dialog" },
    h("h2", { id: "create-title" }, "New table"),
    h("div", { class: "field" }, f.gameSel.el), f.summary,
    f.modeSel, f.optBox, f.preview.el, f.seatBox, h("div", { class: "field" }, clockSel.el), leave.el, err,
    h("div", { class: "actions" }, cancel, create));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const req = request(f, clockSel.value, leave.read());
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
  leave.reset(current(f));
  renderOptions(f);
  renderSeats(f);
  showPreview(f);
  dlg.showModal();
  f.gameSel.focus();
}

/** clockGroup is the choice of clock, with its help. */
function clockGroup(): RadioGroup {
  const clockSel = radioGroup("create-clock", "Clock", [
    { value: "", label: "No clock" },
    { value: "m30", label: "30 seconds a move" },
    { value: "m60", label: "1 minute a move" },
    { value: "g300", label: "5 minutes a game" },
    { value: "g900", label: "15 minutes a game" },
    ...[1, 2, 3, 5, 7, 14].map((d) => ({ value: "m" + d * 86400, label: d === 1 ? "1 day a move" : `${d} days a move` }))], "");
  const clockHelp = h("small", { class: "help" }, "Who runs out of time loses.");
  clockSel.el.append(clockHelp);
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
  return clockSel;
}

/** request is the table.create request the form asks for, with the clock
 * c and the leaving policy chosen. */
function request(f: CreateForm, c: string, leave: Record<string, unknown>): Record<string, unknown> {
  const options = readOptions(f);
  const seats = f.seatReaders.map((r) => r());
  // Names are for seats played at one screen: with one seat of yours,
  // it is you, known by your own name.
  if (seats.filter((x) => x.kind === "me").length < 2) seats.forEach((x) => delete x.name);
  const req: Record<string, unknown> = { game: f.gameSel.value, options, seats };
  // A game across days is where a notice serves: ask, from this click,
  // whether this browser may show them (once per browser).
  if (c[0] === "m" && Number(c.slice(1)) >= 86400) void askForNotices();
  // A policy sent replaces the default as a whole: keep the game's
  // (the grace for a player who leaves, and what happens then) and add
  // the clock.
  const base = { ...(f.games.find((g) => g.name === f.gameSel.value)?.policy ?? {}), ...leave };
  req.policy = base;
  if (c) req.policy = c[0] === "m" ? { ...base, moveClock: Number(c.slice(1)), onTimeout: "forfeit" } : { ...base, gameClock: Number(c.slice(1)), onTimeout: "forfeit" };
  return req;
}
