package match

import (
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
)

// rebuild makes a match from its stored log, replaying every record, and
// resumes it: clocks, timers and bots run from its last position.
func (m *Manager) rebuild(ml *store.MatchLog) (*Match, error) {
	mt, err := m.replay(ml)
	if err != nil {
		return nil, err
	}
	mt.mu.Lock()
	defer mt.mu.Unlock()
	// Every connection was lost with the old process; the time the server
	// was down is charged to no one.
	now := m.clock.Now()
	for i := range mt.seats {
		s := &mt.seats[i]
		if s.owing && !mt.spec.Policy.Correspondence() {
			// A correspondence clock counts days, restarts included
			// (correspondence.go).
			s.moveStart = now
		}
		if mt.spec.Seats[i].Kind != Bot { // a seat a bot took over too: its holder is gone
			s.connected = false
			s.goneAt = now
		}
	}
	mt.restoreVacationsLocked()
	mt.restorePauseLocked(ml.Paused, ml.PausedSeat)
	if mt.vote != nil {
		// Nobody could vote while the server was down; a vote that its
		// ballots decided before the crash ends at once.
		mt.vote.Until = now.Add(VoteTime)
		if mt.vote.tally() != "" {
			mt.vote.Until = now
		}
	}
	if mt.outcome == nil {
		mt.afterChangeLocked(now)
	} else {
		mt.cancel()
	}
	// The updates rebuilt here were all delivered before the crash, to
	// subscribers who are gone: a new subscriber starts after them, and
	// the match keeps only the latest of them.
	mt.delivered = mt.seqLocked()
	mt.trimLocked()
	if ml.Finished {
		mt.endNotified = true
	}
	return mt, nil
}

// replay makes a match from its stored log, replaying every record and
// keeping every update, and starts nothing: no clock, timer or bot. It is
// rebuild's first half, and how a match's history is read back
// (history.go).
func (m *Manager) replay(ml *store.MatchLog) (*Match, error) {
	var spec Spec
	var set settings
	if err := json.Unmarshal(ml.Seats, &spec.Seats); err != nil {
		return nil, fmt.Errorf("seats: %w", err)
	}
	if err := json.Unmarshal(ml.Settings, &set); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	spec.Game, spec.Options, spec.Seed = ml.Game, ml.Options, ml.Seed
	spec.Policy, spec.BotTime, spec.Unrated = set.Policy, set.BotTime, set.Unrated
	def, st, err := m.reg.Start(game.Log{Game: ml.Game, Options: ml.Options, Seed: ml.Seed})
	if err != nil {
		return nil, &game.ReplayError{Err: err}
	}
	if len(spec.Seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats stored for a game of %d", len(spec.Seats), st.Seats())
	}
	mt := m.newMatch(ml.ID, spec, def, st, ml.Created)
	mt.mu.Lock()
	defer mt.mu.Unlock()
	mt.tickLocked(ml.Created, -2)
	for i, r := range ml.Records {
		if r.Index != int64(i+1) {
			return nil, fmt.Errorf("record %d has index %d", i+1, r.Index)
		}
		if mt.outcome != nil {
			return nil, fmt.Errorf("record %d follows the end of the match", r.Index)
		}
		if r.Move != nil {
			mv, err := st.ParseMove(r.Seat, r.Move)
			if err != nil {
				return nil, &game.ReplayError{Index: i + 1, Entry: game.Entry{Seat: r.Seat, Move: r.Move}, Err: err}
			}
			events, err := st.Apply(r.Seat, mv)
			if err != nil {
				return nil, &game.ReplayError{Index: i + 1, Entry: game.Entry{Seat: r.Seat, Move: r.Move}, Err: err}
			}
			mt.recordLocked(Update{Seq: r.Index, Seat: r.Seat, Move: r.Move, Text: game.Describe(st, r.Seat, mv, events), Events: events, At: r.At})
			mt.tickLocked(r.At, r.Seat)
			continue
		}
		var rec matchRecord
		if err := json.Unmarshal(r.Event, &rec); err != nil {
			return nil, fmt.Errorf("record %d: %w", r.Index, err)
		}
		if rec.Seat < 0 || int(rec.Seat) >= len(mt.seats) {
			return nil, fmt.Errorf("record %d names seat %d", r.Index, rec.Seat)
		}
		mt.applyRecordLocked(rec, r.At)
	}
	return mt, nil
}
