// The table's Players panel: each seat's name, its character, whether it
// is connected, its clock, its score, and the way to sit at a free seat.
import type { GameInfo, Table } from "../api";
import { supersedes } from "../api";
import { seatWithLevel } from "../botnames";
import { clear, h } from "../dom";
import { personMenu } from "../social";
import { app } from "../state";
import { socket } from "../ws";
import type { Scene } from "./tablescene";

export interface SeatsPanel {
  el: HTMLElement;
  render(): void;
  /** numbered says whether seat i is told by its number. */
  numbered(i: number): boolean;
  removedByVote(): number[];
}

/** seatSubtitle is the name under "Player N" on a table whose game's
 * spec numbers the players, with a bot's level, left out when the
 * seat's name is that default already. */
function seatSubtitle(sc: Scene, i: number): string {
  const table = sc.table();
  const name = sc.ctx.seatName(i);
  return name === `Player ${i + 1}` ? "" : seatWithLevel(table!.seats[i], name);
}

/** numbered says whether seat i is told by its number: on a table
 * played online whose game's spec numbers the players, and where
 * another seat has the same name. */
function numbered(sc: Scene, i: number): boolean {
  const table = sc.table();
  if (sc.entry()?.numbered && !sc.hotseat()) return true;
  const name = sc.ctx.seatName(i);
  return (table?.seats ?? []).some((_, j) => j !== i && sc.ctx.seatName(j) === name);
}

/** seatHeading is a seat's name in the Players panel: "Player N" where
 * seats are numbered, else the seat's own name, a bot's with its level
 * ("Mustard (easy)"). */
function seatHeading(sc: Scene, i: number): string {
  const table = sc.table();
  if (numbered(sc, i)) return `Player ${i + 1}`;
  return seatWithLevel(table!.seats[i], sc.ctx.seatName(i));
}

/** seatCharacter is the character a seat plays, chosen before the
 * start or dealt at it, so that its swatch wears the pawn's colour;
 * undefined in games without characters and while none is chosen. */
function seatCharacter(sc: Scene, i: number, role?: string): string | undefined {
  const character = sc.entry()?.character;
  if (!character) return undefined;
  return character(sc.ctx.view(), i) || role || undefined;
}

function renderSeats(sc: Scene, seatsEl: HTMLElement, clockText: (i: number) => string, sit: (i: number) => void, rerender: () => void): void {
  const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
  clear(seatsEl);
  if (!table) return;
  table.seats.forEach((s, i) => {
    const turn = st.turn.includes(i) && !st.outcome;
    const score = st.scores?.[i];
    const clock = clockText(i);
    const corr = table?.kind === "correspondence";
    const botPlays = st.takenOver.includes(i) && !st.outcome;
    const conn = s.kind === "bot" || botPlays ? "computer" : s.kind === "open" ? "waiting" : s.connected ? "online" : "offline";
    const li = h("li", { class: `seat seat-${i}` + (turn ? " on-turn" : ""), "data-seat": i },
      h("span", { class: "swatch", "aria-hidden": "true", "data-suspect": seatCharacter(sc, i, s.role) }),
      h("div", { class: "seat-who" },
        h("strong", null, seatHeading(sc, i)),
        h("span", { class: "seat-name" }, numbered(sc, i) ? seatSubtitle(sc, i) : (held.includes(i) && !sc.hotseat() ? "you" : "")),
        h("span", { class: "conn conn-" + conn }, h("span", { class: "conn-dot", "aria-hidden": "true" }), botPlays ? "computer plays" : conn,
          clock && !corr ? h("span", { class: "clock", title: "Time left" }, h("span", { class: "sr-only" }, "time left "), clock) : null),
        // A correspondence deadline is a date and a countdown: a line
        // of its own.
        clock && corr ? h("span", { class: "clock clock-due", title: "When the move is due" }, clock) : null,
      ),
      // The cell of the "to move" or "removed" tag, where the person's
      // menu goes too (below), beside the tag rather than inside it.
      h("span", { class: "seat-tags" },
        turn ? h("span", { class: "turn-tag" }, "to move") : removedByVote(sc).includes(i) ? h("span", { class: "tag removed-tag" }, "removed by a vote") : null),
      score !== undefined && score !== null ? h("span", { class: "score", "aria-label": `Score ${score}` }, String(score)) : null,
    );
    if (s.kind === "open" && held.length === 0 && table?.status === "open") {
      li.append(h("button", { class: "primary small-btn", onclick: () => sit(i) }, "Sit here"));
    }
    const roles = app.games.find((g) => g.name === table?.game)?.roles;
    if (roles) li.append(roleControl(sc, roles, s, i, rerender));
    // Follow, challenge, mute, block or report the player of the seat.
    const menu = s.kind === "human" && !sc.hotseat() ? personMenu(s.player ?? s.name) : null;
    // In the cell of the "to move" tag: the seat's grid has no other.
    if (menu) li.children[2]?.append(menu);
    seatsEl.append(li);
  });
}

// The seat's character (a suspect, say): a choice of the free ones
// for a seat you hold before the start, else its name.
function roleControl(sc: Scene, roles: NonNullable<GameInfo["roles"]>, s: Table["seats"][number], i: number, rerender: () => void): HTMLElement {
  const table = sc.table(), held = sc.ctx.held;
  const name = (k?: string) => roles.choices.find((c) => c.key === k)?.name ?? "";
  if (!(held.includes(i) && table?.status === "open")) {
    return h("span", { class: "seat-role" }, s.role ? "as " + name(s.role) : table?.status === "open" ? roles.label.toLowerCase() + " not chosen" : "");
  }
  const taken = new Set(table.seats.filter((_, j) => j !== i).map((x) => x.role).filter(Boolean));
  const sel = h("select", { class: "seat-role-choice", "aria-label": `${roles.label} of seat ${i + 1}` },
    h("option", { value: "" }, "Any free " + roles.label.toLowerCase()),
    ...roles.choices.map((c) => h("option", { value: c.key, disabled: taken.has(c.key), selected: c.key === s.role }, c.name + (taken.has(c.key) ? " (taken)" : ""))),
  ) as HTMLSelectElement;
  sel.addEventListener("change", async () => {
    try {
      const r = await socket.send("table.role", { table: sc.id, seat: i, role: sel.value });
      if (supersedes(r.table, sc.table())) sc.setTable(r.table);
      rerender();
    } catch (x) {
      sc.ctx.error((x as Error).message);
      rerender();
    }
  });
  return sel;
}


/** removedByVote lists the seats the players removed from the game by a
 * vote (a game's spec may allow it): their cards still answer, but they
 * play no more, so they may neither resign nor call a vote. */
function removedByVote(sc: Scene): number[] {
  // Not every game's view lists its players (one may count them).
  const players = (sc.ctx.view() as { players?: unknown } | null)?.players;
  if (!Array.isArray(players)) return [];
  return (players as { seat: number; removed?: boolean }[]).filter((p) => p.removed).map((p) => p.seat);
}

/** seatsPanel makes the Players list; clockText is a seat's time left,
 * sit sits the player at a free seat. */
export function seatsPanel(sc: Scene, clockText: (i: number) => string, sit: (i: number) => void): SeatsPanel {
  const el = h("ul", { class: "seats", "aria-label": "Players" });
  const render = (): void => renderSeats(sc, el, clockText, sit, render);
  return { el, render, numbered: (i) => numbered(sc, i), removedByVote: () => removedByVote(sc) };
}
