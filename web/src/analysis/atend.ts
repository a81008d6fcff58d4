// The end of a live game as a lesson: once a match at a table is over,
// the game's analysis panel (the one the replay shows, from `panelOf`)
// is drawn under the board at the match's last step, with a link to the
// replay; a step the panel names ("from move 42") opens the replay at
// that step. It stands below the board, so that nothing above the board
// moves when it arrives, on a phone least of all.
import { api, HttpError, type Replay } from "../api";
import { clear, h } from "../dom";
import { navigate } from "../state";
import type { TableCtx } from "../games/types";
import { panelOf, type AnalysisFactory } from "./index";
import { GOTO } from "./goto";

/** EndLesson is the table screen's part below the board. */
export interface EndLesson {
  el: HTMLElement;
  /** show asks for match's analysis once, when the game has a panel;
   * board is the table's board element, for marks a panel draws on it. */
  show(match: string, board: HTMLElement | null): void;
  destroy(): void;
}

/** A match just over may not be stored as finished yet when the result
 * arrives: the server answers 409 until it is, so the ask is repeated a
 * few times, a little later each time. */
const tries = 6;

export function endLesson(ctx: TableCtx): EndLesson {
  const el = h("section", { class: "end-lesson", id: "end-lesson", hidden: true, "aria-labelledby": "end-lesson-h" });
  let shown = "";
  let gone = false;
  let timer = 0;
  // A step the panel names opens the replay there.
  el.addEventListener(GOTO, (e) => {
    if (shown) navigate(`/replay/${encodeURIComponent(shown)}?step=${(e as CustomEvent<number>).detail}`);
  });

  async function fetchAll(match: string, make: () => Promise<AnalysisFactory>): Promise<[Replay, unknown, AnalysisFactory]> {
    for (let k = 1; ; k++) {
      try {
        return await Promise.all([api.replay(match), api.analysis(match), make()]);
      } catch (x) {
        if (!(x instanceof HttpError) || x.status !== 409 || k >= tries) throw x;
        await new Promise((done) => { timer = window.setTimeout(done, 400 * k); });
        if (gone) throw x;
      }
    }
  }

  return {
    el,
    show(match: string, board: HTMLElement | null): void {
      const make = panelOf(ctx.table.game);
      if (!make || !match || shown === match) return;
      shown = match;
      clear(el);
      el.hidden = false;
      const body = h("div", { class: "end-lesson-body", id: "end-lesson-body" }, h("p", { class: "muted" }, "Studying the game…"));
      const open = h("a", { class: "button", href: `/replay/${encodeURIComponent(match)}`, "data-nav": true, id: "open-replay" }, "Open the replay");
      el.append(h("h2", { id: "end-lesson-h" }, "What the game teaches"),
        h("p", { class: "end-lesson-open" }, open, " to step through every move, with the analysis at each."),
        body);
      fetchAll(match, make).then(([r, a, factory]) => {
        if (gone || shown !== match) return;
        clear(body);
        const steps = r.steps ?? [];
        const panel = factory(a, r, ctx);
        body.append(panel.el);
        // The last step is the position the table shows now.
        if (steps.length > 0) panel.show(steps.length - 1, board ?? h("div"));
      }).catch((x: Error) => {
        if (gone) return;
        clear(body);
        body.append(h("p", { class: "muted" }, `No analysis: ${x.message}`));
      });
    },
    destroy(): void {
      gone = true;
      clearTimeout(timer);
    },
  };
}
