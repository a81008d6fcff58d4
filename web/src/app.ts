// Entry point: finds out who is signed in, connects the WebSocket and
// routes between screens.
import { api, HttpError, type Achievement, type User } from "./api";
import { clear, h, toast } from "./dom";
import { followEnded, forgetEnded } from "./ended";
import { followRematches } from "./rematch";
import { followSocial } from "./social";
import { followMyGames, forgetMyGames, recountWaiting, refreshMyGames } from "./mygames";
import { endedNews } from "./recentgames";
import { applySettings } from "./settings";
import { play } from "./sound";
import { app, gameTitle, linkHandler, mayLeave, navigate, onNavigate } from "./state";
import { socket } from "./ws";
import { closeRules } from "./rules";
import { menuButton } from "./menu";
import { welcomeScreen } from "./screens/welcome";
import { lobbyScreen } from "./screens/lobby";
import { tableScreen } from "./screens/table";
import { profileScreen } from "./screens/profile";
import { savesScreen } from "./screens/saves";
import { replayScreen } from "./screens/replay";
import { settingsScreen } from "./screens/settings";
import { rulesScreen } from "./screens/rulespage";
import { resetScreen, verifyEmailScreen } from "./screens/reset";
import { focusScreen, mainControl, setTitle, skipLink } from "./screenfocus";
import { refreshSubscription, startWorker } from "./notify";
import { gameEntries } from "./games/load";
import type { GamePage } from "./games/entry";

/** A screen fills main and returns a function that tears it down. */
export type Screen = (main: HTMLElement, params: string[]) => (() => void) | void;

/** A route is a screen's address, the screen, and the page's title while
 * the screen has not named itself more closely (a table names its game and
 * players once it has them). */
const routes: [RegExp, Screen, (p: string[]) => string][] = [
  [/^\/(?:lobby)?$/, lobbyScreen, () => "Lobby"],
  [/^\/t\/([\w-]+)$/, tableScreen, () => "Table"],
  [/^\/profile\/([^/]+)$/, profileScreen, (p) => `Profile of ${p[0]}`],
  [/^\/saves$/, savesScreen, () => "Saved games"],
  [/^\/replay\/([\w-]+)$/, replayScreen, () => "Replay"],
  [/^\/settings$/, settingsScreen, () => "Settings"],
  [/^\/rules\/(\w+)$/, rulesScreen, (p) => `Rules of ${gameTitle(p[0])}`],
  // A game's page of its own, at /<game>, named by the game.
  ...gameEntries().filter(([, e]) => e.page).map(([name, e]): [RegExp, Screen, () => string] =>
    [new RegExp(`^/${name}$`), pageScreen(e.page!), () => gameTitle(name)]),
];

/** pageScreen shows a game's page once its code has come; leaving the
 * screen before then shows nothing. */
function pageScreen(page: GamePage): Screen {
  return (main) => {
    let left = false;
    page.load().then((p) => { if (!left) p.screen(main); }, (x: Error) => toast(x.message, "error"));
    return () => { left = true; };
  };
}

/** publicRoutes are the screens a mailed link opens, which show whether
 * or not anyone is signed in. */
const publicRoutes: [RegExp, Screen, () => string][] = [
  [/^\/reset\/([\w-]+)$/, resetScreen, () => "New password"],
  [/^\/verify-email\/([\w-]+)$/, verifyEmailScreen, () => "E-mail address"],
];

const root = document.getElementById("app") as HTMLElement;
let teardown: (() => void) | void;
let banner: HTMLElement | null = null;

function header(): HTMLElement {
  const me = app.me;
  const path = location.pathname;
  const nav = (href: string, label: string, match: (p: string) => boolean) =>
    h("a", { href, "data-nav": true, "aria-current": match(path) ? "page" : null }, label);
  return h(
    "header",
    { class: "topbar" },
    h("a", { class: "brand", href: "/", "data-nav": true, "aria-label": "Parlor, go to the lobby" },
      h("span", { class: "brand-mark", "aria-hidden": "true" }), "Parlor"),
    me ? menuButton() : null,
    me
      ? h(
        "nav",
        { "aria-label": "Main" },
        nav("/", "Lobby", (p) => p === "/" || p === "/lobby"),
        nav("/saves", "Saved games", (p) => p === "/saves"),
        nav("/profile/" + encodeURIComponent(me.name), "Profile", (p) => p.startsWith("/profile/")),
        nav("/settings", "Settings", (p) => p === "/settings"),
      )
      : h("span"),
    me
      ? h("div", { class: "who" },
        h("span", { class: "who-name", title: me.guest ? "Guest" : "Signed in" }, me.name, me.guest ? h("small", null, " (guest)") : null),
        h("button", { class: "link", onclick: logout }, "Log out"))
      : null,
  );
}

async function logout(): Promise<void> {
  if (!(await mayLeave())) return;
  try {
    await api.logout();
  } catch {
    // the session is gone either way once the socket closes
  }
  socket.close();
  forgetEnded();
  forgetMyGames();
  app.me = null;
  navigate("/", true, false);
}

