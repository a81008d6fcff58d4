package game

// Extras are what a game offers the programs around it beyond the
// contract: its achievements, how its analysis reads as text, how an
// operator's flag sets its defaults. Each is a value in
// Definition.Extras; a program that needs one declares the small
// interface (or names the type) it wants and asks with Extra, and a game
// without it is simply left out of that feature. That keeps shared code
// from naming any game: it asks the registry, and the game answers from
// its own package.

// Extra returns the first of d's Extras that is a T (a type, or an
// interface it implements), and whether there was one.
func Extra[T any](d *Definition) (T, bool) {
	if d != nil {
		for _, e := range d.Extras {
			if t, ok := e.(T); ok {
				return t, true
			}
		}
	}
	var zero T
	return zero, false
}
