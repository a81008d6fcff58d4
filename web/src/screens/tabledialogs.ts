// The table's dialogs: resigning, asked first, and saving the game under
// a name.
import { h, toast } from "../dom";
import { gameTitle } from "../state";
import { socket } from "../ws";
import type { Scene } from "./tablescene";

/** confirmResign asks before resigning: a dialog whose default button
 * keeps playing, so a stray Enter or Escape resigns nothing. With several
 * seats (hot-seat) it asks which one gives up. */
export function confirmResign(sc: Scene, result: HTMLElement): void {
  const ctx = sc.ctx;
  const id = sc.id;
  const table = sc.table(), held = sc.ctx.held;
  if (!table || held.length === 0) return;
  const dlg = h("dialog", { class: "small-dialog", "aria-labelledby": "resign-title", "aria-describedby": "resign-text", id: "resign-dialog" });
  const first = ctx.mover() ?? held[0];
  const others = (seat: number) => table!.seats.map((_, i) => i).filter((i) => i !== seat);
  // With two seats the other wins; at three or more a resignation ends
  // the game for everyone, the others sharing the win (match.resign),
  // which a player would not guess from a game of two: say so by name.
  const outcome = (seat: number) => {
    const o = others(seat).map((i) => ctx.seatName(i));
    if (o.length === 1) return `You lose this game and ${o[0]} wins.`;
    const names = o.slice(0, -1).join(", ") + " and " + o[o.length - 1];
    return `Resigning ends the game for everyone: you lose and ${names} share the win.`;
  };
  const text = h("p", { id: "resign-text" });
  let pick: HTMLSelectElement | null = null;
  const seat = () => (pick ? Number(pick.value) : first);
  const describe = () => { text.textContent = `${outcome(seat())} This cannot be undone.`; };
  const err = h("p", { class: "form-error", role: "alert" });
  const keep = h("button", { type: "button", class: "primary", id: "resign-cancel" }, "Keep playing");
  keep.addEventListener("click", () => dlg.close());
  const ok = h("button", { type: "submit", class: "danger", id: "resign-ok" }, "Resign");
  const fields: (HTMLElement | null)[] = [];
  if (held.length > 1) {
    pick = h("select", { id: "resign-seat" }) as HTMLSelectElement;
    for (const s of held) pick.append(h("option", { value: String(s), selected: s === first }, ctx.seatLabel(s)));
    pick.addEventListener("change", describe);
    fields.push(h("div", { class: "field" }, h("label", { for: "resign-seat" }, "Who resigns"), pick));
  }
  const form = h("form", null, h("h2", { id: "resign-title" }, "Resign this game?"), text, ...fields, err,
    h("div", { class: "actions" }, keep, ok));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    ok.disabled = true;
    try {
      await socket.send("match.resign", { table: id, seat: seat() });
      dlg.close();
    } catch (x) {
      err.textContent = (x as Error).message;
      ok.disabled = false;
    }
  });
  describe();
  dlg.append(form);
  dlg.addEventListener("close", () => {
    dlg.remove();
    // Back to Resign when the game goes on; a game that ended with the
    // resignation gives the focus to its result instead (renderResult,
    // now or when the end's push comes).
    const back = document.getElementById("resign");
    if (back && back.getClientRects().length > 0) back.focus();
    else if (!result.hidden) (result.querySelector("h2") as HTMLElement | null)?.focus();
  });
  document.body.append(dlg);
  dlg.showModal();
  keep.focus();
}

export function saveGame(sc: Scene): void {
  const id = sc.id;
  const table = sc.table();
  const dlg = h("dialog", { class: "small-dialog", "aria-labelledby": "save-title" });
  const def = `${gameTitle(table?.game ?? "")} ${new Date().toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}`;
  const name = h("input", { id: "save-name", value: def, maxlength: 60, required: true });
  const err = h("p", { class: "form-error", role: "alert" });
  const ok = h("button", { type: "submit", class: "primary", id: "save-ok" }, "Save");
  const cancel = h("button", { type: "button" }, "Cancel");
  cancel.addEventListener("click", () => dlg.close());
  const form = h("form", null, h("h2", { id: "save-title" }, "Save this game"),
    h("div", { class: "field" }, h("label", { for: "save-name" }, "Name"), name), err,
    h("div", { class: "actions" }, cancel, ok));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    ok.disabled = true;
    try {
      await socket.send("match.save", { table: id, name: name.value.trim() || def });
      dlg.close();
      toast(`Saved as “${name.value.trim() || def}”. Load it any time from Saved games.`);
    } catch (x) {
      err.textContent = (x as Error).message;
      ok.disabled = false;
    }
  });
  dlg.append(form);
  dlg.addEventListener("close", () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  name.select();
}

