// A chat box for one channel ("lobby" or "table:ID").
import type { ChatMsg } from "./api";
import { fmtTime, h } from "./dom";
import { app } from "./state";
import { personMenu } from "./social";
import { socket } from "./ws";

/** A chat panel; update shows or hides its box for writing as canWrite
 * says now (a spectator who sits down may write). */
export interface ChatBox { el: HTMLElement; destroy(): void; update(): void }

export function chatBox(channel: string, title = "Chat", canWrite: () => boolean = () => true): ChatBox {
  const log = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": title + " messages", tabindex: "0" });
  const input = h("input", { class: "chat-input", "aria-label": "Message", placeholder: "Say something…", maxlength: 500, autocomplete: "off" });
  const err = h("p", { class: "form-error small", role: "alert" });
  const seen = new Set<string>();
  const add = (m: ChatMsg) => {
    const key = m.at + "\u0000" + m.from + "\u0000" + m.text;
    if (seen.has(key)) return;
    seen.add(key);
    const stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    log.append(h("li", { class: m.from === app.me?.name ? "mine" : null, "data-from": m.from },
      h("span", { class: "chat-from" }, m.from), " ",
      h("span", { class: "chat-text" }, m.text),
      personMenu(m.from, { channel: m.channel, at: m.at, text: m.text }),
      h("time", { class: "chat-at", datetime: m.at }, fmtTime(m.at))));
    if (stick) log.scrollTop = log.scrollHeight;
  };
  const off = socket.on("chat", (m: ChatMsg) => {
    if (m.channel === channel) add(m);
  });
  socket.send<{ messages: ChatMsg[] | null }>("chat.history", { channel })
    .then((r) => (r.messages ?? []).forEach(add))
    .catch(() => undefined);
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, "Send"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    err.textContent = "";
    input.value = "";
    try {
      await socket.send("chat.send", { channel, text });
    } catch (x) {
      err.textContent = (x as Error).message;
      input.value = text;
    }
  });
  // One who may only read (a spectator at a table whose players chat
  // among themselves) gets no box to write in whose every line the server
  // would refuse, but a line that says so.
  const readOnly = h("p", { class: "muted small chat-readonly", hidden: true }, "Only the players write here; spectators read along.");
  const update = () => {
    const may = canWrite();
    form.hidden = !may;
    readOnly.hidden = may;
  };
  update();
  const el = h("section", { class: "chat panel", "aria-label": title }, h("h2", null, title), log, err, form, readOnly);
  return { el, destroy: off, update };
}
