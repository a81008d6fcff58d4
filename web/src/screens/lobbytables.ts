// The lobby's tables: one's own to return to, those with a seat to take,
// and the matches in play to watch, each list a panel of its own, with
// what each table is and what the player may do there.
import type { Table } from "../api";
import { botName, seatWithLevel } from "../botnames";
import { tableLeavingWords } from "../leaving";
import { fmtTime, h, toast } from "../dom";
import { app, gameTitle, navigate } from "../state";
import { socket } from "../ws";
import { gameEntry } from "../games/load";
import { mineExtras, waitLine, waitRank } from "./mygames";
import { myGames } from "../mygames";
import { pager, tablesPerPage } from "./lobbylists";

function seatLabel(s: Table["seats"][number]): string {
  if (s.kind === "open") return "open seat";
  if (s.kind === "bot") return seatWithLevel(s, botName(s));
  return s.name;
}

/** beganText says when a table began and, for one that goes on from a
 * saved position (a loaded save, a replay played on), so: "copy of a
 * saved position, made 10:42". */
function beganText(t: Table): string {
  const at = t.created && Date.parse(t.created) > 0 ? fmtTime(t.created) : "";
  if (t.copy) return "copy of a saved position" + (at ? `, made ${at}` : "");
  return at ? `started ${at}` : "";
}

/** myGamesCount is how many of the player's games wait on them. */
function myGamesCount(): number {
  return (myGames()?.games ?? []).filter((g) => g.myTurn).length;
}

/** kindWords says how a table is played: live, or by correspondence
 * with its days a move. */
export function kindWords(t: Table): string {
  if (t.kind !== "correspondence") return "live";
  const days = Math.round(Number(t.policy?.["moveClock"] ?? 0) / 86400);
  return `correspondence · ${days === 1 ? "1 day" : days + " days"} a move`;
}

export function optionsText(t: Table): string {
  return gameEntry(t.game)?.optionsText?.(t.options ?? {}, false) ?? "";
}

/** tableSection is one of the lobby's lists of tables: a panel under a
 * heading of its own, hidden while it lists none. */
function tableSection(id: string, title: string) {
  const list = h("ul", { class: "table-list" });
  const el = h("section", { class: `panel ${id}-panel`, "aria-labelledby": id + "-h", hidden: true },
    h("h2", { id: id + "-h" }, title), list);
  return { el, list };
}

/** Pages are the pages of the lobby's lists held (since v6). */
export interface Pages { page: number; from: number; online: number; onlineFrom: number }

type Section = ReturnType<typeof tableSection>;

/** LobbyTables is the lobby's lists of tables and what they show. */
export interface LobbyTables {
  pages: Pages;
  list: Table[];
  /** more: the list goes on past its page. */
  more: boolean;
  pager: ReturnType<typeof pager>;
  mine: Section;
  join: Section;
  watch: Section;
  extras: ReturnType<typeof mineExtras>;
  showAllPlaying: boolean;
  showAllOpen: boolean;
  moreJoin: HTMLElement;
  moreWatch: HTMLElement;
  noWatch: HTMLElement;
  pagesNote: HTMLElement;
  noTables: HTMLElement;
}

const watchShown = 8; // matches in play listed before "Show more"
// Tables to join, the newest first (a friend's table is the one just
// made), and only the first few until asked for: on a busy server a
// page of open tables would push the games far down a phone's screen.
const joinShown = 5;

/** lobbyTables builds the lists of tables; turn asks for the pages again. */
export function lobbyTables(pages: Pages, turn: () => void): LobbyTables {
  const tablesPager = pager("Pages of tables", (step) => {
    pages.from = Math.max(0, pages.from + step * tablesPerPage);
    turn();
  });
  // The lists of tables, from the top: the player's own, to return to;
  // those with a seat to take; then, below the games, the rest to watch.
  // A player coming back finds their table at once, and a friend's open
  // table is not under the games. On a busy server the matches in play
  // would bury the people and chat below them, so only the first few of
  // them show until asked for.
  const mineList = tableSection("mine", "Your tables");
  const joinList = tableSection("join", "Tables to join");
  // Over one's tables, how many games wait on one and the next of them;
  // under them, one's vacation (mygames.ts).
  const extras = mineExtras(() => renderTables(lt));
  mineList.el.querySelector("h2")?.after(extras.head);
  mineList.el.append(extras.vacation);
  const watchList = tableSection("watch", "Tables to watch");
  const moreJoin = h("button", { class: "link more-tables", hidden: true });
  moreJoin.addEventListener("click", () => {
    lt.showAllOpen = true;
    renderTables(lt);
    joinList.list.children[joinShown]?.querySelector<HTMLElement>("button")?.focus();
  });
  joinList.el.append(moreJoin);
  const moreWatch = h("button", { class: "link more-tables", hidden: true });
  moreWatch.addEventListener("click", () => {
    lt.showAllPlaying = true;
    // The button goes: focus moves to the first match it brought.
    renderTables(lt);
    watchList.list.children[watchShown]?.querySelector<HTMLElement>("a")?.focus();
  });
  const noWatch = h("p", { class: "muted small" }, "No matches in play on this page.");
  const pagesNote = h("p", { class: "muted small pages-note" },
    `The tables come ${tablesPerPage} to a page, those to join among them; yours are on every page.`);
  watchList.el.append(noWatch, moreWatch, pagesNote, tablesPager.el);
  const noTables = h("p", { class: "muted no-tables" }, "No tables yet. Play the computer, or make a new table and invite someone.");
  const lt: LobbyTables = {
    pages, list: [], more: false, pager: tablesPager, mine: mineList, join: joinList, watch: watchList, extras,
    showAllPlaying: false, showAllOpen: false, moreJoin, moreWatch, noWatch, pagesNote, noTables,
  };
  return lt;
}

