// The service worker: it keeps the app's shell (the page, its script,
// styles and icons) so that Parlor starts offline, and it shows the
// notices the server pushes to a player who is not looking, opening the
// table when the notice is clicked.
//
// It is bundled on its own (package web, Bundle.SW) and served at /sw.js
// so that its scope is the whole site. The server writes the release into
// VERSION, so each release is a new worker, which keeps a new cache and
// drops the old ones.

// The parts of the service worker's world this file uses: the project's
// type-checker knows the page's (DOM) types, not the worker's.
interface ExtendableEvent extends Event { waitUntil(p: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { request: Request; respondWith(r: Response | Promise<Response>): void }
interface PushEvent extends ExtendableEvent { data: { json(): unknown; text(): string } | null }
interface NotificationEvent extends ExtendableEvent { notification: Notification & { data: unknown; close(): void } }
interface WindowClient { url: string; focus(): Promise<WindowClient>; postMessage(m: unknown): void }
interface Scope {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", f: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", f: (e: FetchEvent) => void): void;
  addEventListener(type: "push", f: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", f: (e: NotificationEvent) => void): void;
  location: Location;
}

declare const VERSION: string;
const sw = self as unknown as Scope;
const cacheName = "parlor-shell-" + VERSION;

/** The shell: the page, the files it names at once, and the icons. */
async function keepShell(): Promise<void> {
  const cache = await caches.open(cacheName);
  const page = await fetch("/", { credentials: "same-origin", cache: "no-cache" });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put("/", page);
  const named = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  await cache.addAll([...new Set(named), "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"]);
}

sw.addEventListener("install", (e) => {
  e.waitUntil(keepShell().then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) {
      if (k.startsWith("parlor-shell-") && k !== cacheName) await caches.delete(k);
    }
    await sw.clients.claim();
  })());
});

/** Pages (any of the app's addresses) come from the network, and from the
 * kept shell when there is none; a script or style, whose address names
 * its version, from the cache first. The API and the socket are never
 * kept: their answers are the player's and of the moment. */
sw.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== sw.location.origin || url.pathname.startsWith("/api/")) return;
  if (req.mode === "navigate") {
    e.respondWith((async () => {
      try {
        const r = await fetch(req);
        if (r.ok && (url.pathname === "/" || url.pathname === "/lobby")) {
          const cache = await caches.open(cacheName);
          await cache.put("/", r.clone());
        }
        return r;
      } catch {
        const kept = await caches.match("/");
        return kept ?? new Response("Parlor is offline.", { status: 503, headers: { "Content-Type": "text/plain" } });
      }
    })());
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest") {
    e.respondWith((async () => {
      const kept = await caches.match(req);
      if (kept) return kept;
      const r = await fetch(req);
      if (r.ok) {
        const cache = await caches.open(cacheName);
        await cache.put(req, r.clone());
      }
      return r;
    })());
  }
});

/** A notice as the server pushes it (server/pushnotify.go). */
interface Notice { kind?: string; title?: string; body?: string; url?: string; tag?: string }

/** url is a path of this site, or the lobby: a notice opens nothing else. */
function sitePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

sw.addEventListener("push", (e) => {
  let n: Notice = {};
  try {
    n = (e.data?.json() ?? {}) as Notice;
  } catch {
    n = { body: e.data?.text() };
  }
  const url = sitePath(n.url);
  e.waitUntil(sw.registration.showNotification(n.title || "Parlor", {
    body: n.body || "",
    tag: n.tag || undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url, kind: n.kind || "" },
  }));
});

/** A click opens the notice's table: in a window of Parlor already open
 * (which goes there without reloading), or in a new one. */
sw.addEventListener("notificationclick", (e) => {
  e.notification.close();
  const url = sitePath((e.notification.data as { url?: unknown } | null)?.url);
  e.waitUntil((async () => {
    const wins = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
    const win = wins.find((w) => new URL(w.url).origin === sw.location.origin);
    if (win) {
      win.postMessage({ type: "parlor.open", url });
      await win.focus().catch(() => undefined);
      return;
    }
    await sw.clients.openWindow(url);
  })());
});
