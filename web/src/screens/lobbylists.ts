// The lobby's paged lists (the tables, who is online): how many a page
// holds, the buttons that turn the pages, and a list's changes applied.
import { h } from "../dom";

/** A page of the lobby's tables, and of who is online, holds at most
 * this many (one's own tables and entry come too, wherever they are in the
 * list): a crowded server's ten thousand need not all be sent. */
export const tablesPerPage = 100;
export const peoplePerPage = 100;

/** pager is the buttons to the previous and next page of one of the
 * lobby's lists and the words for the page shown; hidden while the list
 * fits on one page. */
export function pager(label: string, turn: (step: number) => void) {
  const prev = h("button", { class: "link pager-prev", onclick: () => turn(-1) }, "‹ Previous");
  const next = h("button", { class: "link pager-next", onclick: () => turn(1) }, "Next ›");
  const where = h("span", { class: "muted small pager-where", "aria-live": "polite" });
  const el = h("nav", { class: "pager", "aria-label": label }, prev, where, next);
  const show = (from: number, shown: number, more: boolean) => {
    prev.disabled = from === 0;
    next.disabled = !more;
    el.hidden = from === 0 && !more;
    where.textContent = shown > 0 ? `${from + 1}–${from + shown}` : "nothing here now";
  };
  return { el, show };
}

/** applyChanges returns list without the items gone, with each changed
 * item in its place or, if new, at the end (a new table is the newest). */
export function applyChanges<T>(list: T[], changed: T[], gone: string[], key: (x: T) => string): T[] {
  const out = list.filter((x) => !gone.includes(key(x)));
  for (const c of changed) {
    const i = out.findIndex((x) => key(x) === key(c));
    if (i >= 0) out[i] = c;
    else out.push(c);
  }
  return out;
}

/** byName orders names as the server does: by their lower-case form. */
export function byName(a: string, b: string): number {
  const x = a.toLowerCase(), y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
