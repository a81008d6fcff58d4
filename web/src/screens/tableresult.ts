// The result of a finished match: who won and why, and what to do next
// (a rematch, a new game, the replay, quitting).
import { announce, clear, h } from "../dom";
import { namedSeats, scoreText } from "../matchevents";
import { answerRematch, quitTable } from "../rematch";
import { play as sound } from "../sound";
import { navigate } from "../state";
import { openCreateDialog } from "./create";
import type { Scene } from "./tablescene";

export interface ResultPanel {
  el: HTMLElement;
  render(): void;
  /** outcomeText says how the match ended, "" while it goes on. */
  outcomeText(): string;
  /** doRematch offers (or opens) a new match of the same table. */
  doRematch(): Promise<void>;
}

/** resultPanel makes the result; lesson is the analysis shown under the
 * board at the end, quitTo where Quit goes, rematchAt the table a rematch
 * opened ("" before one). */
export function resultPanel(sc: Scene, lesson: { el: HTMLElement; show(match: string, board: HTMLElement | null): void },
  quitTo: () => string, rematchAt: () => string): ResultPanel {
  const ctx = sc.ctx;
  const id = sc.id;
  const main = sc.main;
  const hotseat = sc.hotseat;
  const result = h("section", { class: "result", hidden: true, "aria-live": "polite", id: "result" });
  /** reason is the outcome's reason, seats named ("seat 0 sank…"). */
  function reason(o: { reason?: string }): string {
    return namedSeats(o.reason ?? "", ctx.seatName);
  }

  function outcomeText(): string {
    const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
    const o = st.outcome;
    if (!o) return "";
    const w = o.winners ?? [];
    const counted = scoreText(w, st.scores, ctx.seatName);
    const score = counted ? ` ${counted}` : "";
    if (w.length === 0) return `The game ended with no winner.${score}` + (o.reason ? ` (${reason(o)})` : "");
    // Several winners are a tie only when every seat shares the win; after
    // one of three resigns, the two others share it.
    if (w.length > 1 && w.length < (table?.seats.length ?? 0)) return `${w.map((s) => ctx.seatName(s)).join(" and ")} share the win.${score}` + (o.reason ? ` (${reason(o)})` : "");
    if (w.length > 1) return `It's a tie!${score}` + (o.reason ? ` (${reason(o)})` : "");
    const mine = held.includes(w[0]);
    if (!hotseat() && held.length === 1) return (mine ? "You won!" : `${ctx.seatName(w[0])} won.`) + score + (o.reason ? ` (${reason(o)})` : "");
    return `${ctx.seatLabel(w[0])} wins!${score}` + (o.reason ? ` (${reason(o)})` : "");
  }


  function renderResult(): void {
    const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
    if (!st.outcome) {
      result.hidden = true;
      lesson.el.hidden = true;
      return;
    }
    if (table?.match) lesson.show(table.match, sc.view()?.el ?? null);
    const wasHidden = result.hidden;
    result.hidden = false;
    clear(result);
    const w = st.outcome.winners ?? [];
    const iWon = w.length === 1 && held.includes(w[0]) && !hotseat();
    const iLost = w.length === 1 && held.length > 0 && !held.includes(w[0]) && !hotseat();
    result.className = "result" + (iWon ? " won" : iLost ? " lost" : "");
    const rematch = h("button", { class: "primary", id: "rematch" }, "Rematch");
    rematch.addEventListener("click", doRematch);
    const again = h("button", { id: "new-game" }, "New game");
    again.addEventListener("click", () => openCreateDialog({ game: table?.game, options: table?.options }));
    const quit = h("button", { id: "quit-result" }, "Quit");
    quit.addEventListener("click", () => { quitTable(id); navigate(quitTo()); });
    const join = rematchAt() ? h("a", { class: "button primary", href: "/t/" + rematchAt(), "data-nav": true, id: "join-rematch" }, "Join the rematch") : null;
    const heading = h("h2", { tabindex: "-1" }, outcomeText());
    result.append(heading,
      h("div", { class: "actions" }, join, held.length && !join ? rematch : null, again,
        table?.match ? h("a", { class: "button", href: "/replay/" + table.match, "data-nav": true }, "Watch replay") : null, quit));
    if (wasHidden) {
      announce("Game over. " + outcomeText());
      sound(iLost ? "lose" : "win");
      // A control that had the focus may be gone with the game (Resign,
      // the board's last free line): the focus goes to the result.
      const a = document.activeElement;
      if (!a || a === document.body || a === main) heading.focus();
    }
  }

  async function doRematch(): Promise<void> {
    // With other people at the table this is an offer (rematch.ts): the
    // panel of offers shows whom it waits for, and the new table opens
    // once everyone accepted; alone or at one screen it opens at once.
    await answerRematch(id, true);
  }


  return { el: result, render: renderResult, outcomeText, doRematch };
}
