package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Save is a match log kept under a name for an account, to be loaded,
// downloaded or replayed later.
type Save struct {
	ID     string
	UserID int64
	Name   string
	Game   string
	Log    json.RawMessage // a game.Log
	Seats  json.RawMessage // the seats' display names, a JSON array of strings
	// Holders says who held each seat when the match was saved, as the
	// server encodes it (a JSON array), nil when it is not known (saves
	// made before it was recorded). A game with secrets that is not over
	// may be resumed only in the seats its loader held: see the server's
	// match.load.
	Holders json.RawMessage
	// Match, when not empty, makes the save a bookmark of that match
	// rather than a copy of its log: a save of an unfinished game with
	// hidden facts, which is resumed by going back to the same match and
	// opens as a replay only once that match has ended.
	Match   string
	Moves   int // moves in Log
	Created time.Time
}

// SaveInfo is a save without its log, for lists.
type SaveInfo struct {
	ID      string
	Name    string
	Game    string
	Match   string // the bookmarked match, or empty
	Moves   int
	Created time.Time
}

// CreateSave stores a save and returns it with its new ID, Game, Moves and
// Created filled in. The log must be a JSON game.Log naming a game, and
// Seats a JSON array of strings; anything else is refused with an error a
// person can read and nothing is stored. Whether the log replays is for
// the caller to check, since only it holds the game registry.
func (s *Store) CreateSave(ctx context.Context, sv Save) (Save, error) {
	sv.Name = strings.TrimSpace(sv.Name)
	if sv.Name == "" {
		return Save{}, errors.New("a save needs a name")
	}
	var l game.Log
	if err := strictJSON(sv.Log, &l); err != nil {
		return Save{}, fmt.Errorf("the save's log is not a match log: %v", err)
	}
	if l.Game == "" {
		return Save{}, errors.New("the save's log names no game")
	}
	if len(sv.Seats) == 0 {
		sv.Seats = json.RawMessage("[]")
	}
	var names []string
	if err := strictJSON(sv.Seats, &names); err != nil {
		return Save{}, fmt.Errorf("the save's seat names are not a list of names: %v", err)
	}
	holders := ""
	if len(sv.Holders) > 0 {
		var list []json.RawMessage
		if err := strictJSON(sv.Holders, &list); err != nil {
			return Save{}, fmt.Errorf("the save's seat holders are not a list: %v", err)
		}
		holders = string(sv.Holders)
	}
	sv.ID = newID()
	sv.Game = l.Game
	sv.Moves = len(l.Moves)
	sv.Created = time.Now().UTC().Truncate(time.Millisecond)
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO saves (id, user_id, name, game, log, seats, holders, match_id, moves, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		sv.ID, sv.UserID, sv.Name, sv.Game, string(sv.Log), string(sv.Seats), holders, sv.Match, sv.Moves, millis(sv.Created))
	if err != nil {
		return Save{}, fmt.Errorf("store: create save: %w", err)
	}
	return sv, nil
}

// strictJSON decodes one JSON value into v, refusing trailing data.
func strictJSON(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// Saves lists a user's saves, newest first.
func (s *Store) Saves(ctx context.Context, userID int64) ([]SaveInfo, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, name, game, match_id, moves, created FROM saves WHERE user_id = $1 ORDER BY created DESC, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list saves: %w", err)
	}
	defer rows.Close()
	var out []SaveInfo
	for rows.Next() {
		var si SaveInfo
		var created int64
		if err := rows.Scan(&si.ID, &si.Name, &si.Game, &si.Match, &si.Moves, &created); err != nil {
			return nil, fmt.Errorf("store: list saves: %w", err)
		}
		si.Created = fromMillis(created)
		out = append(out, si)
	}
	return out, rows.Err()
}

// GetSave returns one of a user's saves; another user's save is
// ErrNotFound, so ids cannot be probed.
func (s *Store) GetSave(ctx context.Context, userID int64, id string) (Save, error) {
	sv := Save{ID: id, UserID: userID}
	var log, seats, holders string
	var created int64
	err := s.db.QueryRowContext(ctx,
		`SELECT name, game, log, seats, holders, match_id, moves, created FROM saves WHERE id = $1 AND user_id = $2`, id, userID).
		Scan(&sv.Name, &sv.Game, &log, &seats, &holders, &sv.Match, &sv.Moves, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Save{}, ErrNotFound
	}
	if err != nil {
		return Save{}, fmt.Errorf("store: get save: %w", err)
	}
	sv.Log = json.RawMessage(log)
	sv.Seats = json.RawMessage(seats)
	if holders != "" {
		sv.Holders = json.RawMessage(holders)
	}
	sv.Created = fromMillis(created)
	return sv, nil
}

// DeleteSave deletes one of a user's saves, or returns ErrNotFound.
func (s *Store) DeleteSave(ctx context.Context, userID int64, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM saves WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("store: delete save: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
