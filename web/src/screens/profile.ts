// A player's profile: record per game, rating, and achievements. A guest
// can claim the name with a password here.
import { api } from "../api";
import { fmtTime, h, medal } from "../dom";
import { app, gameTitle, signedIn } from "../state";

export function profileScreen(main: HTMLElement, params: string[]): void {
  const name = params[0];
  const box = h("section", { class: "card profile" }, h("h1", null, name), h("p", { class: "muted" }, "Loading…"));
  main.append(box);
  api.profile(name).then((p) => {
    box.replaceChildren(h("h1", null, p.user.name, p.user.guest ? h("small", { class: "tag" }, "guest") : null));
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
    box.append(h("h2", null, "Record"), table, h("h2", null, "Achievements"),
      ach.length === 0 ? h("p", { class: "muted" }, "None yet. Try the Battleship tutorial!") :
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
