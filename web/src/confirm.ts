// The app's own yes-or-no question, in place of the browser's confirm():
// it looks like the other dialogs, names its two buttons after what they
// do ("Leave", "Stay") rather than OK and Cancel, keeps the focus inside
// while open, and takes Escape as the safe answer.
import { h } from "./dom";

export interface Question {
  /** title is the question itself ("Leave the table?"). */
  title: string;
  /** text says what answering yes does. */
  text: string;
  /** yes and no label the buttons. */
  yes: string;
  no: string;
  /** danger marks a yes that loses something (a game, a save). */
  danger?: boolean;
}

let seq = 0;

/** ask shows q in a modal dialog and resolves true for yes, false for no,
 * Escape or the dialog closed any other way. The focus starts on no, so
 * that a stray Enter changes nothing, and goes back where it was. */
export function ask(q: Question): Promise<boolean> {
  const n = ++seq;
  const back = document.activeElement as HTMLElement | null;
  const dlg = h("dialog", { class: "small-dialog confirm-dialog", role: "alertdialog", "aria-modal": "true",
    "aria-labelledby": `confirm-title-${n}`, "aria-describedby": `confirm-text-${n}` });
  const no = h("button", { type: "button", class: "primary", "data-answer": "no" }, q.no);
  const yes = h("button", { type: "button", class: q.danger ? "danger" : "", "data-answer": "yes" }, q.yes);
  dlg.append(h("h2", { id: `confirm-title-${n}` }, q.title), h("p", { id: `confirm-text-${n}` }, q.text),
    h("div", { class: "actions" }, no, yes));
  return new Promise((resolve) => {
    let answer = false;
    no.addEventListener("click", () => dlg.close());
    yes.addEventListener("click", () => { answer = true; dlg.close(); });
    // Tab and Shift+Tab go round the two buttons: nothing behind the
    // dialog can be reached while it waits for an answer.
    dlg.addEventListener("keydown", (e) => {
      if (e.key !== "Tab") return;
      const order = [no, yes];
      const at = order.indexOf(document.activeElement as HTMLButtonElement);
      e.preventDefault();
      order[(at + (e.shiftKey ? order.length - 1 : 1)) % order.length].focus();
    });
    dlg.addEventListener("close", () => {
      dlg.remove();
      // A screen redrawn meanwhile (a move came) has a new button in the
      // old one's place: the focus goes to it by its id.
      const to = back?.isConnected ? back : back?.id ? document.getElementById(back.id) : null;
      to?.focus();
      resolve(answer);
    });
    document.body.append(dlg);
    dlg.showModal();
    no.focus();
  });
}
