package match

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/parlor-games/parlor/game"
)

// Moves sent again.
//
// A player whose connection drops between sending a move and reading its
// answer cannot tell whether the move was played: the server may have
// stored it (and, between nodes, a node stopping may store it after the
// player has already resumed elsewhere). Sending it again must give the
// first answer, not a refusal such as "that line is already drawn", and
// must never play it twice. So a client tags a move with the last update
// it knew of when it chose the move (after); if an update past that one
// is the same move by the same seat, the move was already played and its
// update is the answer. Only the log is consulted, so this holds after a
// crash, a restart or a takeover by another node, which rebuild the
// updates from the log.

// PlayOnce is Play for a move tagged with after, the seq of the last
// update its sender knew of (-1 for none: then it is Play). A move equal
// to one that seat made after that update is answered with that update,
// changing nothing; any other move is played as by Play.
func (mt *Match) PlayOnce(ctx context.Context, seat game.Seat, move []byte, after int64) (Update, error) {
	if after < 0 {
		return mt.Play(ctx, seat, move)
	}
	mt.mu.Lock()
	if u, ok := mt.playedLocked(seat, move, after); ok {
		mt.mu.Unlock()
		return u, nil
	}
	mt.mu.Unlock()
	return mt.Play(ctx, seat, move)
}

// playedLocked finds the update by which seat played move after the
// update numbered after. A move is the same when its text is the
// canonical JSON stored, or reads as it (a notation, another spacing);
// a move that no longer reads (the position changed) is compared as
// text only.
func (mt *Match) playedLocked(seat game.Seat, move []byte, after int64) (Update, bool) {
	if after >= mt.seqLocked() {
		return Update{}, false
	}
	// A move sent after an update older than the few the match keeps
	// (history.go) is looked for in the store's log; if that cannot be
	// read, the move is taken as new, and its store most likely refuses
	// it too.
	since, err := mt.sinceLocked(after, mt.seqLocked())
	if err != nil {
		mt.m.log.Error("match history not loaded", "match", mt.id, "err", err)
		return Update{}, false
	}
	var forms [][]byte
	read := false
	for _, u := range since {
		if u.Seat != seat || u.Move == nil {
			continue
		}
		if !read {
			read = true
			forms = append(forms, move)
			var compact bytes.Buffer
			if json.Compact(&compact, move) == nil {
				forms = append(forms, compact.Bytes())
			}
			// A released match (history.go) has no position to read
			// the move in: it is over, and the text alone is compared.
			if mt.st != nil {
				if mv, err := mt.st.ParseMove(seat, move); err == nil {
					forms = append(forms, game.Canonical(mv))
				}
			}
		}
		for _, f := range forms {
			if bytes.Equal(u.Move, f) {
				return u, true
			}
		}
	}
	return Update{}, false
}
