package dots

// solvedValue says what Definition.Solve's value counts, for `parlor
// solve`.
type solvedValue struct{}

// SolvedValue words the value in a phrase.
func (solvedValue) SolvedValue() string {
	return "margin of the boxes still to be taken, seat to move minus opponent"
}
