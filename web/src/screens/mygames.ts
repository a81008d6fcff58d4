// The player's games in play (mygames.ts) as the lobby's "Your tables"
// shows them: each game waiting on the player first, with how long it
// has waited and when its move is due; over the list, how many wait and
// a button to the next one; under it, the player's vacation.
import { clear, h, toast } from "../dom";
import { dueText, fmtDate, fmtLeft, myGames, nextWaiting, onMyGames, serverNow, setVacation, type MyGame } from "../mygames";
import { navigate } from "../state";

function gameOf(table: string): MyGame | undefined {
  return myGames()?.games.find((g) => g.table === table);
}

/** waitLine is what the list of one's tables says of a game in play:
 * whose move, since when, and when it is due; null for a table that is
 * not one of the player's games in play. */
export function waitLine(table: string): HTMLElement | null {
  const g = gameOf(table);
  if (!g) return null;
  const since = g.since ? Date.parse(g.since) : NaN;
  const waited = isNaN(since) ? "" : ` · for ${fmtLeft(serverNow() - since)}`;
  const whose = g.myTurn ? "Your move" : "Waiting for " + g.turn.map((s) => g.players[s] ?? `seat ${s + 1}`).join(", ");
  return h("div", { class: "small wait-line" }, h("strong", { class: "whose" }, whose), waited,
    g.deadline ? h("span", { class: "muted due" }, " · " + dueText(g.deadline)) : null);
}

/** waitRank orders one's tables: the games waiting on the player first
 * (in the server's order: the soonest deadline first), then the rest. */
export function waitRank(table: string): number {
  const games = myGames()?.games ?? [];
  const i = games.findIndex((g) => g.table === table && g.myTurn);
  return i < 0 ? games.length : i;
}

/** mineExtras are the parts of "Your tables" about the games in play:
 * the count and the button to the next game waiting, over the list, and
 * the vacation, under it; each re-drawn when the list changes, and
 * onChange called then so that the lobby re-draws its items. */
export function mineExtras(onChange: () => void): { head: HTMLElement; vacation: HTMLElement; destroy: () => void } {
  const count = h("span", { class: "muted small", id: "my-games-count" });
  const next = h("button", { class: "primary", id: "my-games-next" }, "Next game waiting");
  next.addEventListener("click", () => {
    const t = nextWaiting();
    if (t) navigate("/t/" + t);
  });
  const head = h("div", { class: "my-games-head" }, count, next);
  const vacation = h("div", { class: "vacation small", id: "vacation" });

  const renderVacation = () => {
    const l = myGames();
    const v = l?.vacation;
    clear(vacation);
    // Only a player with a correspondence game needs to stop its clock.
    vacation.hidden = !v || !(l?.games ?? []).some((g) => g.kind === "correspondence") && !v.until;
    if (!v || vacation.hidden) return;
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
    vacation.append(h("span", { class: "muted" }, "Stop your correspondence clocks for "), days, " ", take,
      h("span", { class: "muted" }, ` (${v.left} of ${v.perYear} left this year)`));
  };

  const render = (notify: boolean) => {
    const l = myGames();
    const n = l?.waiting ?? 0;
    head.hidden = !l || l.games.length === 0;
    count.textContent = n === 0 ? "none waiting on you" : n === 1 ? "1 game waiting on you" : `${n} games waiting on you`;
    next.hidden = n === 0;
    renderVacation();
    if (notify) onChange();
  };
  // The lobby draws its items itself the first time.
  render(false);
  const off = onMyGames(() => render(true));
  // The countdowns move on between the list's refreshes.
  const tick = window.setInterval(onChange, 30000);
  return { head, vacation, destroy: () => { off(); window.clearInterval(tick); } };
}
