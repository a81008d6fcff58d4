// Replays of finished matches: step through the moves with buttons, a
// slider or the arrow keys; the board is the game's own view, read-only.
import { api, type Replay, type Table } from "../api";
import { clear, h } from "../dom";
import { gameTitle } from "../state";
import { loadView } from "../games/load";
import type { GameView, MatchState, TableCtx } from "../games/types";
import { matchEventText } from "../matchevents";
import { voteLogText } from "../vote";
import { panels, type AnalysisPanel } from "../analysis/index";

/** endText is the last step's line: who won, why, and the score, as the
 * table's result says it. Whatever ended the match (the rules, a
 * resignation, a forfeit), the last step's views show what the game
 * reveals at its end, and its scores are the real ones. */
function endText(r: Replay, seatLabel: (i: number) => string, seatName: (i: number) => string, scores: number[] | null | undefined): string {
  const o = r.outcome;
  if (!o) return "";
  const w = o.winners ?? [];
  const who = w.length === 0 ? "Nobody won" : w.length === 1 ? `${seatLabel(w[0])} won` : `${w.map(seatLabel).join(" and ")} shared the win`;
  const why = (o.reason ?? "").replace(/\bseat (\d+)/g, (_, n: string) => seatName(Number(n)));
  const score = scores && scores.length ? ` Score ${scores.join("–")}.` : "";
  return ` Game over: ${who}${why ? ` (${why})` : ""}.${score}`;
}

export function replayScreen(main: HTMLElement, params: string[]): () => void {
  const matchId = params[0];
  const box = h("section", { class: "card wide replay" }, h("h1", null, "Replay"), h("p", { class: "muted" }, "Loading…"));
  main.append(box);
  let onKey: ((e: KeyboardEvent) => void) | null = null;

  api.replay(matchId).then(async (r: Replay) => {
    const game = r.log.game;
    const f = await loadView(game);
    const names = (r.seats ?? []).map((s) => (typeof s === "string" ? s : s.name));
    const steps = r.steps ?? [];
    let at = steps.length - 1;
    const st: MatchState = { seq: 0, turn: [], scores: null, outcome: null, views: {}, handover: null, clocks: null, takenOver: [] };
    const table: Table = { id: "", game, options: (r.log.options as Record<string, unknown>) ?? {}, status: "over", match: matchId,
      seats: names.map((n) => ({ kind: "human", name: n, connected: true })) };
    const ctx: TableCtx = {
      table, held: [], st, replay: true,
      mover: () => null,
      viewSeat: () => (st.views["-1"] !== undefined ? -1 : Number(Object.keys(st.views)[0] ?? -1)),
      view: () => st.views["-1"] ?? st.views["0"] ?? Object.values(st.views)[0] ?? null,
      seatName: (i) => names[i] ?? `Player ${i + 1}`,
      seatLabel: (i) => `Player ${i + 1} · ${names[i] ?? "?"}`,
      isBot: () => false,
      play: async () => false,
      error: () => undefined,
      info: () => undefined,
      refreshStatus: () => undefined,
    };
    const view: GameView | null = f ? f(ctx) : null;
    // The analysis comes after the replay, when the game has one: the
    // board is there at once, the lessons when the server has made them.
    let panel: AnalysisPanel | null = null;
    const panelBox = h("div", { class: "analysis", id: "replay-analysis" });
    const caption = h("p", { class: "status", "aria-live": "polite", id: "replay-caption" });
    const slider = h("input", { type: "range", min: 0, max: Math.max(0, steps.length - 1), value: at, "aria-label": "Move number", id: "replay-slider" });
    const btn = (label: string, aria: string, f: () => void) => {
      const b = h("button", { "aria-label": aria, title: aria }, label);
      b.addEventListener("click", f);
      return b;
    };
    const show = (i: number) => {
      at = Math.max(0, Math.min(steps.length - 1, i));
      const s = steps[at];
      if (!s) return;
      st.views = s.views ?? {};
      st.seq = s.seq;
      slider.value = String(at);
      view?.update();
      if (panel && view) panel.show(at, view.el);
      // Step 0 is the start position (no move); moves count from 1.
      const moves = steps.filter((x) => x.seat >= 0 || x.move).length;
      const n = steps.slice(0, at + 1).filter((x) => x.seat >= 0 || x.move).length;
      const decided = s.move ? "" : voteLogText(s, ctx.seatName) || matchEventText(s.events);
      caption.textContent = s.seat < 0 && !s.move
        ? `Start position (${moves} moves in all)`
        : decided
          ? `Step ${n} of ${moves}: ${ctx.seatLabel(s.seat)} ${decided}`
          : `Move ${n} of ${moves}: ${ctx.seatLabel(s.seat)} played ${s.text}`;
      if (at === steps.length - 1 && r.outcome) caption.textContent = caption.textContent.replace(/\.?$/, ".") + endText(r, ctx.seatLabel, ctx.seatName, s.scores);
    };
    const ctrl = h("div", { class: "controls replay-controls", role: "toolbar", "aria-label": "Replay controls" },
      btn("«", "First move", () => show(0)), btn("‹", "Previous move", () => show(at - 1)),
      btn("›", "Next move", () => show(at + 1)), btn("»", "Last move", () => show(steps.length - 1)), slider);
    slider.addEventListener("input", () => show(Number(slider.value)));
    onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement && e.target !== slider) return;
      if (e.key === "ArrowLeft" && e.target !== slider) show(at - 1);
      if (e.key === "ArrowRight" && e.target !== slider) show(at + 1);
    };
    document.addEventListener("keydown", onKey);
    clear(box);
    box.append(h("h1", null, `Replay: ${gameTitle(game)}`), h("p", { class: "muted" }, names.join(" vs ")), caption, ctrl,
      view ? view.el : h("p", null, "This game cannot be shown here."));
    box.append(panelBox);
    if (view?.side) box.append(view.side);
    if (steps.length === 0) caption.textContent = "This match has no moves.";
    else show(at);
    const make = panels[game];
    if (make && steps.length > 0) {
      panelBox.append(h("p", { class: "muted" }, "Studying the game…"));
      api.analysis(matchId).then((a) => {
        clear(panelBox);
        panel = make(a, r, ctx);
        panelBox.append(panel.el);
        if (view) panel.show(at, view.el);
      }).catch((x: Error) => {
        clear(panelBox);
        panelBox.append(h("p", { class: "muted" }, `No analysis: ${x.message}`));
      });
    }
  }).catch((x: Error) => {
    clear(box);
    box.append(h("h1", null, "Replay"), h("p", { class: "form-error" }, x.message));
  });
  return () => {
    if (onKey) document.removeEventListener("keydown", onKey);
  };
}
