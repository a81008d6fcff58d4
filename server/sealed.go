package server

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
)

// A save of an unfinished game with secrets (hidden fleets) cannot be
// downloaded as a plain file: its seed and moves would show the other
// seats' secrets (a bot's fleet) to whoever reads the file. It is
// downloaded sealed instead: what the saves screen shows about it stays
// readable, while the seed and the moves are encrypted with AES-256-GCM
// under a key only the server knows. The readable header is the
// ciphertext's additional authenticated data, so changing either part
// makes the file fail to open. Servers that share a database share the
// key (see store.Store.Key), so a sealed file opens on any of them.

// Save file format versions: plain files keep version 1, so that they stay
// what earlier servers wrote and read; sealed files are version 2, which an
// earlier server refuses as "not a Parlor save file" rather than with a
// confusing complaint about unknown fields.
const (
	plainSaveVersion  = 1
	sealedSaveVersion = 2
)

// saveKeyName is the store's name for the key that seals save files.
const saveKeyName = "saves"

// The reasons a sealed file is refused, as the person uploading it reads
// them.
var (
	errSealedElsewhere = errors.New("this save was sealed by another Parlor server and cannot be opened here")
	errSaveAltered     = errors.New("the save file has been altered")
	// errNoSaveKey is the server's failure, not the file's: the key could
	// not be read or made.
	errNoSaveKey = errors.New("the server's key for sealed saves is unavailable")
)

