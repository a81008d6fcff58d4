// The table's controls (restart, save, resign, a vote, a game's menu,
// help, quit), the invite link, and the cover that hides the board while
// the device passes to the next player at one screen.
import { ask } from "../confirm";
import { announce, clear, h } from "../dom";
import type { Snapshot } from "../api";
import { quitTable } from "../rematch";
import { openRules } from "../rules";
import { navigate } from "../state";
import { socket } from "../ws";
import { fromSnapshot } from "./tableclock";
import { confirmResign, saveGame } from "./tabledialogs";
import type { Scene } from "./tablescene";

/** Controls are the parts the controls need from the rest of the table. */
export interface ControlsDeps {
  boardWrap: HTMLElement;
  invite: HTMLElement;
  result: HTMLElement;
  moves(): number;
  quitTo(): string;
  doRematch(): Promise<void>;
  callVote(): HTMLElement | null;
  humanSeatsMine(): boolean;
}

export interface Controls {
  el: HTMLElement;
  cover: HTMLElement;
  render(): void;
  renderCover(): void;
}

/** renderCover hides the board while the device passes to the next
 * player at one screen, until that player says who they are. */
function renderCover(sc: Scene, cover: HTMLElement, boardWrap: HTMLElement): void {
  const ctx = sc.ctx;
  const st = sc.ctx.st;
  const s = st.handover;
  if (s === null || st.outcome) {
    cover.hidden = true;
    boardWrap.classList.remove("covered");
    return;
  }
  cover.hidden = false;
  boardWrap.classList.add("covered");
  clear(cover);
  const ok = h("button", { class: "primary big", id: "handover-ok" }, `I am ${ctx.seatLabel(s)}: show my board`);
  ok.addEventListener("click", async () => {
    ok.disabled = true;
    try {
      const r = await socket.send<{ snapshot?: Snapshot | null }>("match.handover", { table: sc.id, seat: s });
      if (r.snapshot && r.snapshot.seq >= sc.ctx.st.seq) sc.setState(fromSnapshot(r.snapshot));
      if (sc.ctx.st.handover === s) sc.ctx.st.handover = null;
      sc.renderAll();
    } catch (x) {
      ctx.error((x as Error).message);
      ok.disabled = false;
    }
  });
  cover.append(h("div", { class: "handover-card" },
    h("h2", null, `Pass the device to ${ctx.seatLabel(s)}`),
    h("p", null, "The previous player's board is hidden. Hand over the screen, then press the button."),
    ok));
  announce(`Pass the device to ${ctx.seatLabel(s)}.`);
  ok.focus();
}

export function tableControls(sc: Scene, d: ControlsDeps): Controls {
  const ctx = sc.ctx;
  const id = sc.id;
  const entry = sc.entry;
  const removedByVote = sc.removedByVote;
  const { boardWrap, invite, quitTo, doRematch, humanSeatsMine } = d;
  const controls = h("div", { class: "controls", role: "toolbar", "aria-label": "Game controls" });
  const cover = h("div", { class: "handover", hidden: true });


  function renderControls(): void {
    const table = sc.table(), held = sc.ctx.held, st = sc.ctx.st;
    clear(controls);
    if (!table) return;
    const game = table.game;
    const help = h("button", { id: "help", "aria-label": "Help and rules" }, "Help");
    help.addEventListener("click", () => openRules(game));
    const save = h("button", { id: "save" }, "Save");
    save.addEventListener("click", () => saveGame(sc));
    const restart = h("button", { id: "restart" }, "Restart");
    restart.addEventListener("click", async () => {
      if (!sc.ctx.st.outcome && d.moves() > 0 && !(await ask({
        title: "Start a new game?", text: "A new game starts with the same settings. This game stays in your saved matches only if you save it.",
        yes: "Start a new game", no: "Keep playing", danger: true,
      }))) return;
      await doRematch();
    });
    const resign = h("button", { id: "resign", "aria-haspopup": "dialog" }, "Resign");
    resign.addEventListener("click", () => confirmResign(sc, d.result));
    // A game's page of its own (a menu: new game, load, tutorial,
    // rulebook, achievements) opens over the game at any time, and closes
    // back to it.
    const page = entry()?.page;
    const menu = page ? h("button", { id: page.menuId, "aria-haspopup": "dialog" }, "Menu") : null;
    menu?.addEventListener("click", () => void page?.load().then((p) => p.overTable(), (x: Error) => ctx.error(x.message)));
    const quit = h("button", { id: "quit" }, "Quit");
    // navigate asks first during a game in play (away.ts).
    quit.addEventListener("click", () => { if (sc.ctx.st.outcome) quitTable(id); navigate(quitTo()); });
    const playing = table.status === "playing" && !st.outcome;
    const removed = held.length > 0 && held.every((s) => removedByVote().includes(s));
    for (const b of [
      held.length > 0 && humanSeatsMine() && table.status !== "open" ? restart : null,
      held.length > 0 && playing ? save : null,
      held.length > 0 && playing && !removed ? resign : null,
      removed ? null : d.callVote(),
      menu, help, quit,
    ]) if (b) controls.append(b);
    const link = location.origin + "/t/" + id;
    clear(invite);
    const copy = h("button", { class: "small-btn" }, "Copy link");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        ctx.info("Invite link copied.");
      } catch {
        ctx.info("Select the link and copy it.");
      }
    });
    invite.append(h("label", { for: "invite-link" }, "Invite link"), h("input", { id: "invite-link", readonly: true, value: link, onfocus: (e: FocusEvent) => (e.target as HTMLInputElement).select() }), copy);
  }


  return { el: controls, cover, render: renderControls, renderCover: () => renderCover(sc, cover, boardWrap) };
}
