// Pan and zoom of a board drawn in SVG, by mouse (drag, wheel), touch
// (one finger drags, two pinch) and keys (arrows pan, + and − zoom, 0
// shows the whole board), done by moving the SVG's viewBox. The boards
// of maps (an island, a sea) share it, so that they answer a hand or a
// key the same way.

/** Box is a part of the board, in the board's own units. */
export interface Box { x: number; y: number; w: number; h: number }

export interface PanZoom {
  /** zoom by f (more than 1 is closer) about a board point, or the middle. */
  zoom(f: number, px?: number, py?: number): void;
  pan(dx: number, dy: number): void;
  /** fit shows the whole board. */
  fit(): void;
  /** setFull says what the whole board is, and shows it. */
  setFull(b: Box): void;
  /** centreAt puts a board point in the middle of the view. */
  centreAt(x: number, y: number): void;
  /** unitsPerPixel is the board's scale on screen. */
  unitsPerPixel(): number;
  /** shown is the part of the board in view. */
  shown(): Box;
  /** tookDrag says, once, whether the pointer that just went up dragged
   * the board: the click that ends a drag is not a move. */
  tookDrag(): boolean;
  destroy(): void;
}

/** panZoom makes root pannable and zoomable; keys beyond the pan and zoom
 * ones (say Escape) may be added, and the buttons given do what they say. */
export function panZoom(root: SVGSVGElement, opts: {
  keys?: Record<string, () => void>;
  zoomIn?: HTMLElement; zoomOut?: HTMLElement; fit?: HTMLElement;
} = {}): PanZoom {
  let vb: Box = { x: 0, y: 0, w: 100, h: 100 };
  let full: Box = { x: 0, y: 0, w: 100, h: 100 };

  function setBox(): void {
    root.setAttribute("viewBox", `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`);
  }
  // The view may come a tenth of the board close and go half again as
  // far, and half of it may leave the board, never more: a board cannot
  // be lost off the screen.
  function clampBox(): void {
    vb.w = Math.min(Math.max(vb.w, full.w / 10), full.w * 1.5);
    vb.h = vb.w * (full.h / full.w);
    vb.x = Math.min(Math.max(vb.x, full.x - vb.w / 2), full.x + full.w - vb.w / 2);
    vb.y = Math.min(Math.max(vb.y, full.y - vb.h / 2), full.y + full.h - vb.h / 2);
  }
  function zoom(f: number, px?: number, py?: number): void {
    const cx = px ?? vb.x + vb.w / 2, cy = py ?? vb.y + vb.h / 2;
    const w = vb.w / f;
    const k = w / vb.w;
    vb = { x: cx - (cx - vb.x) * k, y: cy - (cy - vb.y) * k, w, h: vb.h * k };
    clampBox();
    setBox();
  }
  function pan(dx: number, dy: number): void {
    vb.x += dx;
    vb.y += dy;
    clampBox();
    setBox();
  }
  function fit(): void {
    vb = { ...full };
    setBox();
  }
  function centreAt(x: number, y: number): void {
    vb.x = x - vb.w / 2;
    vb.y = y - vb.h / 2;
    clampBox();
    setBox();
  }
  /** toSvg turns a point of the page into the board's coordinates. */
  function toSvg(clientX: number, clientY: number): [number, number] {
    const m = root.getScreenCTM();
    if (!m) return [vb.x + vb.w / 2, vb.y + vb.h / 2];
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }
  function unitsPerPixel(): number {
    const r = root.getBoundingClientRect();
    return r.width && r.height ? Math.max(vb.w / r.width, vb.h / r.height) : 1;
  }

  opts.zoomIn?.addEventListener("click", () => zoom(1.4));
  opts.zoomOut?.addEventListener("click", () => zoom(1 / 1.4));
  opts.fit?.addEventListener("click", fit);
  root.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = toSvg(e.clientX, e.clientY);
    zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y);
  }, { passive: false });

  const pointers = new Map<number, { x: number; y: number }>();
  let dragged = false;
  let pinchDist = 0;
  root.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinchDist = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  const onMove = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    if (pointers.size === 2) {
      p.x = e.clientX;
      p.y = e.clientY;
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinchDist > 0 && d > 0) {
        const [x, y] = toSvg((a.x + b.x) / 2, (a.y + b.y) / 2);
        zoom(d / pinchDist, x, y);
      }
      pinchDist = d;
      dragged = true;
      return;
    }
    // A hand shakes: a few pixels are a click, not a drag.
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    dragged = true;
    const k = unitsPerPixel();
    pan(-dx * k, -dy * k);
    p.x = e.clientX;
    p.y = e.clientY;
  };
  const onUp = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinchDist = 0;
  };
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);

  root.addEventListener("keydown", (e) => {
    // A key a part of the board already took (an arrow moving among a
    // board's lit squares) does not also pan.
    if (e.defaultPrevented) return;
    const k = unitsPerPixel() * 60;
    const keys: Record<string, () => void> = {
      "+": () => zoom(1.4), "=": () => zoom(1.4), "-": () => zoom(1 / 1.4), "_": () => zoom(1 / 1.4), "0": fit,
      ArrowLeft: () => pan(-k, 0), ArrowRight: () => pan(k, 0), ArrowUp: () => pan(0, -k), ArrowDown: () => pan(0, k),
      ...opts.keys,
    };
    const f = keys[e.key];
    if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      e.stopPropagation();
      f();
    }
  });

  return {
    zoom, pan, fit, centreAt, unitsPerPixel,
    shown: () => ({ ...vb }),
    setFull(b: Box): void {
      full = { ...b };
      fit();
    },
    tookDrag(): boolean {
      const d = dragged;
      dragged = false;
      return d;
    },
    destroy(): void {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
    },
  };
}
