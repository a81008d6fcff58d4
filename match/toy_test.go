package match

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/game"
)

// Two toy games for the tests: "race", a two-seat counting race with a
// bot, and "secret", where two seats pick hidden numbers at the same time
// and then guess each other's.

// race: seats take turns adding 1 or 2 to a total; whoever reaches the
// target wins. Every seat sees everything.
type raceState struct {
	target, total int
	turn          game.Seat
	winner        game.Seat
	rng           game.Rand
}

type raceMove struct {
	Add int `json:"add"`
}

func (m raceMove) String() string { return strconv.Itoa(m.Add) }

var raceDef = &game.Definition{
	Name: "race", Title: "Race",
	New: func(options json.RawMessage, rng game.Rand) (game.State, error) {
		opts := struct {
			Target int `json:"target"`
		}{Target: 10}
		if err := game.DecodeOptions(options, &opts); err != nil {
			return nil, err
		}
		if opts.Target < 1 {
			return nil, fmt.Errorf("target must be at least 1")
		}
		return &raceState{target: opts.Target, winner: -1, rng: rng}, nil
	},
	BotLevels: []string{"easy", "slow"},
	NewBot: func(level string, rng game.Rand) (game.Bot, error) {
		return &raceBot{slow: level == "slow", rng: rng}, nil
	},
}

func (s *raceState) Seats() int { return 2 }
func (s *raceState) Turn() []game.Seat {
	if s.winner >= 0 {
		return nil
	}
	return []game.Seat{s.turn}
}
func (s *raceState) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(s, seat) {
		return nil
	}
	return []game.Move{raceMove{1}, raceMove{2}}
}
func (s *raceState) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	var m raceMove
	if n, err := strconv.Atoi(strings.TrimSpace(string(text))); err == nil {
		return raceMove{n}, nil
	}
	if err := json.Unmarshal(text, &m); err != nil {
		return nil, game.Illegal("bad-move", "not a move: %s", text)
	}
	return m, nil
}
func (s *raceState) Apply(seat game.Seat, m game.Move) ([]game.Event, error) {
	if !game.OwesMove(s, seat) {
		return nil, game.NotYourTurn(seat)
	}
	rm, ok := m.(raceMove)
	if !ok || rm.Add < 1 || rm.Add > 2 {
		return nil, game.Illegal("bad-add", "add 1 or 2")
	}
	s.total += rm.Add
	ev := []game.Event{{Type: "add", Seat: seat, Data: s.total}}
	if s.total >= s.target {
		s.winner = seat
		ev = append(ev, game.Event{Type: "win", Seat: seat})
	}
	s.turn = 1 - s.turn
	return ev, nil
}
func (s *raceState) View(seat game.Seat) any {
	return map[string]int{"total": s.total, "target": s.target}
}
func (s *raceState) Scores() []int { return nil }
func (s *raceState) Outcome() *game.Outcome {
	if s.winner < 0 {
		return nil
	}
	return &game.Outcome{Winners: []game.Seat{s.winner}, Reason: "reached the target"}
}
func (s *raceState) Clone() game.State { c := *s; return &c }

// raceBot adds 1 or 2 at random; the "slow" level waits for its deadline
// (or cancellation) first, standing for a long search.
type raceBot struct {
	slow bool
	rng  game.Rand
}

func (b *raceBot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	if b.slow {
		<-ctx.Done()
	}
	return raceMove{1 + b.rng.IntN(2)}, nil
}

// secret: both seats pick a number 1..3 at once (each sees only its own
// pick), then seat 0 guesses seat 1's number and seat 1 guesses seat 0's.
// Whoever guesses right wins.
type secretState struct {
	picks   [2]int
	guesses [2]int
	phase   int // 0 picking, 1 seat 0 guesses, 2 seat 1 guesses, 3 over
}

type secretMove struct {
	Pick  int `json:"pick,omitempty"`
	Guess int `json:"guess,omitempty"`
}

func (m secretMove) String() string {
	if m.Pick != 0 {
		return "p" + strconv.Itoa(m.Pick)
	}
	return "g" + strconv.Itoa(m.Guess)
}

var secretDef = &game.Definition{
	Name: "secret", Title: "Secret", Hidden: true,
	New: func(options json.RawMessage, rng game.Rand) (game.State, error) {
		return &secretState{}, game.DecodeOptions(options, &struct{}{})
	},
	BotLevels: []string{"random"},
	NewBot: func(level string, rng game.Rand) (game.Bot, error) {
		return &secretBot{rng: rng}, nil
	},
}

func (s *secretState) Seats() int { return 2 }
func (s *secretState) Turn() []game.Seat {
	switch s.phase {
	case 0:
		var t []game.Seat
		for i, p := range s.picks {
			if p == 0 {
				t = append(t, game.Seat(i))
			}
		}
		return t
	case 1:
		return []game.Seat{0}
	case 2:
		return []game.Seat{1}
	}
	return nil
}
func (s *secretState) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(s, seat) {
		return nil
	}
	var out []game.Move
	for n := 1; n <= 3; n++ {
		if s.phase == 0 {
			out = append(out, secretMove{Pick: n})
		} else {
			out = append(out, secretMove{Guess: n})
		}
	}
	return out
}
func (s *secretState) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	var m secretMove
	if err := json.Unmarshal(text, &m); err != nil {
		return nil, game.Illegal("bad-move", "not a move")
	}
	return m, nil
}
func (s *secretState) Apply(seat game.Seat, m game.Move) ([]game.Event, error) {
	if !game.OwesMove(s, seat) {
		return nil, game.NotYourTurn(seat)
	}
	sm := m.(secretMove)
	if s.phase == 0 {
		if sm.Pick < 1 || sm.Pick > 3 {
			return nil, game.Illegal("bad-pick", "pick 1, 2 or 3")
		}
		s.picks[seat] = sm.Pick
		if s.picks[0] != 0 && s.picks[1] != 0 {
			s.phase = 1
		}
		return []game.Event{
			{Type: "picked", Seat: seat},
			{Type: "your-pick", Seat: seat, Data: sm.Pick, To: []game.Seat{seat}},
		}, nil
	}
	if sm.Guess < 1 || sm.Guess > 3 {
		return nil, game.Illegal("bad-guess", "guess 1, 2 or 3")
	}
	s.guesses[seat] = sm.Guess
	s.phase++
	return []game.Event{{Type: "guessed", Seat: seat, Data: sm.Guess}}, nil
}
func (s *secretState) View(seat game.Seat) any {
	v := map[string]any{"phase": s.phase}
	if seat >= 0 {
		v["mine"] = s.picks[seat]
	}
	if s.phase == 3 {
		v["picks"] = s.picks
	}
	return v
}
func (s *secretState) Scores() []int { return nil }
func (s *secretState) Outcome() *game.Outcome {
	if s.phase != 3 {
		return nil
	}
	o := &game.Outcome{Winners: []game.Seat{}, Reason: "both guessed"}
	for i := range 2 {
		if s.guesses[i] == s.picks[1-i] {
			o.Winners = append(o.Winners, game.Seat(i))
		}
	}
	return o
}
func (s *secretState) Clone() game.State { c := *s; return &c }

type secretBot struct{ rng game.Rand }

func (b *secretBot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	legal := s.Legal(seat)
	return legal[b.rng.IntN(len(legal))], nil
}

// newFakeClock is the hand-moved clock the match tests run on, set to a
// fixed time so that stored times are the same from run to run.
func newFakeClock() *clocktest.Clock {
	return clocktest.New(time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC))
}
