// The dialog in which a player calls a vote (vote.ts): on the turn of the
// player to move, or to remove a player.
import { h } from "./dom";
import type { VoteDeps } from "./vote";
import { socket } from "./ws";

/** openDialog asks what to vote on: the turn of the player to move, or
 * a player to remove. */
export function openVoteDialog(d: VoteDeps, kinds: string[], seat: number): void {
  const dlg = h("dialog", { class: "small-dialog", id: "vote-dialog", "aria-labelledby": "vote-title" });
  const choices: { value: string; label: string }[] = [];
  const turn = d.turn();
  if (kinds.includes("pass") && turn.length === 1 && turn[0] !== seat && !d.isBot(turn[0])) {
    choices.push({ value: `pass:${turn[0]}`, label: `Pass ${d.seatName(turn[0])}'s turn` });
  }
  if (kinds.includes("remove")) {
    for (let i = 0; i < d.seats(); i++) {
      if (i !== seat && !d.isBot(i)) choices.push({ value: `remove:${i}`, label: `Remove ${d.seatName(i)} from the game` });
    }
  }
  const err = h("p", { class: "form-error", role: "alert" });
  const list = h("fieldset", { class: "vote-choices" }, h("legend", null, "Vote to"));
  choices.forEach((c, i) => {
    const input = h("input", { type: "radio", name: "vote-choice", id: `vote-choice-${i}`, value: c.value, checked: i === 0 });
    list.append(h("div", { class: "field-inline" }, input, h("label", { for: `vote-choice-${i}` }, c.label)));
  });
  const cancel = h("button", { type: "button", id: "vote-cancel" }, "Cancel");
  cancel.addEventListener("click", () => dlg.close());
  const ok = h("button", { type: "submit", class: "primary", id: "vote-submit", disabled: choices.length === 0 }, "Call the vote");
  const form = h("form", null, h("h2", { id: "vote-title" }, "Call a vote"),
    h("p", null, "A majority of the other players still in the game carries it; you count as a yes. It lapses after two minutes."),
    choices.length ? list : h("p", null, "There is nothing to vote on now: only the turn of a person to move can be passed."),
    err, h("div", { class: "actions" }, cancel, ok));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const picked = (form.querySelector("input[name=vote-choice]:checked") as HTMLInputElement | null)?.value;
    if (!picked) return;
    const [kind, subject] = picked.split(":");
    ok.disabled = true;
    try {
      await socket.send("match.vote.call", { table: d.table, seat, kind, subject: Number(subject) });
      dlg.close();
    } catch (x) {
      err.textContent = (x as Error).message;
      ok.disabled = false;
    }
  });
  dlg.append(form);
  dlg.addEventListener("close", () => {
    dlg.remove();
    document.getElementById("vote-call")?.focus();
  });
  document.body.append(dlg);
  dlg.showModal();
}
