// The Dots and Boxes review in the replay: what the shown move cost
// against best play (exact from the solver, or the expert's estimate on a
// board too big to solve), the best move marked on the board, the costly
// moves to jump to, the turning point, and a button that opens the shown
// position as a new game against the expert bot.
import type { Replay, Table } from "../../api";
import { clear, h, svg, toast } from "../../dom";
import { navigate } from "../../state";
import { socket } from "../../ws";
import type { TableCtx } from "../types";
import { dotName } from "./state";
import type { AnalysisPanel } from "../../analysis/index";
import { gotoStep } from "../../analysis/goto";

type Dot = [number, number];
interface Line { from: Dot; to: Dot }
/** Review is one move's verdict, as games/dots/review.go sends it. */
interface Review {
  step: number; number: number; seat: number; played: string; line: Line;
  best?: Line; bestText?: string; cost: number; source: "solver" | "expert"; value?: number;
}
interface DotsAnalysis { moves: Review[]; turningPoint: { step: number; number: number; text: string } | null }

const boxes = (n: number) => (n === 1 ? "1 box" : `${n} boxes`);

/** withName puts the player's name in the analysis's sentence, which
 * names seats by number since the game knows no names ("Move 6 (Player
 * 2, a1-a2) gave away…"). */
function withName(text: string, ctx: TableCtx): string {
  return text.replace(/^Move (\d+) \(Player (\d+), /, (_, m: string, s: string) => `Move ${m} (${ctx.seatName(Number(s) - 1)}, `);
}

/** mark draws the best line of the shown move on the board. */
function mark(board: HTMLElement, best: Line | undefined): void {
  board.querySelectorAll(".best-mark").forEach((x) => x.remove());
  const root = board.querySelector("svg.dots-svg");
  if (!best || !root) return;
  const name = `${dotName(best.from)}-${dotName(best.to)}`;
  const ln = board.querySelector(`.slot[data-line="${name}"] line.ln`);
  if (!ln) return;
  const at = (k: string) => ln.getAttribute(k) ?? "0";
  root.append(svg("line", { class: "best-mark", "data-best": name, x1: at("x1"), y1: at("y1"), x2: at("x2"), y2: at("y2") },
    svg("title", null, `Best move: ${name}`)));
}

export function dotsPanel(a: unknown, r: Replay, ctx: TableCtx): AnalysisPanel {
  const an = a as DotsAnalysis;
  const moves = an.moves ?? [];
  const byStep = new Map(moves.map((m) => [m.step, m]));
  let at = 0;

  const now = h("p", { id: "dots-review", class: "review-now", "aria-live": "polite" });
  const source = h("p", { class: "small muted", id: "dots-review-source" });
  const turning = an.turningPoint
    ? h("p", { class: "turning", id: "dots-turning" }, h("strong", null, "Turning point: "),
      h("button", { class: "link", id: "dots-turning-go", onclick: () => gotoStep(el, an.turningPoint!.step) }, withName(an.turningPoint.text, ctx)))
    : h("p", { class: "turning muted", id: "dots-turning" }, "No move gave anything away.");
  const costly = moves.filter((m) => m.cost > 0);
  const items = new Map<number, HTMLElement>();
  const list = h("ol", { class: "costly-moves", id: "dots-costly", "aria-label": "Costly moves" },
    costly.map((m) => {
      const b = h("button", { class: "costly", "data-step": m.step, onclick: () => gotoStep(el, m.step) },
        `Move ${m.number} · ${ctx.seatName(m.seat)} · ${m.played}: −${boxes(m.cost)}${m.source === "expert" ? " (est.)" : ""}`);
      items.set(m.step, b);
      return h("li", null, b);
    }));
  const playOn = h("button", { id: "dots-play-on", class: "primary" }, "Play on from here");
  playOn.addEventListener("click", async () => {
    playOn.disabled = true;
    try {
      const rep = await socket.send<{ table: Table }>("replay.play", { match: ctx.table.match, step: at });
      navigate("/t/" + rep.table.id);
    } catch (x) {
      toast((x as Error).message, "error");
      playOn.disabled = false;
    }
  });
  const el = h("section", { class: "analysis-panel dots-analysis", "aria-label": "What each move cost" },
    h("h2", null, "Lessons"), turning, now, source,
    costly.length ? h("h3", null, "Costly moves") : null, costly.length ? list : null,
    h("div", { class: "controls" }, playOn,
      h("span", { class: "small muted" }, "against the expert bot, from the position shown")));

  function show(i: number, board: HTMLElement): void {
    at = i;
    const m = byStep.get(i);
    clear(now);
    clear(source);
    for (const [s, b] of items) b.setAttribute("aria-current", String(s === i));
    if (!m) {
      now.append(i === 0 ? "The start position. Step through the moves to see what each one cost." : "No move at this step.");
      mark(board, undefined);
    } else {
      const who = ctx.seatLabel(m.seat);
      if (m.cost > 0) {
        now.classList.add("costly-now");
        now.append(h("strong", null, `Move ${m.number} gave away ${boxes(m.cost)}. `),
          `${who} drew ${m.played}`, m.bestText ? `; ${m.bestText} was best (marked in green).` : ".");
      } else {
        now.classList.remove("costly-now");
        now.append(h("strong", null, `Move ${m.number}: a best move. `), `${who} drew ${m.played}; it gave nothing away.`);
      }
      source.append(m.source === "solver"
        ? `Exact, from the solver${m.value !== undefined ? `: before this move, best play was worth ${m.value > 0 ? "+" : ""}${m.value} in the boxes left to ${ctx.seatName(m.seat)}` : ""}.`
        : "The expert's estimate: this position has too many lines left to solve exactly.");
      if (m.cost <= 0) now.classList.remove("costly-now");
      mark(board, m.cost > 0 ? m.best : undefined);
    }
    // A position can be played on until every box is owned, also where
    // a player resigned.
    const v = r.steps?.[i]?.views?.["-1"] as { boxes?: number[][] } | undefined;
    playOn.disabled = !!v?.boxes?.every((row) => row.every((o) => o >= 0));
  }

  return { el, show };
}
