package game

import "context"

// ReplayStep is one step of a finished match as an analysis reads it: the
// position before the step, the seat that took it, and the move, or nil
// when the step was the match's own decision (a resignation, a forfeit, a
// carried vote) rather than a move.
//
// Steps are numbered as a replay numbers them: step 0 is the start
// position (Seat is Spectator, Move nil, Before the start), and step i>0
// is the i-th record of the match's log; Before of step i is the position
// after step i-1. After the last step, Final is the end position.
type ReplayStep struct {
	Seat   Seat
	Move   Move
	Before State
}

// Analyze studies a finished match for its replay: what each step cost
// against the best play, what a seat could have known, how the lead
// changed. It is called off the hot path, once a match is over and someone
// asks (the server caches the answer), never while a match is played, so
// it may search for seconds; it must honour ctx and count its work, not the
// clock (Budget), so the same match always gets the same analysis.
//
// steps holds one entry per replay step (see ReplayStep) and final is the
// end position. The states are the server's own copies: Analyze may read
// and Clone them but must not Apply to them. It returns a value that
// marshals to JSON, in a form the game documents in its package doc and
// its web client draws; it may reveal everything, since the match is over.
type Analyze func(ctx context.Context, steps []ReplayStep, final State) (any, error)
