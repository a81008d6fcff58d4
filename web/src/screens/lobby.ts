// The lobby: who is online with their records, the tables, and chat.
import type { RecentGame, Stats, Table } from "../api";
import { botName, seatWithLevel } from "../botnames";
import { tableLeavingWords } from "../leaving";
import { chatBox } from "../chat";
import { clear, fmtTime, h, toast } from "../dom";
import { dismissEnded, endedGames, markTold, onEnded } from "../ended";
import { opponentsOf, reasonOf, resultOf } from "../recentgames";
import { app, gameTitle, navigate } from "../state";
import { socket } from "../ws";
import { openCreateDialog } from "./create";
import { gameCards } from "../gamecards";
import { firstGame, gameEntry } from "../games/load";
import { personMenu } from "../social";
import { friendsPanel } from "./friends";
import { mineExtras, waitLine, waitRank } from "./mygames";
import { myGames } from "../mygames";

interface Online { name: string; guest: boolean; stats: Record<string, Stats> | null }

/** applyChanges returns list without the items gone, with each changed
 * item in its place or, if new, at the end (a new table is the newest). */
function applyChanges<T>(list: T[], changed: T[], gone: string[], key: (x: T) => string): T[] {
  const out = list.filter((x) => !gone.includes(key(x)));
  for (const c of changed) {
    const i = out.findIndex((x) => key(x) === key(c));
    if (i >= 0) out[i] = c;
    else out.push(c);
  }
  return out;
}

