// Saved games: list, load, download the file, upload a file, delete.
import { api, type SaveInfo, type Table } from "../api";
import { ask } from "../confirm";
import { clear, fmtTime, h, toast } from "../dom";
import { app, gameTitle, navigate } from "../state";
import { socket } from "../ws";

/** secretExample names a game whose boards are secret, as an example. */
function secretExample(): string {
  const g = app.games.find((x) => x.hidden);
  return g ? ` (such as ${g.title})` : "";
}

// saveButton is the main action of a save: Load for a copy, Resume for a
// bookmark of a match still being played (it goes back to that match's
// table), Replay once the bookmarked match is over.
export function saveButton(s: SaveInfo, onError: (msg: string) => void): HTMLElement {
  if (s.match && s.over) {
    const b = h("button", { class: "primary", "data-replay": s.match }, "Replay");
    b.addEventListener("click", () => navigate("/replay/" + s.match));
    return b;
  }
  const b = h("button", { class: "primary", "data-load": s.id }, s.match ? "Resume" : "Load");
  b.addEventListener("click", async () => {
    try {
      const r = await socket.send<{ table: Table }>("match.load", { save: s.id });
      navigate("/t/" + r.table.id);
    } catch (x) {
      onError((x as Error).message);
    }
  });
  return b;
}

export function savesScreen(main: HTMLElement): void {
  const list = h("div", { class: "saves" });
  const err = h("p", { class: "form-error", role: "alert", id: "saves-error" });
  const file = h("input", { type: "file", id: "upload-save", accept: ".json,.parlor,application/json" });

  async function refresh(): Promise<void> {
    clear(list);
    let saves: SaveInfo[] = [];
    try {
      saves = (await api.saves()).saves ?? [];
    } catch (x) {
      err.textContent = (x as Error).message;
      return;
    }
    if (saves.length === 0) {
      list.append(h("p", { class: "muted" }, "No saved games yet. Press Save during a game to keep it here."));
      return;
    }
    const t = h("table", { class: "saves-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Name"), h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Moves"),
        h("th", { scope: "col" }, "Saved"), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Actions")))));
    const body = h("tbody");
    for (const s of saves) {
      const load = saveButton(s, (msg) => { err.textContent = msg; });
      const del = h("button", { class: "link danger", "aria-label": `Delete ${s.name}` }, "Delete");
      del.addEventListener("click", async () => {
        if (!(await ask({ title: `Delete “${s.name}”?`, text: "The save is gone for good once deleted.", yes: "Delete", no: "Keep it", danger: true }))) return;
        try {
          await api.deleteSave(s.id);
          await refresh();
        } catch (x) {
          err.textContent = (x as Error).message;
        }
      });
      body.append(h("tr", { "data-save": s.name },
        h("th", { scope: "row" }, s.name), h("td", null, gameTitle(s.game)), h("td", null, s.moves), h("td", null, fmtTime(s.created)),
        h("td", { class: "row-actions" }, load,
          // Every save downloads; the server seals the file of a game
          // still hiding secrets, so the link is the same for all.
          h("a", {
            class: "button", href: `/api/saves/${encodeURIComponent(s.id)}/file`, download: `${s.name}.parlor.json`, "data-download": s.id,
            title: "Download this save as a file",
          }, "Download"), del)));
    }
    t.append(body);
    list.append(t);
  }

  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (!f) return;
    err.textContent = "";
    try {
      const text = await f.text();
      const r = await api.importSave(text);
      toast(`Uploaded “${r.save.name}”.`);
      file.value = "";
      await refresh();
    } catch (x) {
      err.textContent = "That file could not be loaded: " + (x as Error).message;
      file.value = "";
    }
  });

  main.append(h("section", { class: "card wide" },
    h("h1", null, "Saved games"), list, err,
    h("div", { class: "upload" }, h("label", { for: "upload-save", class: "button" }, "Upload a save file…"), file,
      h("span", { class: "small muted" },
        `A file downloaded from Parlor, from this or another server. A game with secrets${secretExample()} saved before its end is a bookmark of its match: it resumes that same match, with the same players, and downloads sealed, so that nobody can read the hidden ships; it opens only on the server it came from.`))));
  void refresh();
}
