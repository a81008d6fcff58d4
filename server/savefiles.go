package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
)

// The HTTP side of saves: listing, downloading, importing and deleting
// them. What a save is, and why a save of a game with hidden facts is a
// bookmark rather than a copy, is in saves.go.

// SaveFile is the plain export format of a saved match (version 1): its
// log and who sat where. A save that would show hidden facts is exported
// as a sealedSaveFile instead (sealed.go).
type SaveFile struct {
	Parlor string   `json:"parlor"` // "save"
	V      int      `json:"v"`
	Name   string   `json:"name"`
	Log    game.Log `json:"log"`
	Seats  []string `json:"seats"`
	// Match is the match a bookmark marks, known only from a sealed file
	// (it is inside the sealed part).
	Match string `json:"-"`
	// sealed tells a file that came sealed from a plain one.
	sealed bool
}

// saveJSON is a save as clients see it. Match and Over are set for a
// bookmark: the match it marks, and whether that match has ended, in
// which case the save opens only as that match's replay.
type saveJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Moves   int       `json:"moves"`
	Created time.Time `json:"created"`
	Match   string    `json:"match,omitempty"`
	Over    bool      `json:"over,omitempty"`
}

func (s *Server) apiSaves(w http.ResponseWriter, r *http.Request, u Identity) {
	list, err := s.cfg.Store.Saves(r.Context(), u.ID)
	if err != nil {
		s.log.Error("list saves", "user", u.ID, "err", err)
		httpError(w, http.StatusServiceUnavailable, "the saves could not be listed; try again")
		return
	}
	out := make([]saveJSON, 0, len(list))
	for _, si := range list {
		sj := saveJSON{ID: si.ID, Name: si.Name, Game: si.Game, Moves: si.Moves, Created: si.Created, Match: si.Match}
		if si.Match != "" {
			over, err := s.cfg.Store.MatchFinished(r.Context(), si.Match)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				s.log.Error("list saves", "user", u.ID, "err", err)
				httpError(w, http.StatusServiceUnavailable, "the saves could not be listed; try again")
				return
			}
			sj.Over = over
		}
		out = append(out, sj)
	}
	writeJSON(w, http.StatusOK, map[string]any{"saves": out})
}

// apiSaveFile downloads a save. A save that would show hidden facts (an
// unfinished game with secrets or chance to come) is downloaded sealed
// (see sealed.go); any other save is a plain, readable file.
func (s *Server) apiSaveFile(w http.ResponseWriter, r *http.Request, u Identity) {
	sv, err := s.cfg.Store.GetSave(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		s.storeError(w, err, "no such save")
		return
	}
	f := SaveFile{Parlor: "save", V: plainSaveVersion, Name: sv.Name}
	_ = json.Unmarshal(sv.Log, &f.Log)
	_ = json.Unmarshal(sv.Seats, &f.Seats)
	var out any = f
	seal, err := s.needsSeal(r.Context(), f.Log, sv.Match)
	if err != nil {
		s.log.Error("save file", "save", sv.ID, "err", err)
		httpError(w, http.StatusServiceUnavailable, "the save could not be read; try again")
		return
	}
	if seal {
		sf, err := s.sealSave(r.Context(), sv.Name, f.Log, f.Seats, sv.Match, sv.Created)
		if err != nil {
			s.log.Error("seal save", "save", sv.ID, "err", err)
			if errors.Is(err, errNoSaveKey) {
				httpError(w, http.StatusServiceUnavailable, "the server's key for sealed saves cannot be read at the moment; try again")
				return
			}
			httpError(w, http.StatusInternalServerError, "the save could not be sealed for download")
			return
		}
		out = sf
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+safeFilename(sv.Name)+`.parlor.json"`)
	writeJSON(w, http.StatusOK, out)
}

// needsSeal says whether a save must be sealed for download: its game
// hides facts (game.Definition.Forkable) and neither the log nor, for a
// bookmark, the match it marks is over (nor, to be safe, does the log
// replay). Once a match is over its replay shows everything anyway.
func (s *Server) needsSeal(ctx context.Context, l game.Log, matchID string) (bool, error) {
	def, err := s.reg.Lookup(l.Game)
	if err != nil || def.Forkable() {
		return false, nil
	}
	if matchID != "" {
		over, err := s.cfg.Store.MatchFinished(ctx, matchID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return false, err
		}
		if over {
			return false, nil
		}
	}
	st, err := s.reg.Replay(l)
	return err != nil || st.Outcome() == nil, nil
}

