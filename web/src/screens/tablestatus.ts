// The table's status line (whose move it is, what the table waits for),
// the buttons that go with it (sit down, start the game, the invite
// link's place) and the panel to take back a seat a computer plays.
import { h } from "../dom";
import { socket } from "../ws";
import type { Scene } from "./tablescene";

export interface StatusLine {
  el: HTMLElement;
  invite: HTMLElement;
  startBtn: HTMLElement;
  sitCta: HTMLElement;
  render(): void;
}

/** statusLine makes the status line; outcomeText says how the match
 * ended, sit sits the player at a free seat. */
export function statusLine(sc: Scene, outcomeText: () => string, sit: (seat: number) => void): StatusLine {
  const ctx = sc.ctx;
  const id = sc.id;
  const hotseat = sc.hotseat;
  const isCreator = sc.isCreator;
  const status = h("p", { class: "status", id: "status", "aria-live": "polite" });
  const invite = h("div", { class: "invite", hidden: true });
  const startBtn = h("button", { class: "primary big", id: "start-game", hidden: true }, "Start the game");
  startBtn.addEventListener("click", async () => {
    startBtn.disabled = true;
    try {
      await socket.send("table.start", { table: id });
    } catch (x) {
      ctx.error((x as Error).message);
    }
    startBtn.disabled = false;
  });
  const sitCta = h("button", { class: "primary big", id: "sit-cta", hidden: true }, "Sit here and play");
  sitCta.addEventListener("click", () => void sit(Number(sitCta.dataset.seat)));
  function renderStatus(): void {
    const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
    if (!table) return;
    let text = "";
    if (st.outcome) text = "Game over. " + outcomeText();
    else if (table.status === "open") {
      const full = !table.seats.some((x) => x.kind === "open");
      if (!full && held.length === 0) text = "A seat is free at this table: sit down to play.";
      else if (!full) text = "Waiting for players to sit down. Share the invite link.";
      else if (isCreator()) text = "Everyone is seated. Start the game when you are ready.";
      else text = `Everyone is seated. Waiting for ${table.creator ?? "the host"} to start the game.`;
    }
    else if (st.handover !== null) text = `Pass the device to ${ctx.seatLabel(st.handover)}.`;
    else {
      const m = ctx.mover();
      if (m !== null) {
        const who = hotseat() || held.length === 0 ? ctx.seatLabel(m) + ", it's" : "It's";
        text = `${who} your turn: ${sc.view()?.hint?.() ?? "make a move"}.`;
      } else if (st.turn.length === 0) {
        text = "Starting…";
      } else {
        const names = st.turn.map((s) => {
          if (st.takenOver.includes(s)) return held.includes(s) && !hotseat() ? "A computer player is moving for you…" : `A computer player is moving for ${ctx.seatLabel(s)}…`;
          return ctx.isBot(s) ? `${ctx.seatName(s)} is thinking…` : `Waiting for ${ctx.seatLabel(s)}…`;
        });
        text = names.join(" ");
      }
    }
    status.textContent = text;
    status.classList.toggle("my-turn", ctx.mover() !== null);
    // The invite link is for those at the table to share; whoever came by
    // it (or from the lobby) is asked to sit down instead.
    const free = table.status === "open" ? table.seats.findIndex((x) => x.kind === "open") : -1;
    invite.hidden = free < 0 || held.length === 0;
    sitCta.hidden = free < 0 || held.length > 0;
    sitCta.dataset.seat = String(free);
    startBtn.hidden = !(table.status === "open" && isCreator() && !table.seats.some((x) => x.kind === "open"));
  }

  return { el: status, invite, startBtn, sitCta, render: renderStatus };
}

export interface ReclaimPanel {
  el: HTMLElement;
  render(): void;
  /** reclaiming holds the seats asked back whose return has not come yet. */
  reclaiming: Set<number>;
}

/** reclaimPanel shows, while a bot plays one of your seats (a timeout
 * with "bot takes over"), a button per such seat that asks for it back
 * (match.reclaim); the focus goes on to the board once it is back. */
export function reclaimPanel(sc: Scene, boardWrap: HTMLElement): ReclaimPanel {
  const ctx = sc.ctx;
  const id = sc.id;
  const hotseat = sc.hotseat;
  const reclaimText = h("span", { id: "reclaim-text" });
  const reclaimBox = h("div", { class: "reclaim", id: "reclaim-box", hidden: true }, reclaimText);
  const reclaimBtns = new Map<number, HTMLButtonElement>();
  const reclaiming = new Set<number>();
  /** renderReclaim shows a "Take my seat back" button for each of your
   * seats a bot plays now. Buttons are kept across renders, so that one a
   * keyboard user has reached keeps focus while the bot moves. */
  function renderReclaim(): void {
    const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
    const mine = table && table.status === "playing" && !st.outcome ? held.filter((s) => st.takenOver.includes(s)) : [];
    let hadFocus = false;
    for (const [s, b] of reclaimBtns) {
      if (mine.includes(s)) continue;
      if (document.activeElement === b) hadFocus = true;
      b.remove();
      reclaimBtns.delete(s);
    }
    for (const s of mine) {
      let b = reclaimBtns.get(s);
      if (!b) {
        b = h("button", { type: "button", class: "primary", id: hotseat() ? `reclaim-${s}` : "reclaim", "data-seat": s, "aria-describedby": "reclaim-text" });
        b.addEventListener("click", () => void reclaim(s));
        reclaimBtns.set(s, b);
        reclaimBox.append(b);
      }
      const asked = reclaiming.has(s);
      const text = asked ? "Taking your seat back…" : hotseat() ? `Take my seat back (${ctx.seatLabel(s)})` : "Take my seat back";
      if (b.textContent !== text) b.textContent = text;
      // aria-disabled rather than disabled: a disabled button loses the
      // keyboard focus.
      b.setAttribute("aria-disabled", String(asked));
    }
    reclaimText.textContent = mine.length === 0 ? "" : mine.length === 1 && !hotseat()
      ? "A computer player is playing your seat."
      : "A computer player is playing for " + mine.map((s) => ctx.seatLabel(s)).join(" and ") + ".";
    reclaimBox.hidden = mine.length === 0;
    if (hadFocus) {
      // The seat is back: go on to the board, where the next move is made.
      const next = reclaimBtns.values().next().value ?? boardWrap.querySelector<HTMLElement>('[tabindex="0"]');
      next?.focus();
    }
  }

  async function reclaim(seat: number): Promise<void> {
    const st = sc.ctx.st;
    if (reclaiming.has(seat)) return;
    reclaiming.add(seat);
    renderReclaim();
    try {
      const r = await socket.send<{ seq?: number; pending?: boolean }>("match.reclaim", { table: id, seat });
      if (r.pending && st.takenOver.includes(seat)) ctx.info("The computer finishes the move it is thinking about; then the seat is yours.");
    } catch (x) {
      reclaiming.delete(seat);
      ctx.error((x as Error).message);
      renderReclaim();
    }
  }


  return { el: reclaimBox, render: renderReclaim, reclaiming };
}
