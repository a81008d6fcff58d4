// Where a screen puts the keyboard's focus and what the page's title says.
//
// A single-page client replaces what is on screen without a page load, so
// the browser does neither for it: focus falls to <body> and a keyboard
// user starts tabbing from the top of the page again, a screen reader says
// nothing of the new screen, and every tab reads "Parlor". Each screen
// therefore names itself here, and says which of its controls comes first.

import { setIconCount } from "./favicon";

const site = "Parlor";

/** setTitle names the screen in the page's title ("Lobby - Parlor"); a
 * screen that waits on the player leads with it ("Your move · Checkers vs
 * Bob - Parlor", were there such a game), so that a player with the game in a background
 * tab sees in the tab strip that it is their turn. */
export function setTitle(what: string, yourMove = false): void {
  titled = { what, yourMove };
  const t = (waiting > 0 ? `(${waiting}) ` : "") + (yourMove ? "Your move · " : "") + (what ? `${what} - ${site}` : site);
  if (document.title !== t) document.title = t;
}

/** The games waiting on the player (mygames.ts) lead the title, "(3)",
 * on every screen, so that a tab in the background says it. */
let waiting = 0;
let titled = { what: "", yourMove: false };

/** setWaiting counts the games waiting on the player in the title. */
export function setWaiting(n: number): void {
  waiting = n;
  setTitle(titled.what, titled.yourMove);
  setIconCount(n);
}

/** mainControl is the attribute a screen sets on its main control (the
 * board at a table, the slider in a replay): the skip link leads there,
 * and a screen that opens puts the focus there. */
export const mainControl = "data-main-control";

/** target is where the focus goes in main: the element marked as the main
 * control when it can take focus (a board hands on the focus to its own
 * roving item), else the screen's heading, made focusable by script only,
 * else main itself. */
function target(main: HTMLElement): HTMLElement {
  const marked = main.querySelector<HTMLElement>(`[${mainControl}]`);
  if (marked && !marked.closest("[hidden]")) {
    const inner = marked.matches("[tabindex]") ? marked : marked.querySelector<HTMLElement>('[tabindex="0"], button:not([disabled]), a[href], input, select');
    if (inner) return inner;
  }
  const heading = main.querySelector<HTMLElement>("h1");
  if (heading && !heading.closest("[hidden]")) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    return heading;
  }
  return main;
}

/** focusScreen puts the focus in a screen just shown, unless the screen
 * already put it on one of its own controls (a form's first field). */
export function focusScreen(main: HTMLElement): void {
  const a = document.activeElement;
  if (a && a !== document.body && a !== main && main.contains(a)) return;
  focusOn(target(main), main);
}

/** focusOn focuses el, or main when el cannot take the focus yet (in a
 * part of the screen still hidden while it loads). */
function focusOn(el: HTMLElement, main: HTMLElement): void {
  el.focus();
  if (document.activeElement !== el && el !== main) main.focus();
}

/** focusMain moves the focus to the screen's main control whatever has it:
 * the skip link's action, and a table's when the board first comes. */
export function focusMain(main: HTMLElement): void {
  focusOn(target(main), main);
}

/** skipLabel is the attribute with which a main control names itself in
 * the skip link ("Skip to the board"). */
export const skipLabel = "data-skip-label";

/** skipLink is the first stop of the page's Tab order, shown only when it
 * has the focus: it leads past the header to the screen's main control,
 * and says which. */
export function skipLink(main: () => HTMLElement | null): HTMLElement {
  const a = document.createElement("a");
  a.className = "skip-link";
  a.href = "#screen";
  a.textContent = "Skip to the main content";
  a.addEventListener("focus", () => {
    const named = main()?.querySelector(`[${mainControl}][${skipLabel}]`)?.getAttribute(skipLabel);
    a.textContent = named || "Skip to the main content";
  });
  a.addEventListener("click", (e) => {
    const m = main();
    if (!m) return;
    e.preventDefault();
    focusMain(m);
  });
  return a;
}
