// The lobby's note of the player's games that ended while they were away.
import type { RecentGame } from "../api";
import { clear, fmtTime, h, toast } from "../dom";
import { dismissEnded, endedGames, markTold, onEnded } from "../ended";
import { opponentsOf, reasonOf, resultOf } from "../recentgames";
import { gameTitle } from "../state";

/** endedWhileAway is the note, above the lobby, of the player's games
 * that ended while they were not at the table (ended.ts): how each ended
 * for them and why, with its replay, as the server last listed them, until
 * they dismiss it here or on another device. Empty, and hidden, when there
 * is none. */
export function endedWhileAway(): { el: HTMLElement; destroy: () => void } {
  const box = h("section", { class: "card ended-away", id: "ended-away", "aria-labelledby": "ended-away-h", hidden: true });
  /** dismissing sends ended.dismiss for matches from button, which waits
   * meanwhile and is offered again if the server refuses. */
  const dismissing = (button: HTMLButtonElement, matches: string[]) => {
    button.disabled = true;
    dismissEnded(matches).catch((x: Error) => {
      button.disabled = false;
      toast(x.message, "error");
    });
  };
  // Among several games each has a Dismiss of its own, so that a player
  // may keep the note of one to come back to and let the others go.
  const item = (g: RecentGame, several: boolean) => {
    const others = opponentsOf(g);
    const why = reasonOf(g);
    const title = `${gameTitle(g.game)}${others.length ? " with " + others.join(", ") : ""}`;
    let one: HTMLButtonElement | null = null;
    if (several) {
      one = h("button", { class: "small-btn dismiss-one", "aria-label": `Dismiss ${title}` }, "Dismiss");
      const b = one;
      b.addEventListener("click", () => dismissing(b, [g.match]));
    }
    return h("li", { "data-match": g.match },
      h("strong", null, `${title}: ${resultOf(g)}`),
      why ? ` · ${why}` : null, " ",
      h("span", { class: "small muted" }, fmtTime(g.finished)), " ",
      h("a", { href: "/replay/" + encodeURIComponent(g.match), "data-nav": true, class: "button small-btn" }, "Replay"),
      one ? " " : null, one);
  };
  const render = () => {
    const games = endedGames();
    // What the note shows the player needs no notice elsewhere.
    markTold(games);
    // Focus on the Dismiss button would be lost with the note: it goes
    // to the screen, where the next Tab starts.
    const hadFocus = box.contains(document.activeElement);
    clear(box);
    box.hidden = games.length === 0;
    if (box.hidden) {
      if (hadFocus) document.getElementById("screen")?.focus();
      return;
    }
    const several = games.length > 1;
    const dismiss = h("button", { id: "ended-away-dismiss" }, several ? "Dismiss all" : "Dismiss");
    dismiss.addEventListener("click", () => dismissing(dismiss, games.map((g) => g.match)));
    box.append(h("h2", { id: "ended-away-h" }, several ? "Games that ended while you were away" : "A game ended while you were away"),
      h("ul", null, games.map((g) => item(g, several))), dismiss);
  };
  render();
  return { el: box, destroy: onEnded(render) };
}
