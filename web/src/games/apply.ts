// Keeping a board from pushes. Since protocol v10 the web client keeps
// every game's board one way: it watches with views sent as patches
// (applyViewPatch, below; the server's half is server/viewpatch.go). The
// event appliers of v4, which copied two games' view-drawing rules into
// TypeScript, are gone: a rule lives in its game's Go package alone, and
// a patch needs no rules (docs/protocol.md, Keeping the board, gives the
// figures).

/** applyViewPatch returns view with a patch of a push's viewPatches
 * applied (protocol v5: a watch with patches; the server's half is
 * server/viewpatch.go): {"=": v} is v whole; {"o": {key: patch}, "d":
 * [key]} changes an object's keys and drops some; {"a": {index: patch},
 * "n": length} changes an array's items and sets its length; {"s": [at,
 * removed, items]} (protocol v10) splices an array. It throws
 * when the patch does not fit the view, and the table then asks for a
 * fresh snapshot. Objects and arrays are changed in place. */
export function applyViewPatch(view: any, patch: any): any {
  if (patch === null || typeof patch !== "object") throw new Error("a view patch must be an object");
  if ("=" in patch) return patch["="];
  if (patch.o !== undefined) {
    if (view === null || typeof view !== "object" || Array.isArray(view)) throw new Error("an object's patch for something else");
    for (const k of patch.d ?? []) delete view[k];
    for (const [k, sub] of Object.entries(patch.o)) view[k] = applyViewPatch(view[k], sub);
    return view;
  }
  if (patch.s !== undefined) {
    const [at, removed, items] = patch.s;
    if (!Array.isArray(view) || !Number.isInteger(at) || !Number.isInteger(removed) || !Array.isArray(items) ||
      at < 0 || removed < 0 || at + removed > view.length) throw new Error("a splice that does not fit");
    view.splice(at, removed, ...items);
    return view;
  }
  if (patch.a !== undefined) {
    if (!Array.isArray(view) || typeof patch.n !== "number") throw new Error("an array's patch for something else");
    view.length = patch.n;
    for (const [k, sub] of Object.entries(patch.a)) {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= patch.n) throw new Error("an array's patch past its end");
      view[i] = applyViewPatch(view[i], sub);
    }
    return view;
  }
  throw new Error("a view patch of no known form");
}
