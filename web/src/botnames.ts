// A computer player's name is the game's own (the suspect it plays, the
// port it sails from), given by the server when the
// match starts and kept with the seat, so every screen says the same
// name: the lobby, the Players panel, the result, the charts and the
// replay. A list of seats adds the bot's level after it, once
// ("Mustard (easy)"); a sentence uses the name alone.

interface BotSeat { kind: string; name?: string; level?: string }

/** botName is the name of a bot seat: the server's, or "Computer" from a
 * server too old to give one. */
export function botName(s: BotSeat): string {
  return s.name || "Computer";
}

/** seatWithLevel names a seat for a list of seats: a bot with its level
 * in brackets, anyone else by name. */
export function seatWithLevel(s: BotSeat, name: string): string {
  return s.kind === "bot" && s.level ? `${name} (${s.level})` : name;
}
