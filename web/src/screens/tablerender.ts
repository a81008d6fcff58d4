// Drawing the table screen from its state: every part after a change, the
// page's title, the table before its start, the preview of the start, and
// the focus placed on the board once the screen shows.
import { h } from "../dom";
import { canPreview } from "../preview";
import { focusMain, setTitle } from "../screenfocus";
import { app, gameTitle } from "../state";
import { optionsText } from "./lobby";
import type { TableScreen } from "./tablescene";

/** renderAll draws every part from the state. */
export function renderAll(t: TableScreen): void {
  const p = t.parts;
  p.away.render();
  const table = t.table;
  if (!table || t.destroyed) return;
  p.screen.dataset.match = table.match || "";
  p.title.textContent = gameTitle(table.game) + (optionsText(table) ? ` · ${optionsText(table)}` : "");
  p.seats.render();
  t.view?.update();
  p.status.render();
  renderPreview(t);
  renderPrestart(t);
  p.result.render();
  p.controls.renderCover();
  p.controls.render();
  p.reclaim.render();
  p.vote.update();
  t.tutorial?.update();
  renderTitle(t);
  placeFirstFocus(t);
  t.chat?.update();
}

/** renderTitle names the table in the page's title: the game and the
 * others at it ("Checkers vs Bob", were there such a game), every player
 * for one who watches or plays every seat, and "Your move" first while the
 * game waits on the player. */
function renderTitle(t: TableScreen): void {
  const { table, held, st, ctx } = t;
  if (!table) return;
  const game = gameTitle(table.game);
  const others = table.seats.map((_, i) => i).filter((i) => !held.includes(i)).map((i) => ctx.seatName(i));
  let what = game;
  if (held.length === 0) what += ": " + table.seats.map((_, i) => ctx.seatName(i)).join(" vs ");
  else if (others.length > 0) what += " vs " + others.join(", ");
  else what += " at one screen";
  if (st.outcome) what += " (over)";
  else if (table.status === "open") what += " (waiting for players)";
  setTitle(what, ctx.mover() !== null);
}

/** placeFirstFocus moves the focus to the board once, when the table
 * first shows it on the player's move, if the focus is still where the
 * screen's opening left it (the heading, or nowhere). */
export function placeFirstFocus(t: TableScreen): void {
  const { table, st } = t;
  // Nothing takes the focus in a screen not shown yet (see arrived).
  if (t.focusPlaced || !t.view || !table || t.parts.screen.classList.contains("arriving")) return;
  // A match in play whose state has not come yet does not say whose
  // move it is.
  if (table.status === "playing" && st.turn.length === 0 && !st.outcome) return;
  t.focusPlaced = true;
  const a = document.activeElement;
  const untouched = !a || a === document.body || a === t.main || a === t.parts.title;
  if (untouched && t.ctx.mover() !== null) focusMain(t.main);
}

/** arrived shows the screen once its first reply is drawn, after the
 * frame in which a board may size itself to the space it has. */
export function arrived(t: TableScreen): void {
  const { screen, joining } = t.parts;
  if (!screen.classList.contains("arriving")) return;
  requestAnimationFrame(() => {
    joining.remove();
    screen.classList.remove("arriving");
    placeFirstFocus(t);
  });
}

/** renderPrestart shows, while the table waits for its start, who is
 * seated (the status line says what is awaited), and keeps the game's
 * board and its own panels out of sight until there is a game to show in
 * them. */
function renderPrestart(t: TableScreen): void {
  const { table, held, ctx } = t;
  const { prestart, sideExtra, log } = t.parts;
  const open = table?.status === "open";
  prestart.hidden = !open;
  if (t.view) t.view.el.hidden = open;
  sideExtra.hidden = open;
  log.renderEmpty();
  if (!open || !table) return;
  const seated = table.seats.map((s, i) => {
    const who = s.kind === "open" ? "a free seat" : s.kind === "bot" ? ctx.seatName(i) : ctx.seatName(i) + (held.includes(i) ? " (you)" : "");
    return h("li", { "data-seat": i, class: s.kind === "open" ? "free" : "" }, h("strong", null, `Player ${i + 1}: `), who);
  });
  // What the table waits for is the status line's, just above.
  prestart.replaceChildren(
    h("h2", { id: "prestart-title" }, "The game has not started yet"),
    h("ul", { class: "prestart-seats", "aria-label": "Who is seated" }, ...seated));
}

/** renderPreview shows, before the start, the start the people sitting
 * agree to. */
function renderPreview(t: TableScreen): void {
  const table = t.table;
  const startPreview = t.parts.startPreview;
  const g = app.games.find((x) => x.name === table?.game);
  // A scenario is the start itself, written by hand, and its content is
  // shown to its writer only: there is nothing to preview.
  const scenario = g?.options.some((o) => o.kind === "scenario" && table?.options?.[o.name] != null);
  startPreview.el.hidden = !(table?.status === "open" && g?.preview && canPreview(g.name) && !scenario);
  if (table && !startPreview.el.hidden) startPreview.show(table.game, table.options ?? {});
}
