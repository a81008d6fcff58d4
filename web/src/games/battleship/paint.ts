// Battleship's drawing: the ocean grid (your fleet, the placement's
// preview, the enemy's shots), the target grid (your shots, the enemy's
// fleet once revealed), the score bar, and the expert's aid over the
// target grid.
import { clear, h } from "../../dom";
import { socket } from "../../ws";
import { candidate, cellsOf, lay, lenOf, me, placing, problem, ships, v, type Bs } from "./board";
import { keepDraft } from "./fleetdraft";
import { sqName, type Placement } from "./fleetlay";
import { clearHeat, paintHeat, type Heat } from "./heatmap";
import { renderDock } from "./place";

export function paintOcean(b: Bs): void {
  const x = v(b);
  const mine = placing(b) ? b.fleet : (x?.fleets?.[me(b)] ?? []);
  const sunk = new Set(x?.sunk?.[me(b)] ?? []);
  const foeShots = x?.shots?.[1 - me(b)] ?? [];
  const shotAt = new Map(foeShots.map((s) => [`${s.row},${s.col}`, s]));
  const ownerOf = new Map<string, { p: Placement; i: number }>();
  for (const p of mine) cellsOf(b, p).forEach(([r, c], i) => ownerOf.set(`${r},${c}`, { p, i }));
  let preview = new Set<string>();
  let bad = false;
  if (placing(b) && b.hover && b.sel) {
    const p = candidate(b, b.hover[0], b.hover[1]);
    if (p) {
      bad = problem(b, p, b.fleet) !== "";
      preview = new Set(cellsOf(b, p).map(([r, c]) => `${r},${c}`));
    }
  }
  const ocean = b.ocean;
  for (let r = 0; r < ocean.cells.length; r++) for (let c = 0; c < ocean.cells.length; c++) {
    const btn = ocean.cells[r][c];
    const k = `${r},${c}`;
    const o = ownerOf.get(k);
    const s = shotAt.get(k);
    const cls = ["cell"];
    let label = sqName(r, c);
    if (o) {
      const len = lenOf(b, o.p.ship);
      cls.push("ship", "ship-" + o.p.ship, o.p.dir === "h" ? "across" : "down");
      if (o.i === 0) cls.push("bow");
      if (o.i === len - 1) cls.push("stern");
      if (sunk.has(o.p.ship)) cls.push("sunk");
      label += `, your ${o.p.ship}`;
      btn.textContent = s ? "" : (lay(b).ships.find((k) => k.name === o.p.ship)?.mark ?? "");
    } else btn.textContent = "";
    if (s) {
      cls.push(s.result === "miss" ? "miss" : "hit");
      label += s.result === "miss" ? ", enemy missed" : ", hit by the enemy";
    } else if (!o) label += ", water";
    if (preview.has(k)) cls.push(bad ? "preview-bad" : "preview");
    btn.className = cls.join(" ");
    btn.setAttribute("aria-label", label);
    btn.setAttribute("aria-disabled", String(!placing(b)));
  }
}

export function paintTarget(b: Bs): void {
  const x = v(b);
  const shots = x?.shots?.[me(b)] ?? [];
  const byKey = new Map(shots.map((s) => [`${s.row},${s.col}`, s]));
  // The other fleet shows once the game is over, and at every step of
  // a replay, whose match is over (its view reveals both fleets).
  const revealed = x?.phase === "over" || b.ctx.replay ? (x?.fleets?.[1 - me(b)] ?? []) : [];
  const foeShip = new Map<string, string>();
  for (const p of revealed) for (const [r, c] of cellsOf(b, p)) foeShip.set(`${r},${c}`, p.ship);
  const canFire = x?.phase === "battle" && b.ctx.mover() !== null;
  b.target.el.classList.toggle("armed", canFire);
  for (let r = 0; r < b.ocean.cells.length; r++) for (let c = 0; c < b.ocean.cells.length; c++) {
    const btn = b.target.cells[r][c];
    const k = `${r},${c}`;
    const s = byKey.get(k);
    const cls = ["cell"];
    let label = sqName(r, c);
    if (s) {
      cls.push(s.result === "miss" ? "miss" : "hit");
      if (s.result === "sunk") cls.push("sunk-shot");
      label += s.result === "miss" ? ", miss" : s.result === "sunk" ? `, hit, sank the ${s.ship}` : ", hit";
    } else {
      label += ", not fired at";
      if (b.pendingShot === sqName(r, c)) cls.push("pending");
    }
    const ship = foeShip.get(k);
    if (ship) {
      cls.push("revealed", "ship-" + ship);
      label += `, enemy ${ship}`;
    }
    btn.className = cls.join(" ");
    btn.textContent = ship && !s ? (lay(b).ships.find((k) => k.name === ship)?.mark ?? "") : "";
    btn.setAttribute("aria-label", label);
  }
}

