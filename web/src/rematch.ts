// Rematch offers (docs/protocol.md, "Rematches", protocol v8). A rematch
// asked for after a game with other people seats nobody: the server
// pushes an offer to every person of the old match, wherever they are,
// and opens the new table only once all of them have accepted. This
// module keeps the offers pushed and shows them in a panel over every
// screen (the lobby, another table, the result of the old one): who asks,
// who has yet to answer, the time left, and Accept and Decline. When
// everyone has accepted, a player in the lobby or at the old table goes to
// the new one; elsewhere a notice links to it.
import { clear, h, toast } from "./dom";
import { app, gameTitle, navigate } from "./state";
import { socket } from "./ws";

/** RematchOffer is an offer as the server pushes it. */
export interface RematchOffer {
  table: string;
  game: string;
  title: string;
  by: string;
  people: { name: string; accepted: boolean }[];
  until?: string;
  state: "open" | "started" | "declined" | "lapsed";
  next?: string;
  declinedBy?: string;
  /** Why a lapsed offer lapsed (protocol v9), and who left. */
  lapse?: "time" | "quit" | "signed-out" | "gone" | "stopped";
  left?: string;
}

/** lapseNote says why offer o lapsed: who left and how, that its server
 * stopped, or that time ran out. */
export function lapseNote(o: RematchOffer, title: string): string {
  const who = o.left === app.me?.name ? "You" : o.left ?? "Someone";
  const end = `the rematch offer of ${title} lapsed.`;
  switch (o.lapse) {
    case "quit": return `${who} left the table: ${end}`;
    case "signed-out": return `${who} signed out: ${end}`;
    case "gone": return `${who} went offline and did not come back in time: ${end}`;
    case "stopped": return `The server holding the table stopped, so ${end} Open a new table to play again.`;
  }
  return `The rematch offer of ${title} lapsed: not everyone accepted in time.`;
}

/** quitTable tells the server that the player quits table for good when
 * a rematch offer about it waits for them: the offer lapses, and everyone
 * in it is told they left, rather than waiting for someone who walked
 * away. */
export function quitTable(table: string): void {
  const o = offers.get(table);
  if (!o || !o.people.some((p) => p.name === app.me?.name)) return;
  socket.send("table.leave", { table }).catch((x) => toast((x as Error).message, "error"));
}

const offers = new Map<string, RematchOffer>();
let panel: HTMLElement | null = null;
let ticker = 0;

function mine(o: RematchOffer): boolean {
  return o.people.some((p) => p.name === app.me?.name && p.accepted);
}

function waiting(o: RematchOffer): string {
  const names = o.people.filter((p) => !p.accepted).map((p) => p.name);
  if (names.length < 2) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

function secondsLeft(o: RematchOffer): number {
  return o.until ? Math.max(0, Math.round((Date.parse(o.until) - Date.now()) / 1000)) : 0;
}

function clock(s: number): string {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** atTable reports whether the page shows table id. */
function atTable(id: string): boolean {
  return location.pathname === "/t/" + id;
}

function inLobby(): boolean {
  return location.pathname === "/" || location.pathname === "/lobby";
}

/** answer accepts (yes) or declines the offer of table. */
export async function answerRematch(table: string, yes: boolean): Promise<void> {
  try {
    if (yes) {
      const r = await socket.send<{ table?: { id: string }; offer?: RematchOffer }>("match.rematch", { table });
      if (r.offer) took(r.offer);
      else if (r.table) {
        offers.delete(table);
        render();
        // The started push may have brought the page there already.
        if (!atTable(r.table.id)) navigate("/t/" + r.table.id, false, false);
      }
    } else {
      await socket.send("match.rematch.decline", { table });
    }
  } catch (x) {
    toast((x as Error).message, "error");
  }
}

/** took follows an offer from a push or a reply. */
function took(o: RematchOffer): void {
  const title = o.title || gameTitle(o.game);
  switch (o.state) {
    case "open":
      offers.set(o.table, o);
      break;
    case "started":
      offers.delete(o.table);
      if (o.next && mine(o)) {
        if (inLobby() || atTable(o.table)) navigate("/t/" + o.next, false, false);
        else if (!atTable(o.next)) toast(`Everyone accepted the rematch of ${title}.`, "info", undefined, { href: "/t/" + o.next, label: "Go to the table" });
      }
      break;
    case "declined":
      offers.delete(o.table);
      toast(o.declinedBy === app.me?.name ? `You declined the rematch of ${title}.` : `${o.declinedBy ?? "Someone"} declined the rematch of ${title}.`);
      break;
    case "lapsed":
      offers.delete(o.table);
      toast(lapseNote(o, title));
      break;
  }
  render();
}

/** render draws the open offers, or removes the panel when none is. */
function render(): void {
  for (const [k, o] of offers) if (secondsLeft(o) <= 0) offers.delete(k);
  if (offers.size === 0) {
    panel?.remove();
    panel = null;
    if (ticker) clearInterval(ticker);
    ticker = 0;
    return;
  }
  if (!panel) {
    panel = h("section", { class: "rematch-offers", id: "rematch-offers", "aria-label": "Rematch offers", "aria-live": "polite" });
    document.body.append(panel);
  }
  if (!ticker) ticker = window.setInterval(render, 1000);
  clear(panel);
  for (const o of offers.values()) {
    const title = o.title || gameTitle(o.game);
    const left = clock(secondsLeft(o));
    const card = h("div", { class: "rematch-offer", "data-table": o.table });
    if (mine(o)) {
      const withdraw = h("button", { class: "rematch-decline" }, "Withdraw");
      withdraw.addEventListener("click", () => void answerRematch(o.table, false));
      card.append(h("p", null, h("strong", null, `Rematch of ${title}`), h("span", { class: "rematch-text" }, `Waiting for ${waiting(o)} to accept.`),
        h("span", { class: "rematch-left muted" }, `Lapses in ${left}.`)), h("div", { class: "actions" }, withdraw));
    } else {
      const accept = h("button", { class: "primary rematch-accept" }, "Accept");
      const decline = h("button", { class: "rematch-decline" }, "Decline");
      accept.addEventListener("click", () => { accept.disabled = decline.disabled = true; void answerRematch(o.table, true).finally(() => { accept.disabled = decline.disabled = false; }); });
      decline.addEventListener("click", () => void answerRematch(o.table, false));
      const others = o.people.filter((p) => p.accepted && p.name !== o.by).map((p) => p.name);
      const also = others.length ? ` ${others.join(", ")} accepted too.` : "";
      card.append(h("p", null, h("strong", null, `${o.by} offers a rematch of ${title}`),
        h("span", { class: "rematch-text" }, `Nobody is seated until everyone accepts.${also}`),
        h("span", { class: "rematch-left muted" }, `Lapses in ${left}.`)), h("div", { class: "actions" }, accept, decline));
    }
    panel.append(card);
  }
}

/** followRematches keeps the offers as the server pushes them. A new
 * connection is told of the offers still open, so each starts from none. */
export function followRematches(): void {
  socket.on("hello", () => { offers.clear(); render(); });
  socket.on("rematch", (m: { offer: RematchOffer }) => { if (m.offer) took(m.offer); });
}

/** rematchOffer is the open offer about table, if any. */
export function rematchOffer(table: string): RematchOffer | undefined {
  return offers.get(table);
}
