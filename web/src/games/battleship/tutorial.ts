// The Battleship tutorial: a guided game against the easy bot with a hint
// card that moves on as the player does each step. Finishing it earns the
// "Complete tutorial" achievement.
import type { GameEvent } from "../../api";
import { api } from "../../api";
import { announce, clear, h, medal } from "../../dom";
import { play as sound } from "../../sound";
import type { TableCtx } from "../types";
import type { Tutorial } from "../entry";

const KEY = "parlor.tutorial";


/** markTutorial makes the next table with this id a tutorial table. */
export function markTutorial(tableId: string): void {
  sessionStorage.setItem(KEY, tableId);
}

interface Step { title: string; text: string; next?: string }

const steps: Step[] = [
  { title: "Welcome aboard", text: "You command the fleet on the left: your ocean grid. The grid on the right is the enemy's water, where you will fire. Let's set up.", next: "Show me" },
  { title: "1. Place your ships", text: "A ship is selected in the list under your grid. Move over your grid to see where it would go (red means it cannot), then click to place it. Press R or Rotate to turn it. In a hurry? Press Random. When all five are placed, press Start battle." },
  { title: "2. Fire!", text: "Click any square of the enemy grid on the right to fire a shot. The answer comes at once: miss or hit." },
  { title: "3. The enemy answers", text: "A white dot is a miss and a red mark is a hit. After your shot the computer fires back: watch your own grid on the left for its shot." },
  { title: "4. Hunt", text: "When you hit, the rest of that ship is next to it, across or down. Fire two more shots. The score bar above the grids counts ships left, shots and accuracy." },
  { title: "Tutorial complete", text: "You know the basics. Keep playing to sink the whole enemy fleet, or go back to the menu." },
];

export function tutorialFor(tableId: string, ctx: TableCtx, main: HTMLElement): Tutorial | null {
  if (sessionStorage.getItem(KEY) !== tableId || ctx.table?.game !== "battleship") return null;
  let step = Number(sessionStorage.getItem(KEY + ".step") || "0");
  let myShots = 0;
  let done = false;
  const card = h("aside", { class: "tutorial", role: "region", "aria-label": "Tutorial", "aria-live": "polite", id: "tutorial" });
  const board = main.querySelector(".board-area");
  board?.before(card);

  const go = (n: number) => {
    step = Math.min(n, steps.length - 1);
    sessionStorage.setItem(KEY + ".step", String(step));
    render();
    announce(steps[step].title + ". " + steps[step].text);
  };

  async function complete(): Promise<void> {
    if (done) return;
    done = true;
    go(steps.length - 1);
    try {
      const r = await api.tutorial("battleship");
      const got = (r.granted ?? []).find((a) => /tutorial/i.test(a.title) || /tutorial/i.test(a.id));
      sound("achievement");
      const badge = h("p", { class: "badge", id: "tutorial-badge" }, medal(), " ", h("strong", null, got?.title ?? "Complete tutorial"),
        got ? " — achievement unlocked!" : " — already in your achievements.");
      card.append(badge);
    } catch (x) {
      card.append(h("p", { class: "form-error" }, (x as Error).message));
    }
  }

  function render(): void {
    if (done && step === steps.length - 1 && card.querySelector("#tutorial-badge")) return;
    clear(card);
    const s = steps[step];
    const skip = h("button", { class: "link", id: "tutorial-skip" }, "End tutorial");
    skip.addEventListener("click", () => {
      sessionStorage.removeItem(KEY);
      card.remove();
    });
    card.append(h("div", { class: "tutorial-head" }, h("span", { class: "tag" }, `Tutorial · step ${Math.min(step + 1, steps.length)} of ${steps.length}`), skip),
      h("h2", null, s.title), h("p", null, s.text));
    if (s.next) {
      const n = h("button", { class: "primary", id: "tutorial-next" }, s.next);
      n.addEventListener("click", () => go(step + 1));
      card.append(n);
    }
    if (step === steps.length - 1) {
      card.append(h("a", { class: "button", href: "/battleship", "data-nav": true }, "Back to the menu"));
    }
  }

  function update(): void {
    const v = ctx.view();
    if (!v || done) return;
    const seat = v.seat >= 0 ? v.seat : 0;
    if (step === 1 && v.placed?.[seat]) go(2);
  }

  function events(evs: GameEvent[]): void {
    const v = ctx.view();
    const seat = v && v.seat >= 0 ? v.seat : 0;
    for (const e of evs) {
      if (e.type !== "shot") continue;
      if (e.seat === seat) {
        myShots = Math.max(myShots + 1, v?.shots?.[seat]?.length ?? 0);
        if (step <= 2) go(3);
        else if (step === 4 && myShots >= 3) void complete();
      } else if (step === 3) {
        go(4);
      }
    }
    if (ctx.st.outcome && !done) void complete();
  }

  render();
  return { update, events, destroy: () => card.remove() };
}
