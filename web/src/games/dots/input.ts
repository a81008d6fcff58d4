// Dots and Boxes's picking of a line: a click on its gap, two dots clicked
// in turn, or the keyboard's focus moved over the lines and Enter; the line
// is shown at once and sent.
import { dotName, key, lattice, type Dot, type Dots } from "./state";

export function setFocus(d: Dots, k: string, move = true): void {
  const s = d.slots.get(k);
  if (!s) return;
  d.slots.get(d.focusKey)?.g.setAttribute("tabindex", "-1");
  s.g.setAttribute("tabindex", "0");
  d.focusKey = k;
  if (move) s.g.focus();
}

export function onKey(d: Dots, e: KeyboardEvent): void {
  const cur = d.slots.get(d.focusKey);
  if (!cur) return;
  const dirs: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = dirs[e.key];
  if (step) {
    e.preventDefault();
    const [dy, dx] = step;
    // Straight on by two lattice cells, else the nearest line diagonally
    // ahead, so every line is reachable from every other.
    const cands: [number, number][] = [
      [cur.y + 2 * dy, cur.x + 2 * dx],
      [cur.y + dy + (dy === 0 ? -1 : 0), cur.x + dx + (dx === 0 ? -1 : 0)],
      [cur.y + dy + (dy === 0 ? 1 : 0), cur.x + dx + (dx === 0 ? 1 : 0)],
    ];
    for (const [y, x] of cands) {
      if (d.slots.has(key(y, x))) {
        setFocus(d, key(y, x));
        return;
      }
    }
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    choose(d, cur.from, cur.to);
  } else if (e.key === "Escape" && d.selected) {
    d.selected = null;
    markSelected(d);
  }
}

export function markSelected(d: Dots): void {
  for (const row of d.dotEls) for (const dot of row) dot.classList.remove("selected");
  if (d.selected) d.dotEls[d.selected[0]]?.[d.selected[1]]?.classList.add("selected");
}

export function clickDot(d: Dots, dot: Dot): void {
  if (!d.selected) {
    d.selected = dot;
    markSelected(d);
    d.ctx.info(`Dot ${dotName(dot)} selected: now pick a neighbouring dot.`);
    return;
  }
  const a = d.selected;
  d.selected = null;
  markSelected(d);
  if (a[0] === dot[0] && a[1] === dot[1]) return;
  choose(d, a, dot);
}

export async function choose(d: Dots, a: Dot, b: Dot): Promise<void> {
  const ctx = d.ctx;
  const seat = ctx.mover();
  if (seat === null) {
    if (ctx.st.outcome) ctx.error("The game is over. Start a new one with Rematch or New game.");
    else ctx.error("It is not your turn: wait for the other player.");
    return;
  }
  const adjacent = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
  const [y, x] = lattice(a, b);
  const s = adjacent ? d.slots.get(key(y, x)) : undefined;
  const k = key(y, x);
  // Optimistic: show the line at once; the server's answer confirms it
  // with the next update or takes it back with its reason.
  if (s && s.ln.classList.contains("free")) {
    d.pending.add(k);
    s.ln.setAttribute("class", `ln pending p${seat}`);
  }
  const ok = await ctx.play(seat, { from: a, to: b });
  if (!ok && d.pending.delete(k)) d.update();
}
