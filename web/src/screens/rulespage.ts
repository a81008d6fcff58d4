// A full page rulebook, for reading away from a table.
import { h } from "../dom";
import { rulebook, ruleTitle } from "../rules";

export function rulesScreen(main: HTMLElement, params: string[]): void {
  const game = params[0];
  main.append(h("section", { class: "card prose" }, h("h1", null, "Rules of " + ruleTitle(game)), rulebook(game, "h2")));
}
