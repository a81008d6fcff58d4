// The games as cards, alike for every game the server offers: a small
// picture, the title, how many play, the summary, and (for a signed-in
// player) one button that starts a game against the computer at once.
// The first page and the lobby both show them, so that no game is
// presented as the main one.
import type { GameInfo, Table } from "./api";
import { h, svg, toast } from "./dom";
import { navigate } from "./state";
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

/** picture draws a small emblem of the game; decoration only. */
function picture(game: string): SVGSVGElement {
  const kids: SVGElement[] = [];
  switch (game) {
    case "dots":
      for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) kids.push(svg("circle", { cx: 10 + x * 14, cy: 10 + y * 14, r: 3, class: "gc-ink" }));
      kids.push(svg("path", { d: "M10 10H24V24H10Z", class: "gc-line" }), svg("rect", { x: 11, y: 11, width: 12, height: 12, class: "gc-fill" }));
      break;
    case "battleship":
      kids.push(svg("path", { d: "M6 30H42L36 38H12Z", class: "gc-ink" }), svg("rect", { x: 18, y: 22, width: 12, height: 8, class: "gc-ink" }),
        svg("circle", { cx: 36, cy: 12, r: 5, class: "gc-hit" }));
      break;
    case "clue":
      kids.push(svg("circle", { cx: 20, cy: 20, r: 10, class: "gc-line" }), svg("path", { d: "M27 27L40 40", class: "gc-line thick" }));
      break;
    case "buccaneer":
      kids.push(svg("path", { d: "M8 32H40L34 40H14Z", class: "gc-ink" }), svg("path", { d: "M24 6V32", class: "gc-line" }),
        svg("path", { d: "M25 8L38 28H25Z", class: "gc-fill" }));
      break;
    case "warfare":
      for (const [cx, cy] of [[14, 14], [30, 14], [22, 28], [38, 28]]) {
        const pts = Array.from({ length: 6 }, (_, i) => `${cx + 8 * Math.cos(Math.PI / 3 * i + Math.PI / 6)},${cy + 8 * Math.sin(Math.PI / 3 * i + Math.PI / 6)}`).join(" ");
        kids.push(svg("polygon", { points: pts, class: cx === 22 ? "gc-fill" : "gc-line" }));
      }
      break;
    default:
      kids.push(svg("rect", { x: 8, y: 8, width: 32, height: 32, rx: 6, class: "gc-line" }));
  }
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
        // Battleship has a page of its own: the tutorial and achievements.
        g.name === "battleship" ? h("a", { href: "/battleship?start=tutorial", "data-nav": true, class: "small", "aria-label": "Tutorial: Battleship" }, "Tutorial") : null) : null))));
}