function paintScore(b: Bs): void {
  const score = b.score;
  clear(score);
  const x = v(b);
  if (!x) return;
  const i = me(b);
  const shots = x.shots?.[i] ?? [];
  const hits = shots.filter((s) => s.result !== "miss").length;
  const acc = shots.length ? Math.round((100 * hits) / shots.length) : 0;
  const mineLeft = ships(b).length - (x.sunk?.[i]?.length ?? 0);
  const foeLeft = ships(b).length - (x.sunk?.[1 - i]?.length ?? 0);
  const stat = (label: string, value: string, id: string) =>
    h("div", { class: "stat", id }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, value));
  score.append(
    stat("Your ships afloat", `${mineLeft} / ${ships(b).length}`, "stat-mine"),
    stat("Enemy ships afloat", `${foeLeft} / ${ships(b).length}`, "stat-foe"),
    stat("Shots", String(shots.length), "stat-shots"),
    stat("Hits", String(hits), "stat-hits"),
    stat("Accuracy", shots.length ? acc + "%" : "–", "stat-acc"),
  );
  const foeSunk = x.sunk?.[1 - i] ?? [];
  if (foeSunk.length) score.append(h("div", { class: "stat wide" }, h("span", { class: "stat-label" }, "Sunk"), h("span", { class: "stat-value small" }, foeSunk.join(", "))));
}

export function renderAll(b: Bs): void {
  const x = v(b);
  b.el.classList.toggle("placing", placing(b));
  b.el.classList.toggle("no-view", !x);
  if (x && x.phase === "battle") {
    const myTurn = b.ctx.mover() !== null;
    b.targetTitle.textContent = myTurn ? "Enemy waters: your shot" : "Enemy waters";
  } else b.targetTitle.textContent = "Enemy waters";
  b.oceanTitle.textContent = placing(b) ? "Your fleet: place your ships" : "Your fleet";
  if (x && x.seat >= 0) keepDraft(b.ctx.table.match ?? "", x.seat, placing(b) ? b.fleet : []);
  renderDock(b);
  paintOcean(b);
  paintTarget(b);
  paintScore(b);
}

/** aidAllowed: an unrated table where the one seat held plays bots. */
const aidAllowed = (b: Bs) => !b.ctx.replay && b.ctx.table.rated === false && b.ctx.held.length === 1 &&
  b.ctx.table.seats.every((st, i) => i === b.ctx.held[0] || st.kind === "bot");

/** paintAid draws the expert's map over the target grid while the aid
 * is on and it is this seat's shot, asking the server once per update. */
export function paintAid(b: Bs): void {
  const x = v(b);
  b.aidBox.hidden = !aidAllowed(b) || !x || x.phase === "placement" || x.phase === "over";
  const want = !b.aidBox.hidden && b.aidCheck.checked && x?.phase === "battle" && b.ctx.mover() !== null;
  if (!want) {
    clearHeat(b.target.el);
    return;
  }
  const seq = b.ctx.st.seq;
  if (b.aid && b.aid.seq === seq) {
    paintHeat(b.target.el, b.aid.heat);
    return;
  }
  clearHeat(b.target.el);
  if (b.aidAsked === seq) return;
  b.aidAsked = seq;
  socket.send<{ aid: Heat }>("match.aid", { table: b.ctx.table.id, seat: me(b) }).then((rep) => {
    b.aid = { seq, heat: rep.aid };
    if (b.ctx.st.seq === seq) paintAid(b);
  }).catch((e: Error) => {
    b.aidCheck.checked = false;
    b.ctx.error(e.message);
  });
}
