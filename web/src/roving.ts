// One Tab stop for a set of targets on a board: Tab reaches the board's
// targets once, and the arrow keys move among them by where they lie on
// the screen (to the nearest one in the arrow's direction), so that a
// keyboard player is not made to tab through every lit square.

export interface RovingItem { el: Element & { focus(): void }; x: number; y: number }

const dirs: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** roving makes items one Tab stop: the one at index start (or the
 * first) takes the Tab, the others are reached with the arrows. */
export function roving(items: RovingItem[], start = 0): void {
  if (!items.length) return;
  const first = Math.min(Math.max(0, start), items.length - 1);
  items.forEach((it, i) => it.el.setAttribute("tabindex", i === first ? "0" : "-1"));
  for (const it of items) {
    it.el.addEventListener("keydown", (e: Event) => {
      const k = e as KeyboardEvent;
      const d = dirs[k.key];
      let next: RovingItem | null = null;
      if (d) next = nearest(items, it, d);
      else if (k.key === "Home") next = items[0];
      else if (k.key === "End") next = items[items.length - 1];
      else return;
      k.preventDefault();
      if (!next || next === it) return;
      it.el.setAttribute("tabindex", "-1");
      next.el.setAttribute("tabindex", "0");
      next.el.focus();
    });
  }
}

/** nearest is the item closest to from that lies ahead in direction d
 * (its step along d is positive and larger than its step across). */
function nearest(items: RovingItem[], from: RovingItem, d: [number, number]): RovingItem | null {
  let best: RovingItem | null = null;
  let bestCost = Infinity;
  for (const it of items) {
    if (it === from) continue;
    const dx = it.x - from.x, dy = it.y - from.y;
    const along = dx * d[0] + dy * d[1];
    if (along <= 0) continue;
    const across = Math.abs(dx * d[1] - dy * d[0]);
    // Squares straight ahead first, then the nearest off the line.
    const cost = along + 2 * across;
    if (cost < bestCost) {
      best = it;
      bestCost = cost;
    }
  }
  return best;
}
