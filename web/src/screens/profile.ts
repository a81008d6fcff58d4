// A player's profile: record per game, rating, recent games with their
// replays, and achievements. A guest can claim the name with a password
// here.
import { api, type RecentGame } from "../api";
import { fmtTime, h, medal } from "../dom";
import { app, gameTitle, signedIn } from "../state";
import { oneScreen, opponentsOf, reasonOf, resultOf } from "../recentgames";
import { personMenu } from "../social";
import { gameEntries } from "../games/load";

/** tryTutorial points a player with no achievement yet to the first game
 * with a tutorial of its own. */
function tryTutorial(): string {
  const g = gameEntries().find(([, e]) => e.page?.tutorial);
  return g ? ` Try the ${gameTitle(g[0])} tutorial!` : "";
}

export function profileScreen(main: HTMLElement, params: string[]): void {
  const name = params[0];
  const box = h("section", { class: "card profile" }, h("h1", null, name), h("p", { class: "muted" }, "Loading…"));
  main.append(box);
  api.profile(name).then((p) => {
    box.replaceChildren(h("h1", null, p.user.name, p.user.guest ? h("small", { class: "tag" }, "guest") : null, personMenu(p.user.name)));
    const stats = Object.entries(p.stats ?? {});
    const table = h("table", { class: "stats-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Played"), h("th", { scope: "col" }, "Won"),
        h("th", { scope: "col" }, "Tied"), h("th", { scope: "col" }, "Lost"), h("th", { scope: "col" }, "Rating"))),
      h("tbody", null, stats.length === 0
        ? h("tr", null, h("td", { colspan: 6, class: "muted" }, "No finished games yet."))
        : stats.map(([g, s]) => h("tr", { "data-game": g }, h("th", { scope: "row" }, gameTitle(g)), h("td", null, s.played), h("td", null, s.won),
          h("td", null, s.tied ?? 0), h("td", null, Math.max(0, s.played - s.won - (s.tied ?? 0))),
          h("td", null, s.rating ? `${Math.round(s.rating)} ± ${Math.round(2 * (s.rd ?? 0))}` : "–")))));
    const ach = p.achievements ?? [];
    const recent = h("div", { class: "recent" }, h("p", { class: "muted" }, "Loading…"));
    api.recentGames(p.user.name).then((r) => recent.replaceChildren(recentTable(r.games ?? [])))
      .catch((x: Error) => recent.replaceChildren(h("p", { class: "form-error" }, x.message)));
    box.append(h("h2", null, "Record"), table, h("h2", null, "Recent games"), recent, h("h2", null, "Achievements"),
      ach.length === 0 ? h("p", { class: "muted" }, "None yet." + tryTutorial()) :
        h("ul", { class: "achievements" }, ach.map((a) => h("li", { class: "earned" }, medal(),
          h("div", null, h("strong", null, a.title), h("span", { class: "small muted" }, ` · ${gameTitle(a.game)}`),
            h("div", { class: "small" }, a.description), h("div", { class: "small muted" }, fmtTime(a.at)))))));
    if (app.me && app.me.guest && app.me.name === p.user.name) {
      const pw = h("input", { type: "password", id: "claim-pass", minlength: 8, autocomplete: "new-password" });
      const err = h("p", { class: "form-error", role: "alert" });
      const form = h("form", { class: "claim" }, h("h2", null, "Keep this name"),
        h("p", null, "You are playing as a guest. Choose a password to turn this guest into an account; your record is kept."),
        h("div", { class: "field" }, h("label", { for: "claim-pass" }, "Password (8 or more characters)"), pw), err,
        h("button", { type: "submit", class: "primary" }, "Create account"));
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        try {
          const r = await api.claim(pw.value);
          signedIn(r.user);
        } catch (x) {
          err.textContent = (x as Error).message;
        }
      });
      box.append(form);
    }
  }).catch((x: Error) => {
    box.replaceChildren(h("h1", null, name), h("p", { class: "form-error" }, x.message));
  });
}

/** recentTable lists a player's last finished matches, each with a link
 * to its replay, so that a game the server ended while they were away
 * (a paused table closed after a week) is found, with the reason. */
function recentTable(games: RecentGame[]): HTMLElement {
  return h("table", { class: "stats-table recent-table" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Opponents"),
      h("th", { scope: "col" }, "Result"), h("th", { scope: "col", class: "when" }, "When"), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Replay")))),
    h("tbody", null, games.length === 0
      ? h("tr", null, h("td", { colspan: 5, class: "muted" }, "No finished games yet."))
      : games.map((g) => {
        // At one screen the player held every seat: the seats' names are
        // the players.
        const together = oneScreen(g);
        const others = opponentsOf(g);
        const why = reasonOf(g);
        const result = resultOf(g);
        const when = fmtTime(g.finished);
        return h("tr", { "data-match": g.match },
          // The time is in its own column, or on a phone under the
          // game's name (app.css shows one of the two).
          h("th", { scope: "row" }, gameTitle(g.game), h("div", { class: "small muted when-inline" }, when)),
          h("td", { class: "opponents" }, others.length ? others.join(", ") : "–", together ? h("div", { class: "small muted" }, "at one screen") : null),
          h("td", null, h("strong", null, result), why ? h("div", { class: "small muted" }, why) : null),
          h("td", { class: "when" }, h("time", { datetime: g.finished }, when)),
          h("td", null, h("a", {
            href: "/replay/" + encodeURIComponent(g.match), "data-nav": true, class: "button small-btn",
            "aria-label": `Replay of ${gameTitle(g.game)}${together ? " at one screen" : others.length ? " against " + others.join(", ") : ""}, ${result.toLowerCase()}, ${when}`,
          }, "Replay")));
      })));
}