async function sit(t: Table, seat: number): Promise<void> {
  try {
    await socket.send("table.sit", { table: t.id, seat });
    navigate("/t/" + t.id);
  } catch (x) {
    toast((x as Error).message, "error");
  }
}

/** tableItem is a table's entry, with what the player may do there.
 * One's own tables say when each began, and which goes on from a save:
 * a game still in play and the copy loaded from its save read alike
 * otherwise. */
const tableItem = (t: Table, action: HTMLElement, own = false) => h("li", { class: "table-item", "data-table": t.id },
  h("div", null,
    h("strong", null, gameTitle(t.game)), " ",
    h("span", { class: "muted small" }, optionsText(t)),
    h("div", { class: "small" }, t.seats.map(seatLabel).join(" vs ")),
    own ? h("div", { class: "muted small table-began" }, beganText(t)) : null,
    h("span", { class: "tag status-" + (t.paused ? "paused" : t.status) }, t.status === "open" ? "waiting for players" : t.paused ? "paused" : "in play"), " ",
    h("span", { class: "tag kind-" + (t.kind ?? "live") }, kindWords(t)),
    h("div", { class: "muted small leave-policy" }, tableLeavingWords(t)),
    waitLine(t.id)),
  action);

export function renderTables(lt: LobbyTables): void {
  const pages = lt.pages;
  lt.pager.show(pages.from, Math.min(lt.list.length, tablesPerPage), lt.more);
  const visible = lt.list.filter((t) => t.status !== "over");
  // One's own tables (those one sits at or made, as the server counts
  // them for its pages) first, then those with a seat to take (the
  // newest first), then the rest, in the list's order.
  const isMine = (t: Table) => t.creator === app.me?.name ||
    t.seats.some((s) => s.mine || (s.kind === "human" && (s.player ?? s.name) === app.me?.name));
  const rank = (t: Table) => isMine(t) ? 0 : t.seats.some((s) => s.kind === "open") ? 1 : 2;
  const ranked = (r: number) => visible.filter((t) => rank(t) === r);
  const mine = ranked(0), open = ranked(1), others = ranked(2);
  renderMine(lt, mine);
  renderJoin(lt, open);
  renderWatch(lt, others);
  lt.mine.el.hidden = mine.length === 0;
  lt.join.el.hidden = open.length === 0;
  // The pages turn every list but one's own: their buttons stay in one
  // place, at the foot of the last list, while there is more than one.
  const paged = pages.from > 0 || lt.more;
  lt.watch.el.hidden = others.length === 0 && !paged;
  lt.noWatch.hidden = others.length > 0;
  lt.pagesNote.hidden = !paged;
  lt.noTables.hidden = visible.length > 0 || paged;
}

function renderMine(lt: LobbyTables, mine: Table[]): void {
  // One's games waiting on one come first, marked (My games,
  // mygames.ts); the rest keep their order.
  const mineSorted = mine.slice().sort((a, b) => waitRank(a.id) - waitRank(b.id));
  lt.mine.list.replaceChildren(...mineSorted.map((t) => {
    const li = tableItem(t, h("a", { class: "button", href: "/t/" + t.id, "data-nav": true,
      "aria-label": `Return to ${gameTitle(t.game)}: ${t.seats.map(seatLabel).join(" vs ")}, ${beganText(t)}` }, "Return"), true);
    if (waitRank(t.id) < myGamesCount()) li.classList.add("my-turn");
    return li;
  }));
}

function renderJoin(lt: LobbyTables, open: Table[]): void {
  const newest = open.slice().reverse();
  const joinable = lt.showAllOpen ? newest : newest.slice(0, joinShown);
  const hiddenOpen = newest.length - joinable.length;
  lt.moreJoin.hidden = hiddenOpen === 0;
  lt.moreJoin.textContent = `Show ${hiddenOpen} more ${hiddenOpen === 1 ? "table" : "tables"} to join`;
  lt.join.list.replaceChildren(...joinable.map((t) => {
    const seat = t.seats.findIndex((s) => s.kind === "open");
    return tableItem(t, h("button", { class: "primary", onclick: () => sit(t, seat), "data-table": t.id }, "Join"));
  }));
}

function renderWatch(lt: LobbyTables, others: Table[]): void {
  const watched = lt.showAllPlaying ? others : others.slice(0, watchShown);
  // Each link names its table: a screen reader's list of links would
  // otherwise read "Watch, Watch, Watch".
  lt.watch.list.replaceChildren(...watched.map((t) => tableItem(t, h("a", { class: "button", href: "/t/" + t.id, "data-nav": true,
    "aria-label": `Watch ${gameTitle(t.game)}: ${t.seats.map(seatLabel).join(" vs ")}` }, "Watch"))));
  const hiddenMatches = others.length - watched.length;
  lt.moreWatch.hidden = hiddenMatches === 0;
  lt.moreWatch.textContent = `Show ${hiddenMatches} more ${hiddenMatches === 1 ? "match" : "matches"} in play`;
}
