// The create dialog's leaving policy: how long a gone player's seat
// waits, and what happens then (protocol v6 adds "pause"). Defaults are
// the game's own policy from /api/games (Clue-Less: the game ends for
// all, requirement 17, after the wait).
import type { GameInfo } from "../api";
import { clear, h } from "../dom";
import { actionWords, leaveActions, span } from "../leaving";

const graces = [30, 60, 120, 300, 600, 1800, 3600];

export function leaveField() {
  const grace = h("select", { id: "create-grace", "aria-label": "How long to wait for a player who leaves" });
  const then = h("select", { id: "create-ongone", "aria-label": "What happens after the wait" });
  const el = h("fieldset", { class: "field leave-field" },
    h("legend", null, "If a player leaves"),
    h("div", { class: "row" }, h("span", null, "wait"), grace, h("span", null, "then"), then),
    h("small", { class: "help" }, "A game with bots only pauses while nobody is there, and is closed after 7 days."));

  /** reset shows game g's default policy. */
  function reset(g: GameInfo): void {
    const pol = g.policy ?? {};
    const g0 = Number(pol["grace"] ?? 60);
    const a0 = String(pol["onGone"] ?? "forfeit");
    clear(grace);
    const list = graces.includes(g0) || g0 <= 0 ? graces : [...graces, g0].sort((a, b) => a - b);
    for (const s of list) grace.append(h("option", { value: String(s), selected: s === g0 }, span(s)));
    clear(then);
    for (const a of leaveActions) {
      // A game without bots cannot give a seat to one.
      if (a === "bot" && !(g.bots ?? []).length) continue;
      then.append(h("option", { value: a, selected: a === a0 }, actionWords(a)));
    }
  }

  /** read is the chosen wait (seconds) and action, for the policy sent. */
  const read = () => ({ grace: Number(grace.value), onGone: then.value });
  return { el, reset, read };
}