// sealedHeader is the readable part of a sealed save file: what the saves
// screen shows, plus which key sealed it.
type sealedHeader struct {
	Parlor  string          `json:"parlor"` // "save"
	V       int             `json:"v"`      // sealedSaveVersion
	Name    string          `json:"name"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seats   []string        `json:"seats"`
	Moves   int             `json:"moves"`
	Saved   time.Time       `json:"saved"`
	// Key names the key that sealed the file by a fingerprint (a hash,
	// from which the key cannot be found), so that a file from another
	// server is told apart from an altered one.
	Key string `json:"key"`
}

// sealedSaveFile is a sealed save file: the header and, in Sealed, the
// base64 of a random GCM nonce followed by the encrypted sealedLog.
type sealedSaveFile struct {
	sealedHeader
	Sealed string `json:"sealed"`
}

// sealedLog is the secret part of a log; the game and its options are in
// the header.
type sealedLog struct {
	Seed  uint64       `json:"seed"`
	Moves []game.Entry `json:"moves"`
	// Holders is who held each seat, written by version 3 servers, which
	// guarded copies by it. It is read so that their files still open,
	// and not used: a save of a game that hides facts is now a bookmark
	// (Match), whose seats are those of the match it marks.
	Holders json.RawMessage `json:"holders,omitempty"`
	// Match is the match the save is a bookmark of. Files sealed before
	// saves of such games became bookmarks have none, and are refused on
	// import: they could only be resumed as a copy.
	Match string `json:"match,omitempty"`
}

// aad is the additional authenticated data for a header: its JSON, as
// encoding/json writes it, after a label that keeps these bytes from ever
// meaning anything else. The header is re-encoded from its decoded values
// on import, so the binding is to what the header says, not to its
// spacing.
func (h sealedHeader) aad() ([]byte, error) {
	b, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	return append([]byte("parlor sealed save\x00"), b...), nil
}

// saveKeys holds the sealing key once read from the store; it never
// changes, so one read per server suffices.
type saveKeys struct {
	mu  sync.Mutex
	key []byte
}

// saveAEAD returns the AES-256-GCM cipher under the server's save key and
// the key's fingerprint, making the key in the store on first use.
func (s *Server) saveAEAD(ctx context.Context) (cipher.AEAD, string, error) {
	s.saveKeys.mu.Lock()
	key := s.saveKeys.key
	if key == nil {
		k, err := s.cfg.Store.Key(ctx, saveKeyName)
		if err != nil {
			s.saveKeys.mu.Unlock()
			return nil, "", fmt.Errorf("%w: %v", errNoSaveKey, err)
		}
		s.saveKeys.key, key = k, k
	}
	s.saveKeys.mu.Unlock()
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, "", err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(append([]byte("parlor save key fingerprint\x00"), key...))
	return aead, hex.EncodeToString(sum[:8]), nil
}

// sealSave makes the sealed file of a save.
func (s *Server) sealSave(ctx context.Context, name string, l game.Log, seats []string, matchID string, saved time.Time) (sealedSaveFile, error) {
	aead, fp, err := s.saveAEAD(ctx)
	if err != nil {
		return sealedSaveFile{}, err
	}
	f := sealedSaveFile{sealedHeader: sealedHeader{
		Parlor: "save", V: sealedSaveVersion, Name: name, Game: l.Game, Options: l.Options,
		Seats: seats, Moves: len(l.Moves), Saved: saved.UTC(), Key: fp,
	}}
	if f.Seats == nil {
		f.Seats = []string{}
	}
	ad, err := f.aad()
	if err != nil {
		return sealedSaveFile{}, err
	}
	plain, err := json.Marshal(sealedLog{Seed: l.Seed, Moves: l.Moves, Match: matchID})
	if err != nil {
		return sealedSaveFile{}, err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return sealedSaveFile{}, err
	}
	f.Sealed = base64.StdEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, ad))
	return f, nil
}

// openSave opens a sealed file into the plain file it was made from. It
// only proves that this server's key sealed exactly this file; whether the
// log replays is checked afterwards, as for a plain file.
func (s *Server) openSave(ctx context.Context, f sealedSaveFile) (SaveFile, error) {
	aead, fp, err := s.saveAEAD(ctx)
	if err != nil {
		return SaveFile{}, err
	}
	if f.Key != fp {
		return SaveFile{}, errSealedElsewhere
	}
	ad, err := f.aad()
	if err != nil {
		return SaveFile{}, errSaveAltered
	}
	// Only the one canonical spelling of the bytes is accepted: the
	// decoder alone would let some characters change (line breaks, unused
	// low bits of the last character) and still read the same bytes.
	box, err := base64.StdEncoding.DecodeString(f.Sealed)
	if err != nil || len(box) < aead.NonceSize() || base64.StdEncoding.EncodeToString(box) != f.Sealed {
		return SaveFile{}, errSaveAltered
	}
	plain, err := aead.Open(nil, box[:aead.NonceSize()], box[aead.NonceSize():], ad)
	if err != nil {
		return SaveFile{}, errSaveAltered
	}
	// From here on the content is what this server sealed; a failure means
	// the server wrote something it cannot read back.
	var sl sealedLog
	if err := strictJSON(plain, &sl); err != nil {
		return SaveFile{}, fmt.Errorf("the sealed part of the save cannot be read: %v", game.JSONError(err, "it"))
	}
	if len(sl.Moves) != f.Moves {
		return SaveFile{}, fmt.Errorf("the sealed part of the save holds %d moves, its header says %d", len(sl.Moves), f.Moves)
	}
	return SaveFile{
		Parlor: "save", V: plainSaveVersion, Name: f.Name, Seats: f.Seats,
		Log:   game.Log{Game: f.Game, Options: f.Options, Seed: sl.Seed, Moves: sl.Moves},
		Match: sl.Match, sealed: true,
	}, nil
}

// readSaveFile decodes an uploaded save file of either kind, opening a
// sealed one. Both kinds are decoded strictly: an unknown field or data
// after the file's one JSON value is refused.
func (s *Server) readSaveFile(ctx context.Context, body []byte) (SaveFile, error) {
	var probe struct {
		Parlor string `json:"parlor"`
		V      int    `json:"v"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return SaveFile{}, errors.New("the file is not a valid save: " + game.JSONError(err, "the file").Error())
	}
	if probe.Parlor != "save" || (probe.V != plainSaveVersion && probe.V != sealedSaveVersion) {
		return SaveFile{}, errors.New(`not a Parlor save file (want "parlor":"save" and "v" 1 or 2)`)
	}
	if probe.V == plainSaveVersion {
		var f SaveFile
		if err := game.DecodeJSON(body, &f, "the file"); err != nil {
			return SaveFile{}, errors.New("the file is not a valid save: " + err.Error())
		}
		return f, nil
	}
	var sf sealedSaveFile
	if err := game.DecodeJSON(body, &sf, "the file"); err != nil {
		return SaveFile{}, errors.New("the file is not a valid sealed save: " + err.Error())
	}
	return s.openSave(ctx, sf)
}

// strictJSON decodes one JSON value into v, refusing unknown fields and
// trailing data.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the save's JSON value")
	}
	return nil
}
