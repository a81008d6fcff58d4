// The lobby: who is online with their records, the tables, and chat. This
// file makes the screen and follows the server's lists; the tables are
// lobbytables.ts, the pages lobbylists.ts, the note of games that ended
// while away lobbyended.ts.
import type { Stats, Table } from "../api";
import { chatBox } from "../chat";
import { clear, h, toast } from "../dom";
import { app, gameTitle } from "../state";
import { socket } from "../ws";
import { openCreateDialog } from "./create";
import { gameCards } from "../gamecards";
import { firstGame } from "../games/load";
import { personMenu } from "../social";
import { friendsPanel } from "./friends";
import { endedWhileAway } from "./lobbyended";
import { applyChanges, byName, pager, peoplePerPage, tablesPerPage } from "./lobbylists";
import { lobbyTables, renderTables, type LobbyTables, type Pages } from "./lobbytables";

export { kindWords, optionsText } from "./lobbytables";
export { peoplePerPage, tablesPerPage } from "./lobbylists";

interface Online { name: string; guest: boolean; stats: Record<string, Stats> | null }

/** LobbyPeople is the list of who is online, a page of it. */
interface LobbyPeople {
  pages: Pages;
  el: HTMLElement;
  online: Online[];
  more: boolean;
  pager: ReturnType<typeof pager>;
}

export function lobbyScreen(main: HTMLElement): () => void {
  const chat = chatBox("lobby", "Lobby chat");
  const friends = friendsPanel();
  const ended = endedWhileAway();
  // The pages held (since v6) and whether each list goes on past its page.
  const pages: Pages = { page: tablesPerPage, from: 0, online: peoplePerPage, onlineFrom: 0 };
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
  const people: LobbyPeople = {
    pages, el: h("ul", { class: "people", "aria-label": "Players online" }), online: [], more: false,
    pager: pager("Pages of players online", (step) => {
      pages.onlineFrom = Math.max(0, pages.onlineFrom + step * peoplePerPage);
      void join();
    }),
  };
  const lt = lobbyTables(pages, () => void join());
  const offs = follow(people, lt, () => {
    // The server sends the list of games that ended while the player
    // was away right after hello, before it answers anything: once the
    // lobby's lists came, the note shows what the server holds (the
    // mark is for tests, as the note may rightly stay hidden).
    ended.el.dataset.read = "true";
    shown();
  });
  void join();
  renderPeople(people);
  renderTables(lt);

  const newBtn = h("button", { class: "primary", id: "new-table" }, "New table…");
  newBtn.addEventListener("click", () => openCreateDialog({ game: firstGame }));
  lobby.append(
    h("div", { class: "lobby-tables" },
      lt.mine.el, lt.join.el,
      h("section", { class: "panel games-panel", "aria-labelledby": "games-h" },
        h("div", { class: "panel-head" }, h("h2", { id: "games-h" }, "Games"), newBtn),
        lt.noTables, gameCards(app.games, true)),
      lt.watch.el),
    friends.el,
    h("section", { class: "panel people-panel", "aria-labelledby": "people-h" }, h("h2", { id: "people-h" }, "Online"), people.el, people.pager.el),
    chat.el);
  main.append(h("h1", { class: "sr-only" }, "Lobby"), ended.el, loading, lobby);
  return () => {
    offs.forEach((f) => f());
    ended.destroy();
    lt.extras.destroy();
    chat.destroy();
    friends.destroy();
    socket.leaveLobby();
  };
}

function renderPeople(p: LobbyPeople): void {
  p.pager.show(p.pages.onlineFrom, Math.min(p.online.length, peoplePerPage), p.more);
  clear(p.el);
  if (p.online.length === 0) p.el.append(h("li", { class: "muted" }, "Nobody else is here yet."));
  for (const u of p.online) {
    const stats = Object.entries(u.stats ?? {}).filter(([, s]) => s && s.played > 0)
      .map(([g, s]) => `${gameTitle(g)}: ${s.won} won of ${s.played}`);
    p.el.append(h("li", null,
      h("a", { href: "/profile/" + encodeURIComponent(u.name), "data-nav": true, class: "person" }, u.name),
      u.guest ? h("span", { class: "tag" }, "guest") : null,
      personMenu(u.name),
      h("span", { class: "muted small stats" }, stats.length ? stats.join(" · ") : "no games yet")));
  }
}

/** follow keeps the lists as the server pushes them, calling tablesCame
 * when a whole list of tables comes; it returns the subscriptions' ends.
 * The lists come whole when the lobby is joined, then as their changes
 * (protocol v5): the players and tables that are new or different, and
 * the names and ids of those gone. Each is a page (since v6): the pushes
 * say where it starts and whether the list goes on past it. */
function follow(people: LobbyPeople, lt: LobbyTables, tablesCame: () => void): (() => void)[] {
  const pages = people.pages;
  return [
    socket.on("lobby.online", (m: { users: Online[] | null; from?: number; more?: boolean }) => {
      people.online = (m.users ?? []).sort((a, b) => byName(a.name, b.name));
      if (m.from !== undefined) pages.onlineFrom = m.from;
      people.more = m.more ?? false;
      renderPeople(people);
    }),
    socket.on("lobby.online.diff", (m: { users: Online[]; gone: string[]; more?: boolean }) => {
      people.online = applyChanges(people.online, m.users, m.gone, (u) => u.name);
      people.online.sort((a, b) => byName(a.name, b.name));
      if (m.more !== undefined) people.more = m.more;
      renderPeople(people);
    }),
    socket.on("lobby.tables", (m: { tables: Table[] | null; from?: number; more?: boolean }) => {
      tablesCame();
      lt.list = m.tables ?? [];
      if (m.from !== undefined) pages.from = m.from;
      lt.more = m.more ?? false;
      renderTables(lt);
    }),
    socket.on("lobby.tables.diff", (m: { tables: Table[]; gone: string[]; more?: boolean }) => {
      lt.list = applyChanges(lt.list, m.tables, m.gone, (t) => t.id);
      if (m.more !== undefined) lt.more = m.more;
      renderTables(lt);
    }),
  ];
}
