// The lobby's "My games": the player's games in play, those waiting on
// them first with how long each has waited and when the move is due, a
// button to the next one waiting, and the player's vacation.
import { clear, h, toast } from "../dom";
import { dueText, fmtDate, fmtLeft, myGames, nextWaiting, onMyGames, serverNow, setVacation, type MyGame } from "../mygames";
import { gameTitle, navigate } from "../state";

function othersOf(g: MyGame): string {
  const others = g.players.filter((_, i) => !g.mine.includes(i));
  return others.length ? " with " + others.join(", ") : "";
}

function item(g: MyGame): HTMLElement {
  const since = g.since ? Date.parse(g.since) : NaN;
  const waited = isNaN(since) ? "" : fmtLeft(serverNow() - since);
  const whose = g.myTurn ? "Your move" : "Waiting for " + g.turn.map((s) => g.players[s] ?? `seat ${s + 1}`).join(", ");
  // Its own class and mark, not a lobby table's: the lobby's lists are
  // found by theirs, and the same table may be in both.
  return h("li", { class: "my-game" + (g.myTurn ? " my-turn" : ""), "data-my-game": g.table },
    h("div", null,
      h("strong", null, gameTitle(g.game)), h("span", null, othersOf(g)), " ",
      h("span", { class: "tag kind-" + g.kind }, g.kind === "correspondence" ? "correspondence" : "live"),
      h("div", { class: "small" }, h("strong", { class: "whose" }, whose), waited ? ` · for ${waited}` : ""),
      g.deadline ? h("div", { class: "muted small due" }, dueText(g.deadline)) : null),
    h("a", { class: "button" + (g.myTurn ? " primary" : ""), href: "/t/" + g.table, "data-nav": true,
      "aria-label": `${g.myTurn ? "Play" : "Open"} ${gameTitle(g.game)}${othersOf(g)}` }, g.myTurn ? "Play" : "Open"));
}

export function myGamesPanel(): { el: HTMLElement; destroy: () => void } {
  const list = h("ul", { class: "table-list", id: "my-games-list" });
  const count = h("span", { class: "muted small", id: "my-games-count" });
  const next = h("button", { class: "primary", id: "my-games-next" }, "Next game waiting");
  next.addEventListener("click", () => {
    const t = nextWaiting();
    if (t) navigate("/t/" + t);
  });
  const vacation = h("div", { class: "vacation small", id: "vacation" });
  const el = h("section", { class: "panel my-games-panel", "aria-labelledby": "my-games-h", hidden: true },
    h("div", { class: "panel-head" }, h("h2", { id: "my-games-h" }, "My games"), count, next), list, vacation);

  const renderVacation = () => {
    const v = myGames()?.vacation;
    clear(vacation);
    if (!v) return;
    const act = (days: number, b: HTMLButtonElement) => {
      b.disabled = true;
      setVacation(days).catch((x: Error) => {
        b.disabled = false;
        toast(x.message, "error");
      });
    };
    if (v.until) {
      const end = h("button", { class: "small-btn", id: "vacation-end" }, "End vacation");
      end.addEventListener("click", () => act(0, end));
      vacation.append(h("span", null, `On vacation until ${fmtDate(Date.parse(v.until))}: your correspondence clocks stand still. `), end);
      return;
    }
    if (v.left <= 0) {
      vacation.append(h("span", { class: "muted" }, `No vacation left this year (${v.perYear} a year).`));
      return;
    }
    const days = h("select", { id: "vacation-days", "aria-label": "Days of vacation" },
      [1, 2, 3, 5, 7, 10, 14].filter((d) => d <= v.maxDays).map((d) => h("option", { value: String(d) }, d === 1 ? "1 day" : `${d} days`)));
    const take = h("button", { class: "small-btn", id: "vacation-take" }, "Take a vacation");
    take.addEventListener("click", () => act(Number(days.value), take));
    vacation.append(h("span", { class: "muted" }, `Stop your correspondence clocks for `), days, " ", take,
      h("span", { class: "muted" }, ` (${v.left} of ${v.perYear} left this year)`));
  };

  const render = () => {
    const g = myGames();
    const games = g?.games ?? [];
    el.hidden = games.length === 0;
    list.replaceChildren(...games.map(item));
    const n = g?.waiting ?? 0;
    count.textContent = n === 0 ? "none waiting on you" : n === 1 ? "1 waiting on you" : `${n} waiting on you`;
    next.hidden = n === 0;
    renderVacation();
  };
  render();
  const off = onMyGames(render);
  // The countdowns move on between refreshes.
  const tick = window.setInterval(() => {
    if (!el.hidden) list.replaceChildren(...(myGames()?.games ?? []).map(item));
  }, 30000);
  return { el, destroy: () => { off(); window.clearInterval(tick); } };
}
