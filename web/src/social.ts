// Friends, blocks, mutes, reports and challenges (docs/protocol.md,
// "Friends, challenges and moderation", protocol v9). This module keeps
// the challenges the server pushes and shows them in a panel over every
// screen, as the rematch offers are: a challenge to the player with
// Accept and Decline, one of theirs with Withdraw. Accepting opens the
// private table and goes there; the challenger, told that it was
// accepted, goes there too from the lobby, or is offered a link. It also
// offers, wherever a person's name is shown (the lobby's list, a chat
// line, a profile), a small menu to follow, challenge, mute, block or
// report them.
import { clear, h, toast } from "./dom";
import { app, gameTitle, navigate } from "./state";
import { socket } from "./ws";
import { askForNotices } from "./notify";
import { optionField } from "./screens/create";
import { gameEntry } from "./games/load";

export type Relation = "follow" | "block" | "mute";

/** Challenge is a challenge as the server pushes it. */
export interface Challenge {
  id: string; from: string; to: string; game: string; title: string;
  options: Record<string, unknown>; seat: number; bots?: string; rated: boolean;
  until: string; state: "open" | "accepted" | "declined" | "withdrawn" | "lapsed"; table?: string;
}

/** Social is the reply to social.list and social.set. */
export interface Social {
  friends: { name: string; online: boolean; tables: { id: string; game: string; status: string }[] }[];
  blocked: string[]; muted: string[];
  /** the private tables one's challenges opened, which the lobby lists to nobody */
  private: { id: string; game: string; with: string }[];
}

const challenges = new Map<string, Challenge>();
let panel: HTMLElement | null = null;
let ticker = 0;

/** socialListeners hear each new list of friends a change brought. */
const socialListeners = new Set<(s: Social) => void>();

export function onSocial(f: (s: Social) => void): () => void {
  socialListeners.add(f);
  return () => socialListeners.delete(f);
}

/** setTie follows, blocks or mutes name (on) or stops, and tells the
 * screens that show the lists. */
export async function setTie(relation: Relation, name: string, on: boolean): Promise<Social> {
  const s = await socket.send<Social>("social.set", { relation, name, on });
  socialListeners.forEach((f) => f(s));
  return s;
}

function inLobby(): boolean {
  return location.pathname === "/" || location.pathname === "/lobby";
}

