// A full page rulebook, for reading away from a table.
import { h } from "../dom";
import { loadRulebook, rulebook, ruleTitle } from "../rules";

export function rulesScreen(main: HTMLElement, params: string[]): void {
  const game = params[0];
  const title = h("h1", null, "Rules of " + ruleTitle(game));
  main.append(h("section", { class: "card prose" }, title, rulebook(game, "h2")));
  // Opened straight from a link, the page may come before the list of
  // games: the book names its game.
  loadRulebook(game).then((b) => { title.textContent = "Rules of " + b.title; }, () => {});
}
