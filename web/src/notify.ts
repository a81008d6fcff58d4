// Notices for a player who is not looking (server/notify.go): the service
// worker that shows them, this browser's push subscription, and the
// player's choices of what they are told.
//
// Permission is never asked on load: a browser asks once, and a question
// out of the blue is refused for good. It is asked when the player does
// something that makes a notice worth having: the first correspondence
// table they make, the first challenge they accept (those screens call
// askForNotices from the click), or the settings' switch.
import { http } from "./api";
import { navigate } from "./state";

/** What this browser can do about push notices. */
export type PushState = "unsupported" | "denied" | "on" | "off";

/** A choice of the player: whether notices of kind reach them by channel. */
export interface NoticePref { kind: string; channel: string; enabled: boolean }

/** The kinds in settings' words. */
export const noticeKinds: [string, string][] = [
  ["turn", "It is my move"],
  ["challenge", "Someone challenges me"],
  ["ended", "A game of mine ended while I was away"],
  ["friendOnline", "A friend comes online"],
];

const askedKey = "parlor.push.asked";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** startWorker registers the service worker (which keeps the shell for
 * offline start), follows its requests to open a table, and, where the
 * player allowed notices on this browser before, tells the server of
 * the subscription again: the browser may have signed in as someone else
 * since, and the subscription follows whoever uses it now. */
export function startWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (e: MessageEvent) => {
    const m = e.data as { type?: string; url?: unknown } | null;
    if (m?.type === "parlor.open" && typeof m.url === "string" && m.url.startsWith("/") && !m.url.startsWith("//")) {
      navigate(m.url);
    }
  });
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}

/** refreshSubscription sends this browser's subscription, if any, to the
 * server for the player now signed in. */
export async function refreshSubscription(): Promise<void> {
  if (!supported() || Notification.permission !== "granted") return;
  try {
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.getSubscription();
    if (sub) await http<void>("POST", "/api/push/subscribe", sub.toJSON());
  } catch {
    // Kept for the next start: a notice missed is no error to show.
  }
}

/** pushState says whether this browser sends the player notices. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  return sub ? "on" : "off";
}

/** subscribe asks for permission (from a click: browsers refuse it
 * otherwise), subscribes this browser with the server's key and tells
 * the server. It resolves to the state reached. */
export async function subscribe(): Promise<PushState> {
  if (!supported()) return "unsupported";
  localStorage.setItem(askedKey, "1");
  const perm = await Notification.requestPermission();
  if (perm !== "granted") return perm === "denied" ? "denied" : "off";
  const { key } = await http<{ key: string }>("GET", "/api/push/key");
  const reg = await navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await http<void>("POST", "/api/push/subscribe", sub.toJSON());
  return "on";
}

/** unsubscribe stops notices to this browser, here and at the server. */
export async function unsubscribe(): Promise<PushState> {
  if (!supported()) return "unsupported";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await http<void>("POST", "/api/push/unsubscribe", { endpoint: sub.endpoint }).catch(() => undefined);
    await sub.unsubscribe();
  }
  return Notification.permission === "denied" ? "denied" : "off";
}

/** askForNotices is what a screen calls, from the player's click, when
 * they first do something a notice would serve: make a correspondence
 * table, accept a challenge. It asks once per browser, and never where
 * the player already answered. */
export async function askForNotices(): Promise<PushState> {
  if (!supported() || localStorage.getItem(askedKey) || Notification.permission !== "default") return pushState();
  try {
    return await subscribe();
  } catch {
    return pushState();
  }
}

/** A player's mail settings: the address, whether it is confirmed, and
 * the digest's interval in minutes. */
export interface MailSettings { address: string; verified: boolean; every: number }

export const mailSettings = {
  get: () => http<MailSettings>("GET", "/api/notify/mail"),
  set: (address: string, every: number) => http<MailSettings>("PUT", "/api/notify/mail", { address, every }),
  remove: () => http<void>("DELETE", "/api/notify/mail"),
};

export const noticePrefs = {
  get: () => http<{ prefs: NoticePref[] }>("GET", "/api/notify/prefs"),
  set: (prefs: NoticePref[]) => http<{ prefs: NoticePref[] }>("PUT", "/api/notify/prefs", { prefs }),
};

function sameKey(sub: PushSubscription, key: string): boolean {
  const k = sub.options.applicationServerKey;
  if (!k) return false;
  const a = new Uint8Array(k), b = fromBase64url(key);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function fromBase64url(s: string): Uint8Array {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