function left(c: Challenge): string {
  const s = Math.max(0, Math.round((Date.parse(c.until) - Date.now()) / 1000));
  return s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function optionWords(c: Challenge): string {
  const words = gameEntry(c.game)?.optionsText?.(c.options ?? {}, true);
  return words ? ` (${words})` : "";
}

/** took follows a challenge from a push or a reply. */
function took(c: Challenge): void {
  const title = (c.title || gameTitle(c.game)) + optionWords(c);
  const mine = c.from === app.me?.name;
  switch (c.state) {
    case "open":
      challenges.set(c.id, c);
      break;
    case "accepted":
      challenges.delete(c.id);
      if (c.table && mine) {
        if (inLobby()) navigate("/t/" + c.table, false, false);
        else if (location.pathname !== "/t/" + c.table) toast(`${c.to} accepted your challenge to ${title}.`, "info", undefined, { href: "/t/" + c.table, label: "Go to the table" });
      }
      break;
    case "declined":
      challenges.delete(c.id);
      toast(mine ? `${c.to} declined your challenge to ${title}.` : `You declined ${c.from}'s challenge.`);
      break;
    case "withdrawn":
      challenges.delete(c.id);
      if (!mine) toast(`${c.from} withdrew the challenge to ${title}.`);
      break;
    case "lapsed":
      challenges.delete(c.id);
      toast(mine ? `Your challenge to ${c.to} lapsed: no answer in time.` : `${c.from}'s challenge to ${title} lapsed.`);
      break;
  }
  render();
}

async function answer(c: Challenge, yes: boolean): Promise<void> {
  try {
    if (yes) {
      // Accepting a challenge is the other moment a notice serves (a
      // game with someone not always there): ask from this click.
      void askForNotices();
      const r = await socket.send<{ table: { id: string }; challenge: Challenge }>("challenge.accept", { challenge: c.id });
      challenges.delete(c.id);
      render();
      navigate("/t/" + r.table.id, false, false);
    } else {
      const r = await socket.send<{ challenge: Challenge }>("challenge.decline", { challenge: c.id });
      took(r.challenge);
    }
  } catch (x) {
    toast((x as Error).message, "error");
  }
}

/** render draws the open challenges, or removes the panel when none is. */
function render(): void {
  for (const [k, c] of challenges) if (Date.parse(c.until) <= Date.now()) challenges.delete(k);
  if (challenges.size === 0) {
    panel?.remove();
    panel = null;
    if (ticker) clearInterval(ticker);
    ticker = 0;
    return;
  }
  if (!panel) {
    panel = h("section", { class: "rematch-offers challenges", id: "challenges", "aria-label": "Challenges", "aria-live": "polite" });
    document.body.append(panel);
  }
  if (!ticker) ticker = window.setInterval(render, 1000);
  clear(panel);
  for (const c of challenges.values()) {
    const title = (c.title || gameTitle(c.game)) + optionWords(c);
    const card = h("div", { class: "rematch-offer challenge", "data-challenge": c.id });
    if (c.from === app.me?.name) {
      const withdraw = h("button", { class: "challenge-withdraw" }, "Withdraw");
      withdraw.addEventListener("click", () => void answer(c, false));
      card.append(h("p", null, h("strong", null, `Your challenge to ${c.to}`),
        h("span", { class: "rematch-text" }, `${title}: waiting for an answer.`),
        h("span", { class: "rematch-left muted" }, `Lapses in ${left(c)}.`)), h("div", { class: "actions" }, withdraw));
    } else {
      const accept = h("button", { class: "primary challenge-accept" }, "Accept");
      const decline = h("button", { class: "challenge-decline" }, "Decline");
      accept.addEventListener("click", () => { accept.disabled = decline.disabled = true; void answer(c, true).finally(() => { accept.disabled = decline.disabled = false; }); });
      decline.addEventListener("click", () => void answer(c, false));
      card.append(h("p", null, h("strong", null, `${c.from} challenges you to ${title}`),
        h("span", { class: "rematch-text" }, `${c.seat === 0 ? c.from + " moves first" : "You move first"}${c.rated ? ", rated" : ", unrated"}${c.bots ? `, with ${c.bots} computer players` : ""}.`),
        h("span", { class: "rematch-left muted" }, `Lapses in ${left(c)}.`)), h("div", { class: "actions" }, accept, decline));
    }
    panel.append(card);
  }
}

/** followSocial keeps the challenges as the server pushes them (a new
 * connection is told of those still open), and tells the player of an
 * operator's decision about them. */
export function followSocial(): void {
  socket.on("hello", () => { challenges.clear(); render(); });
  socket.on("challenge", (m: { challenge: Challenge }) => { if (m.challenge) took(m.challenge); });
  socket.on("moderation", (m: { notice: { kind: string; reason?: string; until?: string } }) => {
    const n = m.notice;
    const until = n.until ? new Date(n.until).toLocaleString() : "";
    if (n.kind === "ban") toast(`You are banned until ${until}: ${n.reason ?? ""}`, "error");
    else if (n.kind === "mute") toast(`An operator muted you until ${until}: ${n.reason ?? ""}. You cannot chat meanwhile.`, "error");
    else toast("An operator lifted your ban or mute.");
  });
}

/** openChallengeDialog asks for a game and sends a challenge to name. */
export function openChallengeDialog(name: string): void {
  const games = app.games.filter((g) => (g.seats ?? 2) >= 2 && g.bots !== undefined);
  const dlg = h("dialog", { class: "challenge-dialog", "aria-labelledby": "challenge-title" });
  const err = h("p", { class: "form-error", role: "alert" });
  const gameSel = h("select", { id: "challenge-game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const seatSel = h("select", { id: "challenge-seat" }, h("option", { value: "0" }, "I move first"), h("option", { value: "1" }, "They move first"));
  const botsSel = h("select", { id: "challenge-bots" });
  const botsField = h("div", { class: "field" }, h("label", { for: "challenge-bots" }, "Computer players in the other seats"), botsSel);
  const rated = h("input", { type: "checkbox", id: "challenge-rated", checked: true });
  // The game's options, as the new-table dialog offers them (a scenario
  // and a seed are for tables of one's own).
  const optBox = h("div", { class: "options" });
  let readers: [string, () => unknown][] = [];
  const seatTotal = () => {
    const players = optBox.querySelector<HTMLInputElement>("#opt-players") ?? optBox.querySelector<HTMLInputElement>("#opt-seats");
    return players ? Number(players.value) : games.find((x) => x.name === gameSel.value)?.seats ?? 2;
  };
  const showBots = () => {
    const g = games.find((x) => x.name === gameSel.value);
    botsField.hidden = seatTotal() <= 2;
    if (botsSel.options.length !== (g?.bots ?? []).length || botsSel.dataset.game !== g?.name) {
      botsSel.replaceChildren(...(g?.bots ?? []).map((b) => h("option", { value: b }, b)));
      botsSel.dataset.game = g?.name ?? "";
    }
  };
  const showOptions = () => {
    const g = games.find((x) => x.name === gameSel.value);
    clear(optBox);
    readers = [];
    for (const o of g?.options ?? []) {
      if (o.kind === "scenario" || o.name === "seed") continue;
      const f = optionField(o, undefined);
      optBox.append(f.el);
      readers.push([o.name, f.read]);
      f.el.querySelector("input")?.addEventListener("input", showBots);
    }
    showBots();
  };
  gameSel.addEventListener("change", showOptions);
  showOptions();
  const send = h("button", { type: "submit", class: "primary", id: "challenge-send" }, "Send challenge");
  const cancel = h("button", { type: "button", onclick: () => dlg.close() }, "Cancel");
  const form = h("form", { method: "dialog" },
    h("h2", { id: "challenge-title" }, `Challenge ${name}`),
    h("div", { class: "field" }, h("label", { for: "challenge-game" }, "Game"), gameSel),
    optBox,
    h("div", { class: "field" }, h("label", { for: "challenge-seat" }, "Who moves first"), seatSel),
    botsField,
    h("div", { class: "field check" }, rated, h("label", { for: "challenge-rated" }, "Rated")),
    err, h("div", { class: "actions" }, send, cancel));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const options: Record<string, unknown> = {};
    for (const [k, read] of readers) options[k] = read();
    const req: Record<string, unknown> = { to: name, game: gameSel.value, options, seat: Number(seatSel.value), rated: rated.checked };
    if (!botsField.hidden) req.bots = botsSel.value;
    try {
      const r = await socket.send<{ challenge: Challenge }>("challenge.send", req);
      took(r.challenge);
      dlg.close();
    } catch (x) {
      err.textContent = (x as Error).message;
    }
  });
  dlg.addEventListener("close", () => dlg.remove());
  dlg.append(form);
  document.body.append(dlg);
  dlg.showModal();
}

/** openReportDialog asks for the reason of a report of name, or of their
 * line written at (in channel). */
export function openReportDialog(name: string, line?: { channel: string; at: string; text: string }): void {
  const dlg = h("dialog", { class: "report-dialog", "aria-labelledby": "report-title" });
  const err = h("p", { class: "form-error", role: "alert" });
  const reason = h("textarea", { id: "report-reason", maxlength: 500, rows: 3, required: true });
  const form = h("form", { method: "dialog" },
    h("h2", { id: "report-title" }, line ? `Report ${name}'s message` : `Report ${name}`),
    line ? h("blockquote", { class: "report-line" }, line.text) : null,
    h("div", { class: "field" }, h("label", { for: "report-reason" }, "Why? The site's operators read it."), reason),
    err, h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", id: "report-send" }, "Send report"),
      h("button", { type: "button", onclick: () => dlg.close() }, "Cancel")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const req: Record<string, unknown> = { name, reason: reason.value };
      if (line) { req.channel = line.channel; req.at = line.at; }
      await socket.send("social.report", req);
      dlg.close();
      toast(`Thank you: your report of ${name} was sent to the operators.`);
    } catch (x) {
      err.textContent = (x as Error).message;
    }
  });
  dlg.addEventListener("close", () => dlg.remove());
  dlg.append(form);
  document.body.append(dlg);
  dlg.showModal();
}

