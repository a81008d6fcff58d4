package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// A person may take their data away: GET /api/account/export answers one
// JSON document of their account, statistics, achievements, matches,
// chat lines and saves. It holds nothing of another seat's secrets: a
// match that is over is given whole, as its replay shows anyone; of a
// match not over whose game hides facts, only the person's own moves,
// without the seed that deals the cards; a save that would be sealed for
// download is listed without its log.

// exportStore is what an export reads beyond Store; *store.Store has it.
// It is asked for by a type assertion, so that deployments substituting
// their own store need not offer exports.
type exportStore interface {
	AccountOf(ctx context.Context, userID int64) (store.AccountRow, error)
	MatchesOf(ctx context.Context, userID int64) ([]string, error)
	ChatLinesOf(ctx context.Context, userID int64) ([]store.ChatLine, error)
}

// exportAccounts is what an export reads of the accounts service beyond
// Accounts; *accounts.Service has it.
type exportAccounts interface {
	EmailOf(ctx context.Context, userID int64) (accounts.Email, error)
	Achievements(ctx context.Context, userID int64) ([]accounts.Achievement, error)
}

// exportVersion numbers the document's shape.
const exportVersion = 1

type exportDoc struct {
	Parlor       string                    `json:"parlor"` // "export"
	V            int                       `json:"v"`
	Exported     time.Time                 `json:"exported"`
	Account      exportAccount             `json:"account"`
	Stats        map[string]accounts.Stats `json:"stats"`
	Achievements []accounts.Achievement    `json:"achievements"`
	Matches      []exportMatch             `json:"matches"`
	Chat         []exportChat              `json:"chat"`
	Saves        []exportSave              `json:"saves"`
}

type exportAccount struct {
	ID      int64     `json:"id"`
	Name    string    `json:"name"`
	Guest   bool      `json:"guest"`
	Created time.Time `json:"created"`
	Email   string    `json:"email,omitempty"`
	Pending string    `json:"pendingEmail,omitempty"`
}

type exportMatch struct {
	ID       string           `json:"id"`
	Game     string           `json:"game"`
	Seats    []match.SeatSpec `json:"seats"`
	Held     []game.Seat      `json:"held"`
	Created  time.Time        `json:"created"`
	Finished bool             `json:"finished"`
	Outcome  json.RawMessage  `json:"outcome,omitempty"`
	Reason   string           `json:"reason,omitempty"`
	// Log is the whole match (seed and every move) when nothing in it is
	// secret any more: the match is over, or its game hides nothing.
	Log *game.Log `json:"log,omitempty"`
	// MyMoves are the person's own moves of a match whose log is
	// withheld.
	MyMoves []game.Entry `json:"myMoves,omitempty"`
}

type exportChat struct {
	Channel string    `json:"channel"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

type exportSave struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	Game    string          `json:"game"`
	Match   string          `json:"match,omitempty"`
	Moves   int             `json:"moves"`
	Created time.Time       `json:"created"`
	Seats   json.RawMessage `json:"seats,omitempty"`
	// Log is left out of a save that would be sealed for download.
	Log    json.RawMessage `json:"log,omitempty"`
	Sealed bool            `json:"sealed,omitempty"`
}

func (s *Server) apiExport(w http.ResponseWriter, r *http.Request, u Identity) {
	doc, err := s.export(r.Context(), u)
	if err != nil {
		s.storeError(w, err, "no such account")
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="parlor-`+safeFilename(u.Name)+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, doc)
}

// export gathers u's document.
func (s *Server) export(ctx context.Context, u Identity) (exportDoc, error) {
	es, ok := s.cfg.Store.(exportStore)
	if !ok {
		return exportDoc{}, fmt.Errorf("the store cannot export")
	}
	ea, ok := s.cfg.Accounts.(exportAccounts)
	if !ok {
		return exportDoc{}, fmt.Errorf("the accounts service cannot export")
	}
	row, err := es.AccountOf(ctx, u.ID)
	if err != nil {
		return exportDoc{}, err
	}
	doc := exportDoc{Parlor: "export", V: exportVersion, Exported: time.Now().UTC(),
		Account: exportAccount{ID: row.ID, Name: row.Name, Guest: row.Guest, Created: row.Created},
		Matches: []exportMatch{}, Chat: []exportChat{}, Saves: []exportSave{}}
	email, err := ea.EmailOf(ctx, u.ID)
	if err != nil {
		return exportDoc{}, err
	}
	doc.Account.Email, doc.Account.Pending = email.Address, email.Pending
	stats, err := s.cfg.Accounts.StatsFor(ctx, []int64{u.ID})
	if err != nil {
		return exportDoc{}, err
	}
	doc.Stats = stats[u.ID]
	if doc.Achievements, err = ea.Achievements(ctx, u.ID); err != nil {
		return exportDoc{}, err
	}
	ids, err := es.MatchesOf(ctx, u.ID)
	if err != nil {
		return exportDoc{}, err
	}
	for _, id := range ids {
		ml, err := s.cfg.Store.LoadMatch(ctx, id)
		if err != nil {
			return exportDoc{}, err
		}
		doc.Matches = append(doc.Matches, s.exportMatch(ml, u.ID))
	}
	lines, err := es.ChatLinesOf(ctx, u.ID)
	if err != nil {
		return exportDoc{}, err
	}
	for _, l := range lines {
		doc.Chat = append(doc.Chat, exportChat{Channel: l.Channel, Text: l.Text, At: l.At})
	}
	saves, err := s.cfg.Store.Saves(ctx, u.ID)
	if err != nil {
		return exportDoc{}, err
	}
	for _, si := range saves {
		sv, err := s.cfg.Store.GetSave(ctx, u.ID, si.ID)
		if err != nil {
			return exportDoc{}, err
		}
		out := exportSave{ID: sv.ID, Name: sv.Name, Game: sv.Game, Match: sv.Match, Moves: sv.Moves, Created: sv.Created, Seats: sv.Seats}
		var l game.Log
		_ = json.Unmarshal(sv.Log, &l)
		seal, err := s.needsSeal(ctx, l, sv.Match)
		if err != nil {
			return exportDoc{}, err
		}
		if seal {
			out.Sealed = true
		} else {
			out.Log = sv.Log
		}
		doc.Saves = append(doc.Saves, out)
	}
	return doc, nil
}

// exportMatch is one of userID's matches as the export gives it.
func (s *Server) exportMatch(ml *store.MatchLog, userID int64) exportMatch {
	m := exportMatch{ID: ml.ID, Game: ml.Game, Created: ml.Created.UTC(), Finished: ml.Finished, Held: []game.Seat{}}
	_ = json.Unmarshal(ml.Seats, &m.Seats)
	for i, seat := range m.Seats {
		if seat.UserID == userID {
			m.Held = append(m.Held, game.Seat(i))
		}
	}
	if ml.Finished {
		m.Outcome, m.Reason = ml.Outcome, ml.Reason
	}
	def, err := s.reg.Lookup(ml.Game)
	hides := err != nil || !def.Forkable()
	if (ml.Finished && !s.replayClosed(ml.ID, ml.Game)) || !hides {
		l := ml.Log()
		m.Log = &l
		return m
	}
	// Withheld: of the log, only the moves the person made, which they
	// knew when they made them.
	for _, e := range ml.Log().Moves {
		for _, held := range m.Held {
			if e.Seat == held && e.Move != nil {
				m.MyMoves = append(m.MyMoves, e)
				break
			}
		}
	}
	return m
}
