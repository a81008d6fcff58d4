// The create dialog's leaving policy: how long a gone player's seat
// waits, and what happens then (protocol v6 adds "pause"). Defaults are
// the game's own policy from /api/games (a game of secrets may end for
// all after the wait).
import type { GameInfo } from "../api";
import { h } from "../dom";
import { radioGroup } from "../radios";
import { actionWords, leaveActions, span } from "../leaving";

const graces = [30, 60, 120, 300, 600, 1800, 3600];

export function leaveField() {
  const grace = radioGroup("create-grace", "How long to wait for a player who leaves", [], undefined, true);
  const then = radioGroup("create-ongone", "What happens after the wait", [], undefined, true);
  const el = h("fieldset", { class: "field leave-field" },
    h("legend", null, "If a player leaves"),
    h("div", { class: "leave-step" }, h("span", { class: "leave-word", "aria-hidden": "true" }, "wait"), grace.el),
    h("div", { class: "leave-step" }, h("span", { class: "leave-word", "aria-hidden": "true" }, "then"), then.el),
    h("small", { class: "help" }, "A game with bots only pauses while nobody is there, and is closed after 7 days."));

  /** reset shows game g's default policy. */
  function reset(g: GameInfo): void {
    const pol = g.policy ?? {};
    const g0 = Number(pol["grace"] ?? 60);
    const a0 = String(pol["onGone"] ?? "forfeit");
    const list = graces.includes(g0) || g0 <= 0 ? graces : [...graces, g0].sort((a, b) => a - b);
    grace.set(list.map((s) => ({ value: String(s), label: span(s) })), String(g0));
    // A game without bots cannot give a seat to one.
    then.set(leaveActions.filter((a) => a !== "bot" || (g.bots ?? []).length > 0).map((a) => ({ value: a, label: actionWords(a) })), a0);
  }

  /** read is the chosen wait (seconds) and action, for the policy sent. */
  const read = () => ({ grace: Number(grace.value), onGone: then.value });
  return { el, reset, read };
}
