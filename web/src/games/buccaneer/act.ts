// Buccaneer's controls for the step this screen's captain owes: sail or
// turn, the facing after sailing, the passed ship's question, the escape,
// the trading screen, and the choices a chance card or a fight gives.
import { clear, h } from "../../dom";
import { button, compass } from "./buttons";
import { cap, plural, sum } from "./items";
import { dirWords } from "./sea";
import { choosingCard, me, send, targets, who, type Buc, type BucView, type PlayerV } from "./state";
import { tradeScreen } from "./trade";

type Kid = HTMLElement | string | null;

export function renderAct(b: Buc, v: BucView): void {
  const actEl = b.ui.actEl;
  clear(actEl);
  const seat = me(b);
  const st = v.step;
  if (st.name === "over" || b.ctx.st.outcome) {
    actEl.append(h("p", null, "The game is over. Start a new game or leave with the table's buttons."));
    return;
  }
  if (seat === null) {
    const owing = st.owes >= 0 ? who(b, st.owes) : "";
    actEl.append(h("p", { class: "muted" }, st.name === "attack?" ? `Waiting for ${owing} to decide whether to attack…` : `Waiting for ${owing}…`));
    return;
  }
  actEl.append(...stepControls(b, v, seat).filter((k): k is HTMLElement | string => k !== null));
}

/** stepControls are the controls for the step the captain at seat owes. */
function stepControls(b: Buc, v: BucView, seat: number): Kid[] {
  const ctx = b.ctx;
  const st = v.step;
  const p = v.players[seat];
  switch (st.name) {
    case "move":
      return moveControls(b, v, seat, p);
    case "face":
      return [h("p", null, h("strong", null, "Which way should your ship point? "), "Only directions you could sail next turn are offered."), compass(v.legal?.face ?? [], "bc-face", (d) => void send(b, { face: d }))];
    case "attack?":
      return [h("p", { class: "bc-question", id: "bc-ask" }, h("strong", null, `${ctx.seatLabel(seat)}: `),
        `${who(b, st.mover)} sails past your ship at ${(st.at ?? p.at).join(",")}. Attack? If you do, their ship stops on your square and you fight: the stronger crew wins.`),
      h("div", { class: "bc-actions" }, button("Attack", "bc-attack-yes", () => void send(b, { attack: true }), "danger"), button("Let them pass", "bc-attack-no", () => void send(b, { attack: false })))];
    case "escape":
      return [h("p", null, h("strong", null, "After the fight your ship must sail away: "), `click a lit square, up to ${plural(p.distance, "square")} in any direction.`)];
    case "port":
      return [tradeScreen(b, v, seat)];
    case "choose":
      return chooseControls(b, v, p);
    case "captain": {
      const text = st.card === 2 ? "Which captain must give you 3 crew cards?" : "Which captain by Treasure Island do you swap 2 crew cards with?";
      return [h("p", null, h("strong", null, `Chance card ${st.card}: `), text),
        h("div", { class: "bc-actions" }, (v.legal?.seats ?? []).map((s) => button(who(b, s), `bc-seat-${s}`, () => void send(b, { seat: s }))))];
    }
    case "spoils": {
      const room = st.room ?? 0;
      return [h("p", null, h("strong", null, "You won the fight. "), `Your ship has room for ${plural(room, "piece")} of the loser's treasure; the rest goes back to Treasure Island. Keep:`),
        h("div", { class: "bc-actions" }, (v.legal?.keep ?? []).map((c) => button(c.map(cap).join(" + "), `bc-keep-${c.join("-")}`, () => void send(b, { keep: c }))))];
    }
    default:
      return [h("p", { class: "muted" }, `Step: ${st.name}`)];
  }
}

/** moveControls: sail to a lit square, or turn the ship where it is. */
function moveControls(b: Buc, v: BucView, seat: number, p: PlayerV): Kid[] {
  const lit = targets(b, v);
  const inPort = v.ports.some((x) => x.at[0] === p.at[0] && x.at[1] === p.at[1]);
  const out: Kid[] = [h("p", null, h("strong", null, `${b.ctx.seatLabel(seat)}, your turn. `),
    lit.size ? `Click a lit square to sail up to ${plural(p.distance, "square")}${inPort ? " in any direction (you are in port)" : ` ${dirWords[p.facing]}`}.` : "Your ship cannot sail that way.")];
  const faces = v.legal?.face ?? [];
  if (faces.length) out.push(h("p", { class: "small" }, "Or turn the ship where it is (no sailing):"), compass(faces, "bc-turn", (d) => void send(b, { face: d })));
  return out;
}

/** chooseControls: what a chance card (or Kidd's chart) gives, treasure
 * from Treasure Island or crew from Pirate Island. */
function chooseControls(b: Buc, v: BucView, p: PlayerV): Kid[] {
  const st = v.step;
  const out: Kid[] = [];
  const room = 2 - p.treasure.length;
  const choices = v.legal?.take ?? [];
  const card = st.card ?? 0;
  const what = card === 25 || card === 26 ? "Kidd's chart lands at Anchor Bay" : `Chance card ${card}`;
  // The card's box above says what it gives while its drawer
  // chooses: said twice, the choices went below the screen.
  if (!choosingCard(b, v)) out.push(h("p", null, h("strong", null, `${what}: `), `take treasure worth up to ${st.limit} from Treasure Island (room for ${plural(room, "piece")})${st.crew ? `, or ${st.crew} crew cards from Pirate Island` : ""}.`));
  // One line per first piece: the piece alone, then "+ second
  // piece" for each pair that starts with it, so that a dozen
  // choices stand beside the whole sea at 800x600.
  const row = h("div", { class: "bc-choices" });
  const lines = new Map<string, HTMLElement>();
  for (const c of choices) {
    let line = lines.get(c[0]);
    const whole = `${c.map(cap).join(" + ")} (${sum(c)})`;
    const btn = button(line ? `+ ${c.slice(1).map(cap).join(" + ")} (${sum(c)})` : whole, `bc-take-${c.join("-")}`, () => void send(b, { take: c }));
    if (line) btn.setAttribute("aria-label", whole);
    else lines.set(c[0], line = row.appendChild(h("div", { class: "bc-actions" })));
    line.append(btn);
  }
  const last = row.lastElementChild ?? row.appendChild(h("div", { class: "bc-actions" }));
  // C2: the captain hears before choosing what cannot be had in full.
  if (v.legal?.crew && st.crew) last.append(button(v.crewPack < st.crew ? `${v.crewPack} crew cards (only ${v.crewPack} left)` : `${st.crew} crew cards`, "bc-crew", () => void send(b, { crew: true })));
  if (!choices.length) last.append(h("span", { class: "muted" }, room < 1 ? "Your ship is full: no treasure." : "No treasure on Treasure Island fits."));
  out.push(row);
  return out;
}
