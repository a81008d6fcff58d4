// The create-table dialog's seats: who plays (against the computer, at
// this screen, online), and a row for every seat: me, open, or a bot with
// a level, with a name for each player at one screen.
import type { GameInfo } from "../api";
import { clear, h } from "../dom";
import { radioGroup, type RadioGroup } from "../radios";
import { current, type CreateForm, type Mode } from "./createform";

type SeatKind = "me" | "open" | "bot";

function seatCount(g: GameInfo): number {
  return g.seats ?? 2;
}

/** atScreenLabel says how many play at one screen: "At this screen: 4
 * players". */
function atScreenLabel(b: HTMLElement, n: number): void {
  const strong = b.querySelector("strong");
  if (strong) strong.textContent = `At this screen: ${n} players`;
}

/** seatNameField is the name of the person playing seat i at one screen
 * (protocol v6), "Player i+1" unless typed. No maxlength: a name too
 * long is refused by the server with the reason, not cut while typing. */
function seatNameField(i: number, names: string[], shown: boolean): HTMLInputElement {
  const inp = h("input", {
    id: `seat-${i}-name`, class: "seat-name-input", "aria-label": `Name of player ${i + 1}`,
    value: names[i] ?? `Player ${i + 1}`, autocomplete: "off", hidden: !shown,
  });
  inp.addEventListener("input", () => { names[i] = inp.value; });
  return inp;
}

/** modeButtons fills the choice of who plays, which redraws the seats. */
export function modeButtons(f: CreateForm): void {
  const modeBtn = (m: Mode, label: string, note: string) => {
    const b = h("button", { type: "button", role: "radio", class: "mode", id: "mode-" + m, "aria-checked": String(m === f.mode) },
      h("strong", null, label), h("small", null, note));
    b.addEventListener("click", () => {
      f.mode = m;
      f.modeSel.querySelectorAll("button").forEach((x) => x.setAttribute("aria-checked", String(x === b)));
      renderSeats(f);
    });
    return b;
  };
  f.hotseatBtn = modeBtn("hotseat", "At this screen", "Pass and play");
  f.modeSel.append(
    modeBtn("bot", "Against the computer", "You and a bot"),
    f.hotseatBtn,
    modeBtn("online", "Online", "Invite someone"),
  );
}

/** seatTotal is the number of seats the players field asks for. */
export function seatTotal(f: CreateForm): number {
  const players = f.optBox.querySelector<HTMLInputElement>("#opt-players") ?? f.optBox.querySelector<HTMLInputElement>("#opt-seats");
  return players && Number(players.value) >= 1 ? Math.max(Math.min(Number(players.value), Number(players.max) || 8), Number(players.min) || 1) : seatCount(current(f));
}

interface SeatRow { kind: RadioGroup; level: RadioGroup; sync: () => void }

export function renderSeats(f: CreateForm): void {
  const g = current(f);
  clear(f.seatBox);
  f.seatReaders = [];
  f.seatBox.append(h("legend", null, "Seats"));
  const n = seatTotal(f);
  const levels = g.bots ?? [];
  const kinds: SeatRow[] = [];
  atScreenLabel(f.hotseatBtn, n);
  for (let i = 0; i < n; i++) kinds[i] = seatRow(f, i, levels);
  if (f.mode === "bot" && n === 2 && levels.length) {
    const swap = h("button", { type: "button", class: "link", id: "swap-seats" }, "Let the computer start");
    swap.addEventListener("click", () => {
      const [a, b] = kinds;
      [a.kind.value, b.kind.value] = [b.kind.value, a.kind.value];
      [a.level.value, b.level.value] = [b.level.value, a.level.value];
      a.sync();
      b.sync();
    });
    f.seatBox.append(swap);
  }
}

/** seatRow adds seat i's row (who sits, the bot's level, the player's
 * name at one screen) and its reader. */
function seatRow(f: CreateForm, i: number, levels: string[]): SeatRow {
  const mode = f.mode;
  let kind: SeatKind = "me";
  if (mode === "bot" && i > 0) kind = levels.length ? "bot" : "open";
  if (mode === "online" && i > 0) kind = "open";
  const kindSel = radioGroup(`seat-${i}-kind`, `Player ${i + 1}`, [
    { value: "me", label: "Me" }, { value: "open", label: "Open seat" },
    ...(levels.length ? [{ value: "bot", label: "Computer" }] : [])], kind);
  const levelSel = radioGroup(`seat-${i}-level`, `Player ${i + 1}: the computer's level`,
    levels.map((l) => ({ value: l, label: l[0].toUpperCase() + l.slice(1) })), undefined, true);
  levelSel.el.classList.add("seat-level");
  const nameInp = seatNameField(i, f.names, mode === "hotseat");
  const sync = () => {
    levelSel.el.hidden = kindSel.value !== "bot";
    nameInp.hidden = f.mode !== "hotseat" || kindSel.value !== "me";
  };
  kindSel.el.addEventListener("change", sync);
  sync();
  f.seatBox.append(h("div", { class: "seat-row" }, kindSel.el, levelSel.el, nameInp));
  f.seatReaders.push(() => kindSel.value === "bot" ? { kind: "bot", level: levelSel.value }
    : kindSel.value === "me" && !nameInp.hidden ? { kind: "me", name: nameInp.value.trim() || `Player ${i + 1}` } : { kind: kindSel.value });
  return { kind: kindSel, level: levelSel, sync };
}
