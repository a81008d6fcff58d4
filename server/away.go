package server

// awayLocked adds to tj the countdown of each seat whose holder is gone
// during the match and whether the match is paused (match/pause.go), so
// that everyone at the table, spectators and the lobby included, sees who
// is away and what will happen when. Callers hold t.mu.
func (t *table) awayLocked(tj *TableJSON) {
	if t.mt == nil || t.status != statusPlaying {
		return
	}
	away, ps := t.mt.Away()
	for _, a := range away {
		if int(a.Seat) >= len(tj.Seats) {
			continue
		}
		sj := &tj.Seats[a.Seat]
		sj.Then = a.Then
		if !a.Until.IsZero() {
			until := a.Until.UTC()
			sj.GoneUntil = &until
		}
	}
	if ps.Paused {
		at := ps.CloseAt.UTC()
		tj.Paused, tj.ClosesAt = true, &at
	}
}
