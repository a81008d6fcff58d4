// The start of a match shown before it exists (GET
// /api/games/{game}/preview), so that the people creating or sitting at a
// table agree on the setup. The server decides what may be shown; each
// game that offers a preview draws it here, small and without controls.
import { http } from "./api";
import { clear, h } from "./dom";
import { gameEntry } from "./games/load";

interface PreviewReply { view: unknown; note?: string }

/** canPreview says whether this client can draw a preview of game. */
export function canPreview(game: string): boolean {
  // A drawer comes with its game's board module, fetched on first use.
  return gameEntry(game)?.preview !== undefined;
}

export interface PreviewPanel {
  el: HTMLElement;
  /** show asks for the start of game with options and draws it; a call
   * made while an answer is on its way replaces it. */
  show(game: string, options: Record<string, unknown>): void;
}

/** previewPanel makes an empty panel. Its data-state says what it shows
 * ("loading", "shown", "note" when the options leave the start to the
 * match, "error"), and data-options the options it was last asked for. */
export function previewPanel(caption: string): PreviewPanel {
  const body = h("div", { class: "preview-body" });
  const el = h("figure", { class: "preview", id: "game-preview", "data-state": "loading" },
    h("figcaption", null, caption), body);
  let asked = 0;
  let timer = 0;
  let lastKey = "";
  function show(game: string, options: Record<string, unknown>): void {
    const json = JSON.stringify(options);
    const key = game + json;
    if (key === lastKey) return;
    lastKey = key;
    const n = ++asked;
    el.dataset.state = "loading";
    el.dataset.options = json;
    window.clearTimeout(timer);
    // Typing a seed sends one request once the typing pauses.
    timer = window.setTimeout(async () => {
      let next: Node;
      let state: string;
      try {
        const [r, draw] = await Promise.all([
          http<PreviewReply>("GET", `/api/games/${encodeURIComponent(game)}/preview?options=${encodeURIComponent(json)}`),
          gameEntry(game)?.preview?.(),
        ]);
        const drawn = r.view && draw ? draw(r.view) : null;
        next = drawn ?? h("p", { class: "muted small" }, r.note ? cap(r.note) + "." : "No preview.");
        state = drawn ? "shown" : "note";
      } catch (x) {
        next = h("p", { class: "form-error small" }, (x as Error).message);
        state = "error";
      }
      if (n !== asked) return;
      clear(body);
      body.append(next);
      el.dataset.state = state;
    }, 150);
  }
  return { el, show };
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