/** byName orders names as the server does: by their lower-case form. */
function byName(a: string, b: string): number {
  const x = a.toLowerCase(), y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

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

/** A page of the lobby's tables, and of who is online, holds at most
 * this many (one's own tables and entry come too, wherever they are in the
 * list): a crowded server's ten thousand need not all be sent. */
export const tablesPerPage = 100;
export const peoplePerPage = 100;

/** pager is the buttons to the previous and next page of one of the
 * lobby's lists and the words for the page shown; hidden while the list
 * fits on one page. */
function pager(label: string, turn: (step: number) => void) {
  const prev = h("button", { class: "link pager-prev", onclick: () => turn(-1) }, "‹ Previous");
  const next = h("button", { class: "link pager-next", onclick: () => turn(1) }, "Next ›");
  const where = h("span", { class: "muted small pager-where", "aria-live": "polite" });
  const el = h("nav", { class: "pager", "aria-label": label }, prev, where, next);
  const show = (from: number, shown: number, more: boolean) => {
    prev.disabled = from === 0;
    next.disabled = !more;
    el.hidden = from === 0 && !more;
    where.textContent = shown > 0 ? `${from + 1}–${from + shown}` : "nothing here now";
  };
  return { el, show };
}

/** tableSection is one of the lobby's lists of tables: a panel under a
 * heading of its own, hidden while it lists none. */
function tableSection(id: string, title: string) {
  const list = h("ul", { class: "table-list" });
  const el = h("section", { class: `panel ${id}-panel`, "aria-labelledby": id + "-h", hidden: true },
    h("h2", { id: id + "-h" }, title), list);
  return { el, list };
}

export function lobbyScreen(main: HTMLElement): () => void {
  const people = h("ul", { class: "people", "aria-label": "Players online" });
  const chat = chatBox("lobby", "Lobby chat");
  const friends = friendsPanel();
  const ended = endedWhileAway();
  let online: Online[] = [];
  let tableList: Table[] = [];
  // The pages held (since v6) and whether each list goes on past its page.
  const pages = { page: tablesPerPage, from: 0, online: peoplePerPage, onlineFrom: 0 };
  let tablesMore = false, peopleMore = false;
  // The lobby is laid out hidden until its first lists came, as a table
  // is until its board did: one's own tables come above the games, and
  // drawn later they would push the games down under the player's finger.
  const loading = h("p", { class: "loading lobby-loading" }, "Opening the lobby…");
  const lobby = h("div", { class: "lobby", hidden: true });
  const shown = () => {
    loading.remove();
    lobby.hidden = false;
  };
  const join = () => socket.joinLobby({ ...pages }).catch((x: Error) => {
    shown();
    toast(x.message, "error");
  });
  const tablesPager = pager("Pages of tables", (step) => {
    pages.from = Math.max(0, pages.from + step * tablesPerPage);
    void join();
  });
  const peoplePager = pager("Pages of players online", (step) => {
    pages.onlineFrom = Math.max(0, pages.onlineFrom + step * peoplePerPage);
    void join();
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
  const extras = mineExtras(() => renderTables());
  mineList.el.querySelector("h2")?.after(extras.head);
  mineList.el.append(extras.vacation);
  const watchList = tableSection("watch", "Tables to watch");
  let showAllPlaying = false, showAllOpen = false;
  const watchShown = 8; // matches in play listed before "Show more"
  // Tables to join, the newest first (a friend's table is the one just
  // made), and only the first few until asked for: on a busy server a
  // page of open tables would push the games far down a phone's screen.
  const joinShown = 5;
  const moreJoin = h("button", { class: "link more-tables", hidden: true });
  moreJoin.addEventListener("click", () => {
    showAllOpen = true;
    renderTables();
    joinList.list.children[joinShown]?.querySelector<HTMLElement>("button")?.focus();
  });
  joinList.el.append(moreJoin);
  const moreWatch = h("button", { class: "link more-tables", hidden: true });
  moreWatch.addEventListener("click", () => {
    showAllPlaying = true;
    // The button goes: focus moves to the first match it brought.
    renderTables();
    watchList.list.children[watchShown]?.querySelector<HTMLElement>("a")?.focus();
  });
  const noWatch = h("p", { class: "muted small" }, "No matches in play on this page.");
  const pagesNote = h("p", { class: "muted small pages-note" },
    `The tables come ${tablesPerPage} to a page, those to join among them; yours are on every page.`);
  watchList.el.append(noWatch, moreWatch, pagesNote, tablesPager.el);
  const noTables = h("p", { class: "muted no-tables" }, "No tables yet. Play the computer, or make a new table and invite someone.");

  const renderPeople = () => {
    peoplePager.show(pages.onlineFrom, Math.min(online.length, peoplePerPage), peopleMore);
    clear(people);
    if (online.length === 0) people.append(h("li", { class: "muted" }, "Nobody else is here yet."));
    for (const u of online) {
      const stats = Object.entries(u.stats ?? {}).filter(([, s]) => s && s.played > 0)
        .map(([g, s]) => `${gameTitle(g)}: ${s.won} won of ${s.played}`);
      people.append(h("li", null,
        h("a", { href: "/profile/" + encodeURIComponent(u.name), "data-nav": true, class: "person" }, u.name),
        u.guest ? h("span", { class: "tag" }, "guest") : null,
        personMenu(u.name),
        h("span", { class: "muted small stats" }, stats.length ? stats.join(" · ") : "no games yet")));
    }
  };

  const sit = async (t: Table, seat: number) => {
    try {
      await socket.send("table.sit", { table: t.id, seat });
      navigate("/t/" + t.id);
    } catch (x) {
      toast((x as Error).message, "error");
    }
  };

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

  const renderTables = () => {
    tablesPager.show(pages.from, Math.min(tableList.length, tablesPerPage), tablesMore);
    const visible = tableList.filter((t) => t.status !== "over");
    // One's own tables (those one sits at or made, as the server counts
    // them for its pages) first, then those with a seat to take (the
    // newest first), then the rest, in the list's order.
    const isMine = (t: Table) => t.creator === app.me?.name ||
      t.seats.some((s) => s.mine || (s.kind === "human" && (s.player ?? s.name) === app.me?.name));
    const rank = (t: Table) => isMine(t) ? 0 : t.seats.some((s) => s.kind === "open") ? 1 : 2;
    const ranked = (r: number) => visible.filter((t) => rank(t) === r);
    const mine = ranked(0), open = ranked(1), others = ranked(2);
    // One's games waiting on one come first, marked (My games,
    // mygames.ts); the rest keep their order.
    const mineSorted = mine.slice().sort((a, b) => waitRank(a.id) - waitRank(b.id));
    mineList.list.replaceChildren(...mineSorted.map((t) => {
      const li = tableItem(t, h("a", { class: "button", href: "/t/" + t.id, "data-nav": true,
        "aria-label": `Return to ${gameTitle(t.game)}: ${t.seats.map(seatLabel).join(" vs ")}, ${beganText(t)}` }, "Return"), true);
      if (waitRank(t.id) < myGamesCount()) li.classList.add("my-turn");
      return li;
    }));
    const newest = open.slice().reverse();
    const joinable = showAllOpen ? newest : newest.slice(0, joinShown);
    const hiddenOpen = newest.length - joinable.length;
    moreJoin.hidden = hiddenOpen === 0;
    moreJoin.textContent = `Show ${hiddenOpen} more ${hiddenOpen === 1 ? "table" : "tables"} to join`;
    joinList.list.replaceChildren(...joinable.map((t) => {
      const seat = t.seats.findIndex((s) => s.kind === "open");
      return tableItem(t, h("button", { class: "primary", onclick: () => sit(t, seat), "data-table": t.id }, "Join"));
    }));
    const watched = showAllPlaying ? others : others.slice(0, watchShown);
    // Each link names its table: a screen reader's list of links would
    // otherwise read "Watch, Watch, Watch".
    watchList.list.replaceChildren(...watched.map((t) => tableItem(t, h("a", { class: "button", href: "/t/" + t.id, "data-nav": true,
      "aria-label": `Watch ${gameTitle(t.game)}: ${t.seats.map(seatLabel).join(" vs ")}` }, "Watch"))));
    const hiddenMatches = others.length - watched.length;
    moreWatch.hidden = hiddenMatches === 0;
    moreWatch.textContent = `Show ${hiddenMatches} more ${hiddenMatches === 1 ? "match" : "matches"} in play`;
    mineList.el.hidden = mine.length === 0;
    joinList.el.hidden = open.length === 0;
    // The pages turn every list but one's own: their buttons stay in one
    // place, at the foot of the last list, while there is more than one.
    const paged = pages.from > 0 || tablesMore;
    watchList.el.hidden = others.length === 0 && !paged;
    noWatch.hidden = others.length > 0;
    pagesNote.hidden = !paged;
    noTables.hidden = visible.length > 0 || paged;
  };
  // The lists come whole when the lobby is joined, then as their changes
  // (protocol v5): the players and tables that are new or different, and
  // the names and ids of those gone. Each is a page (since v6): the pushes
  // say where it starts and whether the list goes on past it.
  const offs = [
    socket.on("lobby.online", (m: { users: Online[] | null; from?: number; more?: boolean }) => {
      online = (m.users ?? []).sort((a, b) => byName(a.name, b.name));
      if (m.from !== undefined) pages.onlineFrom = m.from;
      peopleMore = m.more ?? false;
      renderPeople();
    }),
    socket.on("lobby.online.diff", (m: { users: Online[]; gone: string[]; more?: boolean }) => {
      online = applyChanges(online, m.users, m.gone, (u) => u.name);
      online.sort((a, b) => byName(a.name, b.name));
      if (m.more !== undefined) peopleMore = m.more;
      renderPeople();
    }),
    socket.on("lobby.tables", (m: { tables: Table[] | null; from?: number; more?: boolean }) => {
      // The server sends the list of games that ended while the player
      // was away right after hello, before it answers anything: once the
      // lobby's lists came, the note shows what the server holds (the
      // mark is for tests, as the note may rightly stay hidden).
      ended.el.dataset.read = "true";
      shown();
      tableList = m.tables ?? [];
      if (m.from !== undefined) pages.from = m.from;
      tablesMore = m.more ?? false;
      renderTables();
    }),
    socket.on("lobby.tables.diff", (m: { tables: Table[]; gone: string[]; more?: boolean }) => {
      tableList = applyChanges(tableList, m.tables, m.gone, (t) => t.id);
      if (m.more !== undefined) tablesMore = m.more;
      renderTables();
    }),
  ];
  void join();
  renderPeople();
  renderTables();

  const newBtn = h("button", { class: "primary", id: "new-table" }, "New table…");
  newBtn.addEventListener("click", () => openCreateDialog({ game: firstGame }));
  lobby.append(
    h("div", { class: "lobby-tables" },
      mineList.el, joinList.el,
      h("section", { class: "panel games-panel", "aria-labelledby": "games-h" },
        h("div", { class: "panel-head" }, h("h2", { id: "games-h" }, "Games"), newBtn),
        noTables, gameCards(app.games, true)),
      watchList.el),
    friends.el,
    h("section", { class: "panel people-panel", "aria-labelledby": "people-h" }, h("h2", { id: "people-h" }, "Online"), people, peoplePager.el),
    chat.el);
  main.append(h("h1", { class: "sr-only" }, "Lobby"), ended.el, loading, lobby);
  return () => {
    offs.forEach((f) => f());
    ended.destroy();
    extras.destroy();
    chat.destroy();
    friends.destroy();
    socket.leaveLobby();
  };
}

/** endedWhileAway is the note, above the lobby, of the player's games
 * that ended while they were not at the table (ended.ts): how each ended
 * for them and why, with its replay, as the server last listed them, until
 * they dismiss it here or on another device. Empty, and hidden, when there
 * is none. */
function endedWhileAway(): { el: HTMLElement; destroy: () => void } {
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
