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

/** View is a board's pan and zoom: the part shown (vb) of the whole
 * (full), and the pointers down on it. */
interface View {
  root: SVGSVGElement;
  vb: Box;
  full: Box;
  pointers: Map<number, { x: number; y: number }>;
  /** dragged: the pointer down has moved the board. */
  dragged: boolean;
  /** pinchDist is the distance between two fingers, at the last move. */
  pinchDist: number;
}

/** panZoom makes root pannable and zoomable; keys beyond the pan and zoom
 * ones (say Escape) may be added, and the buttons given do what they say. */
export function panZoom(root: SVGSVGElement, opts: {
  keys?: Record<string, () => void>;
  zoomIn?: HTMLElement; zoomOut?: HTMLElement; fit?: HTMLElement;
} = {}): PanZoom {
  const v: View = { root, vb: { x: 0, y: 0, w: 100, h: 100 }, full: { x: 0, y: 0, w: 100, h: 100 }, pointers: new Map(), dragged: false, pinchDist: 0 };
  const fitAll = () => fit(v);
  opts.zoomIn?.addEventListener("click", () => zoom(v, 1.4));
  opts.zoomOut?.addEventListener("click", () => zoom(v, 1 / 1.4));
  opts.fit?.addEventListener("click", fitAll);
  root.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = toSvg(v, e.clientX, e.clientY);
    zoom(v, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y);
  }, { passive: false });
  root.addEventListener("pointerdown", (e) => {
    v.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (v.pointers.size === 1) v.dragged = false;
    if (v.pointers.size === 2) {
      const [a, b] = [...v.pointers.values()];
      v.pinchDist = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  const onMove = (e: PointerEvent) => pointerMove(v, e);
  const onUp = (e: PointerEvent) => {
    v.pointers.delete(e.pointerId);
    if (v.pointers.size < 2) v.pinchDist = 0;
  };
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);
  root.addEventListener("keydown", (e) => onKey(v, e, opts.keys));
  return {
    zoom: (f, px, py) => zoom(v, f, px, py),
    pan: (dx, dy) => pan(v, dx, dy),
    fit: fitAll,
    centreAt: (x, y) => centreAt(v, x, y),
    unitsPerPixel: () => unitsPerPixel(v),
    shown: () => ({ ...v.vb }),
    setFull(b: Box): void {
      v.full = { ...b };
      fit(v);
    },
    tookDrag(): boolean {
      const d = v.dragged;
      v.dragged = false;
      return d;
    },
    destroy(): void {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
    },
  };
}

function setBox(v: View): void {
  const vb = v.vb;
  v.root.setAttribute("viewBox", `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`);
}

// The view may come a tenth of the board close and go half again as
// far, and half of it may leave the board, never more: a board cannot
// be lost off the screen.
function clampBox(v: View): void {
  const { vb, full } = v;
  vb.w = Math.min(Math.max(vb.w, full.w / 10), full.w * 1.5);
  vb.h = vb.w * (full.h / full.w);
  vb.x = Math.min(Math.max(vb.x, full.x - vb.w / 2), full.x + full.w - vb.w / 2);
  vb.y = Math.min(Math.max(vb.y, full.y - vb.h / 2), full.y + full.h - vb.h / 2);
}

function zoom(v: View, f: number, px?: number, py?: number): void {
  const vb = v.vb;
  const cx = px ?? vb.x + vb.w / 2, cy = py ?? vb.y + vb.h / 2;
  const w = vb.w / f;
  const k = w / vb.w;
  v.vb = { x: cx - (cx - vb.x) * k, y: cy - (cy - vb.y) * k, w, h: vb.h * k };
  clampBox(v);
  setBox(v);
}

function pan(v: View, dx: number, dy: number): void {
  v.vb.x += dx;
  v.vb.y += dy;
  clampBox(v);
  setBox(v);
}

function fit(v: View): void {
  v.vb = { ...v.full };
  setBox(v);
}

function centreAt(v: View, x: number, y: number): void {
  v.vb.x = x - v.vb.w / 2;
  v.vb.y = y - v.vb.h / 2;
  clampBox(v);
  setBox(v);
}

/** toSvg turns a point of the page into the board's coordinates. */
function toSvg(v: View, clientX: number, clientY: number): [number, number] {
  const m = v.root.getScreenCTM();
  if (!m) return [v.vb.x + v.vb.w / 2, v.vb.y + v.vb.h / 2];
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

function unitsPerPixel(v: View): number {
  const r = v.root.getBoundingClientRect();
  return r.width && r.height ? Math.max(v.vb.w / r.width, v.vb.h / r.height) : 1;
}

/** pointerMove pinches with two fingers and drags with one. */
function pointerMove(v: View, e: PointerEvent): void {
  const p = v.pointers.get(e.pointerId);
  if (!p) return;
  if (v.pointers.size === 2) {
    p.x = e.clientX;
    p.y = e.clientY;
    const [a, b] = [...v.pointers.values()];
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    if (v.pinchDist > 0 && d > 0) {
      const [x, y] = toSvg(v, (a.x + b.x) / 2, (a.y + b.y) / 2);
      zoom(v, d / v.pinchDist, x, y);
    }
    v.pinchDist = d;
    v.dragged = true;
    return;
  }
  // A hand shakes: a few pixels are a click, not a drag.
  const dx = e.clientX - p.x, dy = e.clientY - p.y;
  if (!v.dragged && Math.hypot(dx, dy) < 5) return;
  v.dragged = true;
  const k = unitsPerPixel(v);
  pan(v, -dx * k, -dy * k);
  p.x = e.clientX;
  p.y = e.clientY;
}

function onKey(v: View, e: KeyboardEvent, more?: Record<string, () => void>): void {
  // A key a part of the board already took (an arrow moving among a
  // board's lit squares) does not also pan.
  if (e.defaultPrevented) return;
  const k = unitsPerPixel(v) * 60;
  const keys: Record<string, () => void> = {
    "+": () => zoom(v, 1.4), "=": () => zoom(v, 1.4), "-": () => zoom(v, 1 / 1.4), "_": () => zoom(v, 1 / 1.4), "0": () => fit(v),
    ArrowLeft: () => pan(v, -k, 0), ArrowRight: () => pan(v, k, 0), ArrowUp: () => pan(v, 0, -k), ArrowDown: () => pan(v, 0, k),
    ...more,
  };
  const f = keys[e.key];
  if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    e.stopPropagation();
    f();
  }
}
