package clue

// difficultyFlag is `parlor serve`'s shorthand for the operator's default
// difficulty, kept from before defaults were set by option name.
type difficultyFlag struct{}

// DefaultFlag names the flag, the option it sets and its help.
func (difficultyFlag) DefaultFlag() (name, option, usage string) {
	return "clue-difficulty", "difficulty", "default difficulty of Clue-Less tables whose creator does not choose one: easy, medium or hard (the game's default is medium); the same as -game-default clue.difficulty=VALUE"
}
