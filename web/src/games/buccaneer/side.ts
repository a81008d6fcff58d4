// Buccaneer's side panels: each captain's ship, crew, treasure and kept
// cards; every port's stock; and what lies on the islands.
import { clear, h } from "../../dom";
import { chips, keptTitle, plural } from "./items";
import { shipIcon } from "./sea";
import { acting, letter, type Buc, type BucView } from "./state";

export function renderSide(b: Buc, v: BucView): void {
  const ctx = b.ctx;
  const side = b.ui.side;
  clear(side);
  const caps = h("section", { class: "panel bc-captains" }, h("h2", null, "Captains"));
  for (const p of v.players) {
    const turn = (v.step.name === "attack?" ? v.step.owes : acting(v.step)) === p.seat && v.step.name !== "over";
    caps.append(h("div", { class: `bc-captain s${p.seat}${turn ? " to-move" : ""}`, "data-captain": p.seat },
      h("div", { class: "bc-cap-head" }, shipIcon(p.seat, letter(v, p.seat), p.facing),
        h("strong", null, ctx.seatLabel(p.seat)), h("span", { class: "muted" }, ` ${p.home}`), turn ? h("span", { class: "turn-tag" }, "to move") : null),
      h("div", { class: "bc-cap-line" }, `At ${p.at.join(",")} facing ${p.facing} · moves `, h("strong", { "data-distance": p.seat }, String(p.distance)),
        ` · ${plural(p.cards, "crew card")}`),
      h("div", { class: "bc-cap-line" }, "Ship: ", chips(p.treasure, "no treasure"), h("span", { class: "bc-home" }, ` Home: ${p.atHome} pts`)),
      p.hand ? h("div", { class: "bc-cap-line", "data-hand": p.seat }, "Crew: ", chips(p.hand, "no crew")) : null,
      p.kept.length ? h("div", { class: "bc-cap-line bc-kept" }, "Kept: ", p.kept.map((k) => `${keptTitle[k] ?? "card"} (${k})`).join(", ")) : null));
  }
  const ports = h("table", { class: "bc-ports", id: "bc-ports" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, "Port"), h("th", { scope: "col" }, "Crew"), h("th", { scope: "col" }, "Treasure"))));
  const body = h("tbody");
  for (const p of v.ports) {
    body.append(h("tr", { "data-port": p.name },
      h("th", { scope: "row" }, p.name, h("br"), h("span", { class: "muted small" }, p.owner >= 0 ? `${letter(v, p.owner)}: ${ctx.seatLabel(p.owner)}` : "trading")),
      h("td", null, chips(p.cards, "–"), p.longJohn ? h("span", { class: "bc-chip john" }, "Long John") : null),
      h("td", null, chips(p.treasure, "–"), p.safe.length ? h("div", { class: "small" }, "Safe: ", chips(p.safe)) : null)));
  }
  ports.append(body);
  side.append(caps,
    h("section", { class: "panel" }, h("h2", null, "Ports"), ports),
    h("section", { class: "panel bc-places" },
      h("h2", null, "Islands"),
      h("p", { id: "bc-flat" }, h("strong", null, "Flat Island: "), chips([...v.flatIsland.treasure, ...v.flatIsland.cards], "nothing")),
      h("p", { id: "bc-island" }, h("strong", null, "Treasure Island: "), chips(v.treasureIsland, "no treasure left")),
      h("p", { class: "muted small" }, `Pirate Island: ${plural(v.crewPack, "crew card")}. Chance pack: ${plural(v.chancePack, "card")}.`)));
}
