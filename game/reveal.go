package game

// Revealer is implemented by a game whose replay may show, at every step,
// what the game hid during play: a replay is only ever of a match that
// has ended, and its end reveals everything (hidden fleets from the
// first shot, where the spectator's view showed them at the last step
// only). RevealedView is the spectator's view of the position with every
// secret shown.
type Revealer interface {
	RevealedView() any
}

// RevealedView is st's view with every secret shown where the game can
// give one (Revealer), else its plain spectator's view.
func RevealedView(st State) any {
	if r, ok := st.(Revealer); ok {
		return r.RevealedView()
	}
	return PlainView(st, Spectator)
}
