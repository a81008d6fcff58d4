// The replay of another player's turn on the island: each action's
// hexes flash in turn and a moving villager glides from hex to hex, with a
// line saying what happened (with reduced motion, only the line).
import type { GameEvent } from "../../api";
import { clear, h, svg } from "../../dom";
import { settings } from "../../settings";
import type { TableCtx } from "../types";
import { R, hexPoints, type Board } from "./hexes";

/** AnimKind says how the replay of another player's turn marks a hex:
 * where a villager left, where it went, land taken, a new piece. */
type AnimKind = "from" | "to" | "taken" | "new";
/** AnimStep is one action of another player, shown on the map in turn. */
export interface AnimStep { seat: number; text: string; hexes: [number, AnimKind][]; walk?: [number, number] }

// The replay of another player's turn stays short, whatever the turn
// held: each step lasts between these, and a long turn is shown in at
// most ANIM_STEPS steps (consecutive actions shown together).
const ANIM_STEP_MS = [180, 450];
const ANIM_TOTAL_MS = 2200;
const ANIM_STEPS = 12;

export interface TurnReplay {
  /** slot holds the line naming the actions; it keeps its height while
   * the line is hidden. */
  slot: HTMLElement;
  /** step turns one push of another player's action into a step. */
  step(evs: GameEvent[], seat: number, told: string): AnimStep | null;
  /** play shows the steps one after another. */
  play(steps: AnimStep[]): void;
  /** stop ends the replay at once. */
  stop(): void;
  /** running says a replay is under way. */
  running(): boolean;
  /** hideLine takes the line of the last replay away. */
  hideLine(): void;
}

/** animStep turns one push of another player's action into a step. */
function animStep(evs: GameEvent[], seat: number, told: string, ctx: TableCtx, board: Board | null): AnimStep | null {
  const st: AnimStep = { seat, text: "", hexes: [] };
  const words: string[] = [];
  for (const e of evs) {
    const d = e.data as any;
    if (!d) continue;
    if (e.type === "move") {
      const unit = d.unit || board?.hex(d.to)?.thing || "villager";
      switch (d.kind) {
        case "move":
          st.walk = [d.from, d.to];
          st.hexes.push([d.from, "from"], [d.to, "to"]);
          words.push(`moved a ${unit} from hex ${d.from} to hex ${d.to}`);
          break;
        case "buy":
          st.hexes.push([d.to, "new"]);
          words.push(`recruited a ${unit} on hex ${d.to}`);
          break;
        case "train":
          st.hexes.push([d.from, "new"]);
          words.push(`trained a ${d.unit || "villager"} on hex ${d.from}`);
          break;
        case "cultivate": case "road":
          st.hexes.push([d.from, "new"]);
          words.push(`started a ${d.kind === "road" ? "road" : "meadow"} on hex ${d.from}`);
          break;
        case "upgrade":
          st.hexes.push([d.from, "new"]);
          words.push(`upgraded the village on hex ${d.from}`);
          break;
        case "tower":
          st.hexes.push([d.to, "new"]);
          words.push(`built a watchtower on hex ${d.to}`);
          break;
      }
    } else if (e.type === "taken") {
      st.hexes.push([d.hex, "taken"]);
      words.push(`took hex ${d.hex}${d.from >= 0 ? ` from ${ctx.seatName(d.from)}` : ""}`);
    } else if (e.type === "captured") {
      words.push(`captured the village on hex ${d.hex}`);
    }
  }
  if (!st.hexes.length) return null;
  st.text = told || words.join(", ");
  return st;
}

/** say puts text on the replay's line, which shows one line of it; the
 * whole text is its tooltip and what a screen reader reads. */
function say(animText: HTMLElement, text: string): void {
  animText.textContent = text;
  animText.title = text;
}

/** drawStep marks a step's hexes (data-anim) and glides its moving
 * villager from hex to hex. */
