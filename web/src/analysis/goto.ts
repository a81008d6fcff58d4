// A panel's way to move the replay: a costly move picked from a list, a
// turning point named in a sentence, opens at its step.

/** GOTO is the event a panel dispatches (bubbling, detail the step) to
 * have the replay show that step. */
export const GOTO = "replay-goto";

/** gotoStep asks the replay that holds el to show step i. */
export function gotoStep(el: HTMLElement, i: number): void {
  el.dispatchEvent(new CustomEvent<number>(GOTO, { detail: i, bubbles: true }));
}
