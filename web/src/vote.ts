// The players' vote (protocol v6, docs/protocol.md "Votes"): at a table
// of three or more, a player calls a vote to pass the turn of the player
// to move or to remove a player, and the others answer with a ballot.
// Everyone at the table, spectators too, sees the open vote with its tally
// and the time left. The table screen gives this panel its place and
// feeds it snapshots and pushes; everything else lives here.
import type { GameEvent, MatchPush, Snapshot } from "./api";
import { announce, clear, h } from "./dom";
import { socket } from "./ws";

export interface Vote {
  kind: "pass" | "remove"; subject: number; caller: number; voters: number[];
  yes: number[]; no: number[]; needed: number; until?: string; result?: string;
}

/** What the panel needs of its table. */
export interface VoteDeps {
  table: string;
  held: () => number[];
  seats: () => number;
  turn: () => number[];
  playing: () => boolean;
  isBot: (seat: number) => boolean;
  seatName: (seat: number) => string;
  error: (text: string) => void;
}

const voteEvents = new Set(["vote", "ballot", "voteend"]);

/** voteOf is the tally a push or history entry of a vote carries. */
export function voteOf(m: { move?: unknown; events?: GameEvent[] | null }): Vote | null {
  const e = m.events?.[0];
  if (m.move || !e || !voteEvents.has(e.type)) return null;
  return (e.data as { vote?: Vote } | undefined)?.vote ?? null;
}

function question(v: Vote, name: (s: number) => string): string {
  return v.kind === "remove" ? `remove ${name(v.subject)} from the game` : `pass ${name(v.subject)}'s turn`;
}

/** voteLogText words a vote's step for the move log, after the name of
 * the step's seat (the caller, the voter, or for the end the player
 * voted on), or returns "" for other steps. */
export function voteLogText(m: { move?: unknown; seat: number; events?: GameEvent[] | null }, name: (s: number) => string): string {
  const v = voteOf(m);
  if (!v) return "";
  switch (m.events![0].type) {
    case "vote": return `calls a vote to ${question(v, name)}`;
    case "ballot": return v.yes.includes(m.seat) ? "votes yes" : "votes no";
  }
  const pass = v.kind === "pass";
  switch (v.result) {
    case "carried": return pass ? "had the turn passed by a vote" : "was removed from the game by a vote";
    case "void": return "ended the turn first (the vote to pass it no longer applies)";
  }
  const how = v.result === "lapsed" ? "lapsed" : "failed";
  return pass ? `keeps the turn (the vote to pass it ${how})` : `stays in the game (the vote to remove them ${how})`;
}

export interface VotePanel {
  el: HTMLElement;
  fromSnapshot(s: Snapshot | null): void;
  callButton(): HTMLElement | null;
  onPush(m: MatchPush): void;
  update(): void;
  destroy(): void;
}

export function votePanel(d: VoteDeps): VotePanel {
  let kinds: string[] = [];
  let open: Vote | null = null;
  const el = h("section", { class: "vote-box", id: "vote-box", "aria-label": "Players' vote", hidden: true });
  // The seconds left tick in the tally alone: the ballot's buttons stay
  // put, so a click or the keyboard's focus is never lost to a redraw.
  let tally: HTMLElement | null = null;
  let drawn = "";
  const tick = window.setInterval(() => { if (open && tally) tally.textContent = tallyText(open); }, 1000);

  function tallyText(v: Vote): string {
    return `Yes ${v.yes.length}, no ${v.no.length} of ${v.voters.length} voters; ${v.needed} yes carry it. ${left(v)} left.`;
  }

  /** me is the seat that votes from this screen: none at a hot seat. */
  const me = (): number | null => (d.held().length === 1 ? d.held()[0] : null);

  function left(v: Vote): string {
    const s = v.until ? Math.max(0, Math.round((Date.parse(v.until) - Date.now()) / 1000)) : 0;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  async function send(type: string, fields: Record<string, unknown>): Promise<boolean> {
    try {
      await socket.send(type, { table: d.table, ...fields });
      return true;
    } catch (x) {
      d.error((x as Error).message);
      return false;
    }
  }

  function update(): void {
    const seat = me();
    // Drawn again only when something shown changed.
    const key = JSON.stringify([open, kinds, seat, d.playing(), d.turn(), d.held()]);
    if (key === drawn) return;
    drawn = key;
    clear(el);
    tally = null;
    if (open) {
      const v = open;
      el.hidden = false;
      tally = h("p", { class: "vote-tally", id: "vote-tally" }, tallyText(v));
      el.append(h("p", { class: "vote-question", id: "vote-question" },
        `${d.seatName(v.caller)} calls a vote to ${question(v, d.seatName)}.`), tally);
      if (seat !== null && v.voters.includes(seat) && !v.yes.includes(seat) && !v.no.includes(seat)) {
        const yes = h("button", { class: "primary", id: "vote-yes" }, "Vote yes");
        const no = h("button", { id: "vote-no" }, "Vote no");
        const cast = async (b: boolean) => {
          yes.disabled = no.disabled = true;
          if (!(await send("match.vote.cast", { seat, yes: b }))) yes.disabled = no.disabled = false;
        };
        yes.addEventListener("click", () => void cast(true));
        no.addEventListener("click", () => void cast(false));
        el.append(h("div", { class: "vote-ballot", role: "group", "aria-label": "Your vote" }, yes, no));
      } else if (seat === v.subject) {
        el.append(h("p", { class: "muted" }, "The others are voting on this; you have no vote in it."));
      } else if (seat !== null && (v.yes.includes(seat) || v.no.includes(seat))) {
        el.append(h("p", { class: "muted" }, `You voted ${v.yes.includes(seat) ? "yes" : "no"}.`));
      }
      return;
    }
    el.hidden = true;
  }

  /** callButton is the table's "Call a vote" control, for a player at
   * their own screen while no vote is open; null otherwise. */
  function callButton(): HTMLElement | null {
    const seat = me();
    if (seat === null || kinds.length === 0 || !d.playing() || open) return null;
    const what = kinds.includes("remove") ? "pass a stalled turn or remove a player" : "pass a stalled turn";
    const call = h("button", { id: "vote-call", "aria-haspopup": "dialog", title: `Ask the other players to ${what}` }, "Call a vote");
    call.addEventListener("click", () => openDialog(seat));
    return call;
  }

  /** openDialog asks what to vote on: the turn of the player to move, or
   * a player to remove. */
  function openDialog(seat: number): void {
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

  return {
    el,
    fromSnapshot(s) {
      kinds = (s as { votes?: string[] } | null)?.votes ?? [];
      open = (s as { vote?: Vote | null } | null)?.vote ?? null;
      update();
    },
    onPush(m) {
      const v = voteOf(m);
      if (!v) {
        if (m.outcome) open = null;
        return;
      }
      const seat = me();
      if (m.events![0].type === "voteend") {
        open = null;
        announce(`${d.seatName(m.seat)} ${voteLogText(m, d.seatName)}.`);
      } else {
        open = v;
        if (m.events![0].type === "vote" && seat !== null && v.voters.includes(seat) && !v.yes.includes(seat)) {
          announce(`${d.seatName(v.caller)} calls a vote to ${question(v, d.seatName)}. Vote yes or no.`);
        }
      }
    },
    update,
    callButton,
    destroy() {
      clearInterval(tick);
      document.getElementById("vote-dialog")?.remove();
    },
  };
}
