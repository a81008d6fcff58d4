package game

// Copier is implemented by a State that can take on another position of
// its own game in place, without allocating. A match keeps a copy of the
// position before every move, to put back if the move cannot be stored;
// for a game whose State is one flat value (about a kilobyte of arrays
// for a board of lines and boxes) a Clone per move is an allocation per move, and a
// Copier lets the match reuse the copies of earlier moves instead.
//
// CopyFrom makes the receiver an independent copy of src, as Clone
// would; src is always a State of the same game and size.
type Copier interface {
	CopyFrom(src State)
}
