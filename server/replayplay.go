package server

import (
	"errors"

	"github.com/parlor-games/parlor/store"
)

type replayPlayReq struct {
	envelope
	Match *string `json:"match"`
	Step  *int    `json:"step"`
	Level string  `json:"level,omitempty"`
}

// handleReplayPlay is replay.play: open a position of a finished match's
// replay as a new table, where the asker plays on against a bot. The new
// match continues the replay's first step records, like a copy of a save
// (createFrom), so it is allowed only for games that hide nothing and
// leave nothing to chance (game.Definition.Forkable): their position is
// all there is to know. The asker takes the seats to move at that step,
// a bot of the level asked for (the strongest by default) every other,
// and the table is unrated, like every copy.
func handleReplayPlay(c *conn, data []byte) (any, error) {
	var req replayPlayReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Match == nil || req.Step == nil {
		return nil, badRequest("replay.play needs match and step")
	}
	s := c.h.s
	ml, err := s.cfg.Store.LoadMatch(s.ctx, *req.Match)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("no such match")
	}
	if err != nil {
		return nil, unavailable(err, "the match could not be read; try again")
	}
	if !ml.Finished {
		return nil, conflict("replays are for finished matches only")
	}
	def, err := s.reg.Lookup(ml.Game)
	if err != nil {
		return nil, withCode(codeInternal, err)
	}
	if !def.Forkable() {
		return nil, forbidden("a position of %s cannot be played on: the game hides facts or draws at random, which a new match would have to make up", def.Title)
	}
	if *req.Step < 0 || *req.Step > len(ml.Records) {
		return nil, badRequest("step must be from 0 to %d, the steps of this replay", len(ml.Records))
	}
	prefix := *ml
	prefix.Records = ml.Records[:*req.Step]
	l := prefix.Log()
	st, err := s.reg.Replay(l)
	if err != nil {
		return nil, withCode(codeInternal, err)
	}
	if st.Outcome() != nil || len(st.Turn()) == 0 {
		return nil, conflict("the game is over at step %d: there is nothing left to play", *req.Step)
	}
	level := req.Level
	if level == "" && len(def.BotLevels) > 0 {
		level = def.BotLevels[len(def.BotLevels)-1]
	}
	reqs := make([]seatReq, st.Seats())
	for i := range reqs {
		reqs[i] = seatReq{Kind: choiceBot, Level: level}
	}
	for _, t := range st.Turn() {
		reqs[t] = seatReq{Kind: choiceMe}
	}
	seats, err := s.buildSeats(def, reqs, st.Seats(), c.user)
	if err != nil {
		return nil, err
	}
	t, err := s.tables.createFrom(s.ctx, def, l, seats, c.user)
	if err != nil {
		return nil, err
	}
	return map[string]any{"table": t.json(c.user.ID)}, nil
}
