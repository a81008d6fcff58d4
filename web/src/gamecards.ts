// The games as cards, alike for every game the server offers: a small
// picture, the title, how many play, the summary, and (for a signed-in
// player) one button that starts a game against the computer at once.
// The first page and the lobby both show them, so that no game is
// presented as the main one.
import type { GameInfo, Table } from "./api";
import { h, svg, toast } from "./dom";
import { navigate } from "./state";
import { gameEntry } from "./games/load";
import { socket } from "./ws";

/** playerRange is the fewest and most seats a game takes: from its
 * players (or captains) option when it has one, else its fixed count. */
export function playerRange(g: GameInfo): [number, number] {
  const o = g.options.find((x) => x.name === "players" || x.name === "seats");
  if (o && o.kind === "int") return [o.min ?? 2, o.max ?? 2];
  const n = g.seats ?? 2;
  return [n, n];
}

function playersText(g: GameInfo): string {
  const [lo, hi] = playerRange(g);
  return lo === hi ? `${lo} players` : `${lo}–${hi} players`;
}

/** defaultSeats is how many sit at a new table of the game. */
function defaultSeats(g: GameInfo): number {
  const o = g.options.find((x) => x.name === "players" || x.name === "seats");
  return o && typeof o.default === "number" ? o.default : g.seats ?? 2;
}

/** playComputer makes a table of the game with its default options, the
 * player in the first seat and the computer's easiest level in the others,
 * and opens it. */
export async function playComputer(g: GameInfo): Promise<void> {
  const level = g.bots[0];
  const seats = Array.from({ length: defaultSeats(g) }, (_, i) => i === 0 ? { kind: "me" } : { kind: "bot", level });
  try {
    const r = await socket.send<{ table: Table }>("table.create", { game: g.name, options: {}, seats });
    navigate("/t/" + r.table.id);
  } catch (x) {
    toast((x as Error).message, "error");
  }
}

/** picture draws a small emblem of the game, from its entry;
 * decoration only. */
function picture(game: string): SVGSVGElement {
  const kids = gameEntry(game)?.emblem() ?? [svg("rect", { x: 8, y: 8, width: 32, height: 32, rx: 6, class: "gc-line" })];
  return svg("svg", { viewBox: "0 0 48 48", width: 48, height: 48, class: "gc-pic", "aria-hidden": "true" }, ...kids) as SVGSVGElement;
}

/** gameCards lists the games; with play, each card has a button that
 * starts a game against the computer. The lobby lists them under its
 * "Games" heading, the first page straight under its title: a card's
 * heading is one level below either, so no level is skipped. */
export function gameCards(games: GameInfo[], play: boolean): HTMLElement {
  return h("ul", { class: "game-cards", "aria-label": "Games" }, ...games.map((g) => h("li", { class: "game-card", "data-game": g.name },
    picture(g.name),
    h("div", { class: "gc-text" },
      h(play ? "h3" : "h2", { class: "gc-title" }, g.title),
      h("p", { class: "gc-players small" }, playersText(g)),
      h("p", { class: "gc-summary small muted" }, g.summary),
      play ? h("div", { class: "gc-actions" },
        g.bots.length ? h("button", { type: "button", class: "primary small-btn gc-play", "data-play": g.name, "aria-label": `Play the computer: ${g.title}`, onclick: () => void playComputer(g) }, "Play the computer") : null,
        h("a", { href: "/rules/" + g.name, "data-nav": true, class: "small", "aria-label": `Rules: ${g.title}` }, "Rules"),
        // A game with a page of its own may start its tutorial there.
        gameEntry(g.name)?.page?.tutorial ? h("a", { href: `/${g.name}?start=tutorial`, "data-nav": true, class: "small", "aria-label": `Tutorial: ${g.title}` }, "Tutorial") : null) : null))));
}