/** personMenu is a small menu of what one may do about the person called
 * name: follow, challenge, mute, block, report (and, from a chat line,
 * report that line). Nothing for oneself. */
export function personMenu(name: string, line?: { channel: string; at: string; text: string }): HTMLElement | null {
  if (!app.me || name === app.me.name) return null;
  const item = (label: string, cls: string, act: () => void) => {
    const b = h("button", { type: "button", class: "link " + cls }, label);
    b.addEventListener("click", () => { menu.open = false; act(); });
    return h("li", null, b);
  };
  const tie = (relation: Relation, on: boolean, done: string) => () => {
    setTie(relation, name, on).then(() => toast(done)).catch((x: Error) => toast(x.message, "error"));
  };
  const menu = h("details", { class: "person-menu" },
    h("summary", { "aria-label": `Actions for ${name}`, title: `Actions for ${name}` }, "⋯"),
    h("ul", null,
      item("Follow", "pm-follow", tie("follow", true, `You follow ${name}.`)),
      item("Challenge…", "pm-challenge", () => openChallengeDialog(name)),
      item("Mute", "pm-mute", tie("mute", true, `${name} is muted: you no longer see their chat.`)),
      item("Block", "pm-block", tie("block", true, `${name} is blocked: they cannot challenge, follow or write to you.`)),
      line ? item("Report this message…", "pm-report-line", () => openReportDialog(name, line)) : null,
      item("Report…", "pm-report", () => openReportDialog(name))));
  return menu;
}