function route(): void {
  if (teardown) teardown();
  teardown = undefined;
  // What the screen reader was told of the last screen is not said again
  // on the next.
  const announcer = document.getElementById("announcer");
  if (announcer) announcer.textContent = "";
  closeRules();
  clear(root);
  const main = h("main", { id: "screen", tabindex: "-1" });
  root.append(skipLink(() => document.getElementById("screen")), header(), main);
  recountWaiting();
  mount(main);
  void refreshMyGames();
  // A page just loaded leaves the focus where the browser puts it, before
  // the skip link, the first Tab stop. A screen that replaces another puts
  // it in the new screen, which has drawn what it has at once (a table
  // draws the rest when the server answers, and moves the focus to the
  // board then if it is the player's move).
  if (routed) focusScreen(main);
  routed = true;
}

/** routed is whether a screen was shown since the page loaded. */
let routed = false;

/** mount shows the screen of the address in main and names it. */
function mount(main: HTMLElement): void {
  const here = location.pathname.replace(/\/+$/, "");
  for (const [re, screen, title] of publicRoutes) {
    const m = re.exec(here);
    if (m) {
      setTitle(title());
      teardown = screen(main, m.slice(1));
      return;
    }
  }
  if (!app.me) {
    setTitle("Welcome");
    teardown = welcomeScreen(main);
    return;
  }
  const path = location.pathname.replace(/\/+$/, "") || "/";
  for (const [re, screen, title] of routes) {
    const m = re.exec(path);
    if (m) {
      const params = m.slice(1).map(decodeURIComponent);
      setTitle(title(params));
      teardown = screen(main, params);
      return;
    }
  }
  setTitle("Page not found");
  main.append(h("section", { class: "card narrow" }, h("h1", null, "Page not found"),
    h("p", null, "There is nothing at this address."), h("a", { href: "/", "data-nav": true, class: "button", [mainControl]: true }, "Go to the lobby")));
}

/** connectionBanner shows that the connection is lost and being made
 * again; refused by the server (why: too many connections open, say), it
 * shows the server's sentence instead, and a button to try again now
 * rather than after the long wait that follows a refusal. */
function connectionBanner(up: boolean, why?: string): void {
  if (up) {
    banner?.remove();
    banner = null;
    return;
  }
  const content = why
    ? [h("span", { class: "banner-why" }, why), " ", h("button", { class: "link banner-retry", onclick: () => socket.retryNow() }, "Try again")]
    : ["Connection lost. Reconnecting…"];
  if (!banner) {
    banner = h("div", { class: "banner", role: "alert" });
    document.body.append(banner);
  }
  banner.replaceChildren(...content);
}

/** sessionUser is the session's user, or null when there is none. A 503
 * (the server cannot reach its database to check the session) says
 * nothing of the session: it is asked again, with a banner meanwhile,
 * rather than the player being shown the sign-in screen, and the session
 * is kept. */
async function sessionUser(): Promise<User | null> {
  for (let wait = 500; ; wait = Math.min(2 * wait, 5000)) {
    try {
      const me = await api.session();
      connectionBanner(true);
      return me.user;
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 503) throw e;
      connectionBanner(false, e.message);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

async function start(): Promise<void> {
  applySettings();
  document.addEventListener("click", linkHandler);
  window.addEventListener("popstate", route);
  onNavigate(route);
  socket.statusListeners.add(connectionBanner);
  // The service worker keeps the shell for an offline start and shows
  // push notices; a subscription this browser holds goes to whoever is
  // signed in, once per connection made.
  startWorker();
  let told: number | null = null;
  socket.statusListeners.add((up) => {
    if (up && app.me && told !== app.me.id) {
      told = app.me.id;
      void refreshSubscription();
    }
  });
  socket.on("achievement", (m: { achievement: Achievement }) => {
    const a = m.achievement;
    play("achievement");
    // Worded as the games' specs word their achievement messages.
    toast(a.description || "", "achievement", "You've unlocked: " + a.title);
  });
  // The games that ended while the player was away come whenever the
  // list changes, wherever the player is; the lobby shows the last list.
  // At another screen (another table, say) a notice tells of a game new
  // to the list, once, and points to the lobby, where the note waits.
  followRematches();
  followSocial();
  followMyGames();
  followEnded((fresh) => toast(endedNews(fresh), "ended", undefined, { href: "/", label: "See the lobby" }));
  // /api/session, not /api/me: a signed-out visit is no error (a 401
  // would be logged in the browser's console on every visit).
  const [me, games] = await Promise.allSettled([sessionUser(), api.games()]);
  if (me.status === "fulfilled") app.me = me.value;
  if (games.status === "fulfilled") app.games = games.value.games ?? [];
  if (app.me) socket.connect();
  else if (location.pathname !== "/") sessionStorage.setItem("parlor.next", location.pathname + location.search);
  route();
}

void start();
