// Buccaneer's controls' buttons: a plain one, and the compass of facings.
import { h } from "../../dom";
import { dirWords } from "./sea";

/** compass offers the facings the server allows (faces), laid out as
 * on a map: north at the top. */
export function compass(faces: string[], id: string, f: (d: string) => void): HTMLElement {
  const order = ["NW", "N", "NE", "W", "", "E", "SW", "S", "SE"];
  return h("div", { class: "bc-compass", role: "group", "aria-label": "Directions" },
    order.map((d) => {
      if (!d) return h("span", { class: "bc-compass-mid", "aria-hidden": "true" }, "⎈");
      if (!faces.includes(d)) return h("span", { class: "bc-compass-off" });
      const b = h("button", { type: "button", id: `${id}-${d}`, title: `Face ${dirWords[d]}` }, d);
      b.addEventListener("click", () => f(d));
      return b;
    }));
}

export function button(label: string, id: string, f: () => void, cls = ""): HTMLButtonElement {
  const b = h("button", { type: "button", id, class: cls || null }, label);
  b.addEventListener("click", f);
  return b;
}
