// Small DOM helpers: the client uses no framework, so every screen builds
// its elements with h() and svg() and updates them in place.

export type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined | ((e: any) => void);
export type Attrs = Record<string, AttrValue>;

function apply(el: Element, attrs: Attrs | null | undefined, children: (Child | Child[])[]): void {
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (typeof v === "function") {
        el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
      } else if (k === "class") {
        el.setAttribute("class", String(v));
      } else if (v === true) {
        el.setAttribute(k, "");
      } else {
        el.setAttribute(k, String(v));
      }
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "object" ? c : String(c));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

const SVGNS = "http://www.w3.org/2000/svg";

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: (Child | Child[])[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVGNS, tag) as SVGElementTagNameMap[K];
  apply(el, attrs, children);
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** announce reads text to screen-reader users through the page's live region. */
export function announce(text: string): void {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // A fresh text node in a later frame makes screen readers repeat a
  // message even when it equals the previous one.
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

let toastBox: HTMLElement | null = null;

/** A place a toast offers to go: a link within the client. */
export interface ToastLink { href: string; label: string }

/** toast shows a short notice in the corner and reads it aloud; with link,
 * it offers to go where the notice points (following it closes the toast). */
export function toast(text: string, kind: "info" | "error" | "achievement" | "ended" = "info", title?: string, link?: ToastLink): void {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const close = h("button", { class: "icon", "aria-label": "Dismiss", title: "Dismiss" }, "×");
  const go = link ? h("a", { href: link.href, "data-nav": true, class: "toast-link" }, link.label) : null;
  const t = h(
    "div",
    { class: "toast toast-" + kind, "data-kind": kind },
    h("div", { class: "toast-body" }, title ? h("strong", null, title) : null, h("span", null, text), go),
    close,
  );
  const remove = () => t.remove();
  close.addEventListener("click", remove);
  go?.addEventListener("click", remove);
  toastBox.append(t);
  setTimeout(remove, kind === "error" ? 6000 : 8000);
}

export function fmtTime(iso: string | number | undefined): string {
  if (iso === undefined || iso === "") return "";
  const d = new Date(iso);
  if (isNaN(d.getTime())) return "";
  const now = new Date();
  if (d.toDateString() === now.toDateString()) {
    return d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  }
  return d.toLocaleDateString(undefined, { month: "short", day: "numeric" }) + " " +
    d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** initials gives one or two letters that stand for a name on the board. */
export function initials(name: string): string {
  const parts = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const [a, b] = parts;
  if (a === undefined) return "?";
  if (b === undefined) return a.slice(0, 2).toUpperCase();
  return (a.charAt(0) + b.charAt(0)).toUpperCase();
}

/** medal draws a small medal icon (emoji fonts are not everywhere). */
export function medal(earned = true): SVGSVGElement {
  const fill = earned ? "#c9931a" : "#9aa3ad";
  return svg("svg", { viewBox: "0 0 24 24", width: 28, height: 28, class: "medal", "aria-hidden": "true" },
    svg("path", { d: "M7 2h4l2 6H9z", fill: earned ? "#1f5fbf" : "#b9c0cf" }),
    svg("path", { d: "M13 2h4l-2 6h-4z", fill: earned ? "#d23a2a" : "#cfd4de" }),
    svg("circle", { cx: 12, cy: 15, r: 7, fill }),
    svg("circle", { cx: 12, cy: 15, r: 4.6, fill: "none", stroke: "#fff", "stroke-width": 1.3, opacity: earned ? 0.9 : 0.6 }),
    earned ? svg("path", { d: "M12 11.8l1 2.1 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z", fill: "#fff" }) : null);
}
