// Replays of finished matches: step through the moves with buttons, a
// slider, the arrow keys, Home and End; the board is the game's own view,
// read-only. /replay/{match}?step=N opens at step N, and "Copy link"
// copies that address for the step shown.
import { mainControl, setTitle, skipLabel } from "../screenfocus";
import { api, type Replay, type Table } from "../api";
import { clear, h, toast } from "../dom";
import { gameTitle } from "../state";
import { loadView } from "../games/load";
import type { GameView, MatchState, TableCtx } from "../games/types";
import { matchEventText, namedSeats, scoreText } from "../matchevents";
import { voteLogText } from "../vote";
import { panelOf, type AnalysisPanel } from "../analysis/index";
import { GOTO } from "../analysis/goto";

/** endText is the last step's line: who won, why, and the score, as the
 * table's result says it. Whatever ended the match (the rules, a
 * resignation, a forfeit), the last step's views show what the game
 * reveals at its end, and its scores are the real ones. */
function endText(r: Replay, seatLabel: (i: number) => string, seatName: (i: number) => string, scores: number[] | null | undefined): string {
  const o = r.outcome;
  if (!o) return "";
  const w = o.winners ?? [];
  const who = w.length === 0 ? "Nobody won" : w.length === 1 ? `${seatLabel(w[0])} won` : `${w.map(seatLabel).join(" and ")} shared the win`;
  const why = namedSeats(o.reason ?? "", seatName);
  const counted = scoreText(w, scores, seatName);
  const score = counted ? ` Score ${counted}.` : "";
  return ` Game over: ${who}${why ? ` (${why})` : ""}.${score}`;
}

/** Shown is a replay on the page: its steps, the step shown, the board
 * and the analysis panel, and the controls that step through it. */
interface Shown {
  r: Replay;
  matchId: string;
  names: string[];
  steps: NonNullable<Replay["steps"]>;
  at: number;
  st: MatchState;
  ctx: TableCtx;
  view: GameView | null;
  panel: AnalysisPanel | null;
  panelBox: HTMLElement;
  caption: HTMLElement;
  slider: HTMLInputElement;
}

export function replayScreen(main: HTMLElement, params: string[]): () => void {
  const matchId = params[0];
  const box = h("section", { class: "card wide replay" }, h("h1", null, "Replay"), h("p", { class: "muted" }, "Loading…"));
  main.append(box);
  let onKey: ((e: KeyboardEvent) => void) | null = null;

  api.replay(matchId).then(async (r: Replay) => {
    const p = await open(r, matchId);
    onKey = (e: KeyboardEvent) => stepKey(p, e);
    document.addEventListener("keydown", onKey);
    page(p, box);
  }).catch((x: Error) => {
    clear(box);
    box.append(h("h1", null, "Replay"), h("p", { class: "form-error" }, x.message));
  });
  return () => {
    if (onKey) document.removeEventListener("keydown", onKey);
  };
}

/** open loads the game's board for the replay r and makes it read-only:
 * the steps' views stand for the table's. */
async function open(r: Replay, matchId: string): Promise<Shown> {
  const game = r.log.game;
  const f = await loadView(game);
  const names = (r.seats ?? []).map((s) => (typeof s === "string" ? s : s.name));
  const steps = r.steps ?? [];
  let at = steps.length - 1;
  const asked = new URLSearchParams(location.search).get("step");
  if (asked !== null && /^\d+$/.test(asked)) at = Math.min(Number(asked), steps.length - 1);
  const st: MatchState = { seq: 0, turn: [], scores: null, outcome: null, views: {}, handover: null, clocks: null, takenOver: [] };
  const table: Table = { id: "", game, options: (r.log.options as Record<string, unknown>) ?? {}, status: "over", match: matchId,
    seats: names.map((n) => ({ kind: "human", name: n, connected: true })) };
  const ctx: TableCtx = {
    table, held: [], st, replay: true,
    mover: () => null,
    viewSeat: () => (st.views["-1"] !== undefined ? -1 : Number(Object.keys(st.views)[0] ?? -1)),
    view: () => st.views["-1"] ?? st.views["0"] ?? Object.values(st.views)[0] ?? null,
    seatName: (i) => names[i] ?? `Player ${i + 1}`,
    seatLabel: (i) => names[i] ?? `Player ${i + 1}`,
    isBot: () => false,
    play: async () => false,
    error: () => undefined,
    info: () => undefined,
    refreshStatus: () => undefined,
  };
  const view: GameView | null = f ? f(ctx) : null;
  return {
    r, matchId, names, steps, at, st, ctx, view, panel: null,
    // The analysis comes after the replay, when the game has one: the
    // board is there at once, the lessons when the server has made them.
    panelBox: h("div", { class: "analysis", id: "replay-analysis" }),
    caption: h("p", { class: "status", "aria-live": "polite", id: "replay-caption" }),
    slider: h("input", { type: "range", min: 0, max: Math.max(0, steps.length - 1), value: at, "aria-label": "Move number", id: "replay-slider" }),
  };
}

/** page fills box with the replay: its title, caption, controls, board
 * and analysis. */