func safeFilename(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "save"
	}
	return b.String()
}

// checkSaveFile validates an imported file by replaying it: a file that
// was edited or damaged is refused with the reason. A file of an
// unfinished game that hides facts is taken only as the bookmark Parlor
// sealed, and only while the match it marks is on this server: anything
// else would start a copy of a match that may still be played, which is
// exactly what a bookmark exists to prevent.
func (s *Server) checkSaveFile(ctx context.Context, f *SaveFile) error {
	if strings.TrimSpace(f.Name) == "" || len([]rune(f.Name)) > 100 {
		return errors.New("a save needs a name of 1-100 characters")
	}
	st, err := s.reg.Replay(f.Log)
	if err != nil {
		return err
	}
	if len(f.Seats) != st.Seats() {
		return fmt.Errorf("the file names %d seats; the match has %d", len(f.Seats), st.Seats())
	}
	def, _ := s.reg.Lookup(f.Log.Game)
	if def.Forkable() || st.Outcome() != nil {
		return nil
	}
	switch {
	case !f.sealed:
		return fmt.Errorf("an unfinished %s game can be imported only as the sealed file Parlor made of it", def.Title)
	case f.Match == "":
		return fmt.Errorf("this sealed save of an unfinished %s game was made by an earlier version of Parlor, which resumed such games as copies; a copy would show hidden facts of a match that may still be played, so the file cannot be imported", def.Title)
	}
	if _, err := s.cfg.Store.MatchFinished(ctx, f.Match); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("the match this save marks is not kept on this server")
	} else if err != nil {
		return unavailable(err, "the save could not be checked; try again")
	}
	return nil
}

func (s *Server) apiSaveImport(w http.ResponseWriter, r *http.Request, u Identity) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 8<<20))
	if err != nil {
		httpError(w, http.StatusRequestEntityTooLarge, "a save file is at most 8 MiB")
		return
	}
	f, err := s.readSaveFile(r.Context(), body)
	if errors.Is(err, errNoSaveKey) {
		s.log.Error("open sealed save", "err", err)
		httpError(w, http.StatusServiceUnavailable, "the server cannot open sealed saves at the moment; try again")
		return
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.checkSaveFile(r.Context(), &f); err != nil {
		if errorCode(err) == codeUnavailable {
			s.log.Error("check save", "err", err)
			httpError(w, http.StatusServiceUnavailable, err.Error())
			return
		}
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	sv, err := s.storeSave(r.Context(), u, f.Name, f.Log, f.Seats, nil, f.Match)
	if err != nil {
		// The file was valid (checked above): the store failed.
		s.log.Error("store save", "err", err)
		httpError(w, http.StatusServiceUnavailable, "the save could not be stored; try again")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"save": sv})
}

// storeSave keeps l under name for u: a copy of the log, or with matchID
// a bookmark of that match.
func (s *Server) storeSave(ctx context.Context, u Identity, name string, l game.Log, seats []string, holders []seatHolder, matchID string) (saveJSON, error) {
	lb, err := json.Marshal(l)
	if err != nil {
		return saveJSON{}, err
	}
	sb, _ := json.Marshal(seats)
	var hb json.RawMessage
	if holders != nil {
		hb, _ = json.Marshal(holders)
	}
	sv, err := s.cfg.Store.CreateSave(ctx, store.Save{UserID: u.ID, Name: name, Log: lb, Seats: sb, Holders: hb, Match: matchID})
	if err != nil {
		return saveJSON{}, err
	}
	return saveJSON{ID: sv.ID, Name: sv.Name, Game: sv.Game, Moves: sv.Moves, Created: sv.Created, Match: sv.Match}, nil
}

func (s *Server) apiSaveDelete(w http.ResponseWriter, r *http.Request, u Identity) {
	if err := s.cfg.Store.DeleteSave(r.Context(), u.ID, r.PathValue("id")); err != nil {
		s.storeError(w, err, "no such save")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