function drawStep(animLayer: SVGGElement, board: Board, step: AnimStep): void {
  for (const [id, kind] of step.hexes) {
    if (!board.v.hexes[id]) continue;
    const [cx, cy] = board.centre(id);
    animLayer.append(svg("polygon", { points: hexPoints(cx, cy, R - 1.5), class: `wf-anim-hex k-${kind}`, "data-anim": id }));
  }
  if (step.walk && board.v.hexes[step.walk[0]] && board.v.hexes[step.walk[1]]) {
    const [x0, y0] = board.centre(step.walk[0]);
    const [x1, y1] = board.centre(step.walk[1]);
    const ghost = svg("circle", { r: 13, class: "wf-anim-walker", style: `transform: translate(${x0.toFixed(1)}px, ${y0.toFixed(1)}px)` });
    animLayer.append(ghost);
    // Start the glide after the first frame is drawn at the start.
    requestAnimationFrame(() => requestAnimationFrame(() => { ghost.style.transform = `translate(${x1.toFixed(1)}px, ${y1.toFixed(1)}px)`; }));
  }
}

/** turnReplay draws on layer, over the map in root; el is the board,
 * which says in its data-replay that a replay is playing. */
export function turnReplay(el: HTMLElement, root: SVGSVGElement, animLayer: SVGGElement, ctx: TableCtx, current: () => Board | null): TurnReplay {
  // The line naming what another player just did, while it is replayed.
  const animText = h("span", { class: "wf-anim-text" });
  const skipBtn = h("button", { type: "button", class: "link", id: "wf-anim-skip", title: "Skip the replay (Escape)" }, "Skip");
  const animLine = h("div", { class: "wf-anim-line", id: "wf-anim-line", role: "status", hidden: true }, animText, skipBtn);
  // The line naming another player's actions sits in a slot that keeps
  // its height while the line is hidden, so that the map does not move
  // when a replay starts or ends (see warfare.css). A replay of a finished
  // match never shows the line, so there it takes no room at all.
  const animSlot = h("div", { class: "wf-anim-slot" }, animLine);
  let queue: AnimStep[] = [];
  let animTimer = 0;



  const sayAnim = (text: string) => say(animText, text);

  /** replay shows the steps one after another, each step's hexes marked
   * (data-anim) and a moving villager gliding from hex to hex, with a line
   * saying what happened; with reduced motion it only names them. */
  function replay(steps: AnimStep[]): void {
    if (!steps.length) return;
    const who = ctx.seatLabel(steps[0].seat);
    if (settings.reducedMotion) {
      stopReplay();
      sayAnim(`${who}: ${steps.map((x) => x.text).join("; ")}.`);
      skipBtn.hidden = true;
      animLine.hidden = false;
      return;
    }
    // A long turn is shown in fewer, fuller steps.
    const per = Math.ceil(steps.length / ANIM_STEPS);
    for (let i = 0; i < steps.length; i += per) {
      const group = steps.slice(i, i + per);
      queue.push({ seat: group[0].seat, text: group.map((x) => x.text).join("; "), hexes: group.flatMap((x) => x.hexes), walk: group.length === 1 ? group[0].walk : undefined });
    }
    if (!animTimer) nextStep();
  }

  function nextStep(): void {
    animTimer = 0;
    clear(animLayer);
    const step = queue.shift();
    const board = current();
    if (!step || !board) {
      stopReplay();
      return;
    }
    el.dataset.replay = "playing";
    skipBtn.hidden = false;
    animLine.hidden = false;
    sayAnim(`${ctx.seatLabel(step.seat)}: ${step.text}.`);
    const ms = Math.min(ANIM_STEP_MS[1], Math.max(ANIM_STEP_MS[0], ANIM_TOTAL_MS / (queue.length + 1)));
    animLayer.style.setProperty("--wf-step", `${ms}ms`);
    drawStep(animLayer, board, step);
    animTimer = window.setTimeout(nextStep, ms);
  }

  /** stopReplay ends the replay at once (Skip, Escape, or its end). */
  function stopReplay(): void {
    window.clearTimeout(animTimer);
    animTimer = 0;
    queue = [];
    clear(animLayer);
    animLine.hidden = true;
    delete el.dataset.replay;
  }
  skipBtn.addEventListener("click", stopReplay);
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && animTimer) stopReplay();
  });

  return {
    slot: animSlot, step: (evs, seat, told) => animStep(evs, seat, told, ctx, current()), play: replay, stop: stopReplay,
    running: () => animTimer !== 0, hideLine: () => { animLine.hidden = true; },
  };
}