function page(p: Shown, box: HTMLElement): void {
  const { r, names, steps, slider, view, panelBox, caption } = p;
  const game = r.log.game;
  clear(box);
  setTitle(`Replay: ${gameTitle(game)}, ${names.join(" vs ")}`);
  slider.setAttribute(mainControl, "");
  slider.setAttribute(skipLabel, "Skip to the replay's steps");
  box.append(h("h1", null, `Replay: ${gameTitle(game)}`), h("p", { class: "muted" }, names.join(" vs ")), caption, controls(p),
    view ? view.el : h("p", null, "This game cannot be shown here."));
  box.append(panelBox);
  panelBox.addEventListener(GOTO, (e) => {
    show(p, (e as CustomEvent<number>).detail);
    slider.focus();
  });
  if (view?.side) box.append(view.side);
  if (steps.length === 0) caption.textContent = "This match has no moves.";
  else show(p, p.at);
  loadPanel(p);
}

/** loadPanel asks for the game's analysis, when it has one. */
function loadPanel(p: Shown): void {
  const make = panelOf(p.r.log.game);
  if (!make || p.steps.length === 0) return;
  const panelBox = p.panelBox;
  panelBox.append(h("p", { class: "muted" }, "Studying the game…"));
  Promise.all([api.analysis(p.matchId), make()]).then(([a, factory]) => {
    clear(panelBox);
    p.panel = factory(a, p.r, p.ctx);
    panelBox.append(p.panel.el);
    if (p.view) p.panel.show(p.at, p.view.el);
  }).catch((x: Error) => {
    clear(panelBox);
    panelBox.append(h("p", { class: "muted" }, `No analysis: ${x.message}`));
  });
}

/** controls are the buttons and slider that step through the replay. */
function controls(p: Shown): HTMLElement {
  const { steps, slider } = p;
  const btn = (label: string, aria: string, f: () => void, key = "") => {
    const b = h("button", { "aria-label": aria, title: key ? `${aria} (${key})` : aria, "aria-keyshortcuts": key || null }, label);
    b.addEventListener("click", f);
    return b;
  };
  const copy = btn("Copy link", "Copy link to this replay at the step shown", async (): Promise<void> => {
    const url = link(p, true);
    try {
      await navigator.clipboard.writeText(url);
      toast("Link copied: " + url);
    } catch {
      toast("Copy this link: " + url);
    }
  });
  copy.id = "replay-copy";
  copy.classList.add("small-btn");
  const ctrl = h("div", { class: "controls replay-controls", role: "toolbar", "aria-label": "Replay controls" },
    btn("«", "First move", () => show(p, 0), "Home"), btn("‹", "Previous move", () => show(p, p.at - 1), "ArrowLeft"),
    btn("›", "Next move", () => show(p, p.at + 1), "ArrowRight"), btn("»", "Last move", () => show(p, steps.length - 1), "End"), slider, copy);
  slider.addEventListener("input", () => show(p, Number(slider.value)));
  return ctrl;
}

/** stepKey steps with the arrow keys, Home and End. */
function stepKey(p: Shown, e: KeyboardEvent): void {
  const slider = p.slider;
  if (e.target instanceof HTMLInputElement && e.target !== slider) return;
  if (e.key === "ArrowLeft" && e.target !== slider) show(p, p.at - 1);
  if (e.key === "ArrowRight" && e.target !== slider) show(p, p.at + 1);
  if (e.key === "Home" && e.target !== slider) {
    e.preventDefault();
    show(p, 0);
  }
  if (e.key === "End" && e.target !== slider) {
    e.preventDefault();
    show(p, p.steps.length - 1);
  }
}

function show(p: Shown, i: number): void {
  const { steps, st, slider, view, ctx, caption, r } = p;
  p.at = Math.max(0, Math.min(steps.length - 1, i));
  const at = p.at;
  const s = steps[at];
  if (!s) return;
  st.views = s.views ?? {};
  st.seq = s.seq;
  slider.value = String(at);
  view?.update();
  if (p.panel && view) p.panel.show(at, view.el);
  // Step 0 is the start position (no move); moves count from 1.
  const moves = steps.filter((x) => x.seat >= 0 || x.move).length;
  const n = steps.slice(0, at + 1).filter((x) => x.seat >= 0 || x.move).length;
  const decided = s.move ? "" : voteLogText(s, ctx.seatName) || matchEventText(s.events);
  caption.textContent = s.seat < 0 && !s.move
    ? `Start position (${moves} moves in all)`
    : decided
      ? `Step ${n} of ${moves}: ${ctx.seatLabel(s.seat)} ${decided}`
      : `Move ${n} of ${moves}: ${ctx.seatLabel(s.seat)} ${namedSeats(s.text ?? "", ctx.seatName)}`;
  // The address follows the step, so a reload or a copied address
  // comes back to it.
  history.replaceState(history.state, "", link(p, false));
  if (at === steps.length - 1 && r.outcome) caption.textContent = caption.textContent.replace(/\.?$/, ".") + endText(r, ctx.seatLabel, ctx.seatName, s.scores);
}

/** link is the replay's address at the step shown (none at the end). */
function link(p: Shown, full: boolean): string {
  const path = "/replay/" + encodeURIComponent(p.matchId) + (p.at < p.steps.length - 1 ? `?step=${p.at}` : "");
  return full ? location.origin + path : path;
}
