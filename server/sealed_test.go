package server_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// otherFleetNotation is otherFleet in notation, as a move log shows it.
var otherFleetNotation = []string{"carrier A1", "battleship A10", "cruiser F6", "submarine H8", "destroyer D3"}

// plantedFleetNotation is plantedFleet in notation.
var plantedFleetNotation = []string{"carrier F10", "battleship I3", "cruiser B7", "submarine D1", "destroyer G5"}

// liveBattleSave plays a Battleship match between Ann (plantedFleet) and
// Bob (otherFleet) to seq 4 (both fleets, then one shot each at water),
// has Ann save it and returns the save's id, the match's seed and the
// downloaded file.
func liveBattleSave(t *testing.T, ann, bob *user) (saveID string, seed uint64, file []byte) {
	t.Helper()
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "battleship"}, map[string]any{"views": false})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": otherFleet}})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "E5"})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": "A1"})
	waitSeq(ca, id, 4)
	rep := ca.ok("match.save", map[string]any{"table": id, "name": "battle"})
	saveID = rep["save"].(map[string]any)["id"].(string)
	ml, err := ann.e.st.LoadMatch(context.Background(), ann.e.matchOf(t, ca, id))
	if err != nil {
		t.Fatal(err)
	}
	code, file := ann.do("GET", "/api/saves/"+saveID+"/file", nil)
	if code != 200 {
		t.Fatalf("download of a live Battleship save: %d %s", code, file)
	}
	return saveID, ml.Seed, file
}

// placement is one ship of a fleet as a move log writes it (canonical
// JSON, fields in the game's order).
func placement(p map[string]any) string {
	return fmt.Sprintf(`{"ship":%q,"row":%v,"col":%v,"dir":%q}`, p["ship"], p["row"], p["col"], p["dir"])
}

// saveCount is how many saves a user has.
func saveCount(t *testing.T, u *user) int {
	t.Helper()
	code, body := u.do("GET", "/api/saves", nil)
	if code != 200 {
		t.Fatalf("saves list: %d %s", code, body)
	}
	var r struct {
		Saves []json.RawMessage `json:"saves"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	return len(r.Saves)
}

// TestSealedSaveDownloadAndResume: the save of a live Battleship match
// downloads as a sealed file whose header tells what it is but which holds
// neither fleet nor the seed in any form; uploaded back, it is a bookmark
// of the same match, which resumes at the same seq with the same fleets.
func TestSealedSaveDownloadAndResume(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.account("Ann", "password1"), e.guest("Bob")
	_, seed, file := liveBattleSave(t, ann, bob)

	var f map[string]any
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatalf("the sealed file is not JSON: %v %s", err, file)
	}
	if f["parlor"] != "save" || f["v"] != float64(2) || f["name"] != "battle" || f["game"] != "battleship" ||
		f["moves"] != float64(4) || fmt.Sprint(f["seats"]) != "[Ann Bob]" || f["saved"] == nil || f["sealed"] == "" {
		t.Fatalf("sealed file header: %s", file)
	}
	if _, ok := f["log"]; ok {
		t.Fatalf("the sealed file has a readable log: %s", file)
	}

	// Neither fleet, as JSON or in notation, nor the seed in decimal or hex.
	var secrets []string
	for _, fleet := range [][]map[string]any{plantedFleet, otherFleet} {
		for _, p := range fleet {
			secrets = append(secrets, placement(p), string(mustMarshal(p)), fmt.Sprintf(`"row":%v,"col":%v`, p["row"], p["col"]))
		}
	}
	secrets = append(secrets, plantedFleetNotation...)
	secrets = append(secrets, otherFleetNotation...)
	secrets = append(secrets, fmt.Sprint(seed), fmt.Sprintf("%x", seed), fmt.Sprintf("%X", seed), fmt.Sprint(int64(seed)))
	for _, s := range secrets {
		if strings.Contains(string(file), s) {
			t.Fatalf("the sealed file contains %q: %s", s, file)
		}
	}

	// Upload it back: a new save that loads at the same seq.
	before := saveCount(t, ann)
	code, body := ann.do("POST", "/api/saves/import", file)
	if code != 200 {
		t.Fatalf("upload of the sealed file: %d %s", code, body)
	}
	var imp struct {
		Save struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Game  string `json:"game"`
			Moves int    `json:"moves"`
		} `json:"save"`
	}
	json.Unmarshal(body, &imp)
	if imp.Save.Name != "battle" || imp.Save.Game != "battleship" || imp.Save.Moves != 4 || saveCount(t, ann) != before+1 {
		t.Fatalf("uploaded save %s; saves %d, were %d", body, saveCount(t, ann), before)
	}
	c := ann.dial()
	rep := c.ok("match.load", map[string]any{"save": imp.Save.ID})
	nid := tableID(rep)
	w := c.ok("table.watch", map[string]any{"table": nid})
	if got := w["snapshot"].(map[string]any)["seq"]; got != float64(4) {
		t.Fatalf("the uploaded save loaded at seq %v, want 4", got)
	}
	// The same seed and both fleets came back: the loaded match's log has
	// them, and Ann's shot at A1 hits Bob's carrier.
	ml, err := e.st.LoadMatch(context.Background(), e.matchOf(t, c, nid))
	if err != nil {
		t.Fatal(err)
	}
	stored := string(mustMarshal(ml.Log()))
	if ml.Seed != seed || !strings.Contains(stored, placement(otherFleet[0])) || !strings.Contains(stored, placement(plantedFleet[0])) {
		t.Fatalf("the loaded match (seed %d, want %d) lost its fleets: %s", ml.Seed, seed, stored)
	}
	c.ok("match.play", map[string]any{"table": nid, "seat": 0, "move": "A1"})
	if m := waitSeq(c, nid, 5); !strings.Contains(string(m.raw), `"result":"hit"`) {
		t.Fatalf("a shot at Bob's carrier after loading: %s", m.raw)
	}
}

// TestSealedSaveAlteredRefused: a sealed file with any byte changed, in
// the sealed part or in the header, is refused with a reason and creates
// no save.
func TestSealedSaveAlteredRefused(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.account("Ann", "password1"), e.guest("Bob")
	_, _, file := liveBattleSave(t, ann, bob)
	before := saveCount(t, ann)

	refused := func(what string, b []byte, reason string) {
		t.Helper()
		code, body := ann.do("POST", "/api/saves/import", b)
		var r struct {
			Error string `json:"error"`
		}
		json.Unmarshal(body, &r)
		if code != 400 || r.Error == "" || !strings.Contains(r.Error, reason) {
			t.Fatalf("%s: %d %s, want 400 with %q", what, code, body, reason)
		}
	}

	// A byte of the sealed bytes (nonce, ciphertext, tag), re-encoded.
	var f map[string]any
	json.Unmarshal(file, &f)
	box, err := base64.StdEncoding.DecodeString(f["sealed"].(string))
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 11, 12, len(box) / 2, len(box) - 1} {
		alt := append([]byte(nil), box...)
		alt[i] ^= 0x01
		g := copyMap(f)
		g["sealed"] = base64.StdEncoding.EncodeToString(alt)
		refused(fmt.Sprintf("sealed byte %d flipped", i), mustMarshal(g), "the save file has been altered")
	}
	// The same bytes spelled differently: base64 decoders skip line breaks.
	g := copyMap(f)
	g["sealed"] = f["sealed"].(string)[:8] + "\n" + f["sealed"].(string)[8:]
	refused("a line break in the sealed part", mustMarshal(g), "the save file has been altered")
	// A value of the header, each still well formed.
	for field, v := range map[string]any{"name": "battlf", "seats": []string{"Ann", "Bop"}, "moves": 3, "game": "dots", "options": map[string]any{"size": 10}} {
		g := copyMap(f)
		g[field] = v
		refused("header "+field+" changed", mustMarshal(g), "the save file has been altered")
	}

	// Every byte of the file as downloaded, one at a time: nothing that
	// differs from it by one bit is taken.
	for i := range file {
		alt := append([]byte(nil), file...)
		alt[i] ^= 0x01
		refused(fmt.Sprintf("file byte %d (%q) flipped", i, file[i]), alt, "")
	}
	if n := saveCount(t, ann); n != before {
		t.Fatalf("altered uploads created saves: %d, were %d", n, before)
	}
	// The file itself still opens: the refusals were about the changes.
	if code, body := ann.do("POST", "/api/saves/import", file); code != 200 {
		t.Fatalf("the unaltered file: %d %s", code, body)
	}
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestSealedSaveOtherServerRefused: a sealed file opens only where its key
// is; another server, with a database and so a key of its own, refuses it
// with the reason and creates no save.
func TestSealedSaveOtherServerRefused(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		_, _, file := liveBattleSave(t, e.account("Ann", "password1"), e.guest("Bob"))

		other := newEnv(t)
		ann2 := other.account("Ann", "password1")
		code, body := ann2.do("POST", "/api/saves/import", file)
		if code != 400 || !strings.Contains(string(body), "sealed by another Parlor server") {
			t.Fatalf("a sealed file on another server: %d %s", code, body)
		}
		if n := saveCount(t, ann2); n != 0 {
			t.Fatalf("the refused upload created %d saves", n)
		}
	})
}

// TestSealedSaveSurvivesRestart: the key is kept in the store, so a file
// sealed before a restart opens after it.
func TestSealedSaveSurvivesRestart(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		dir := t.TempDir()
		e := startEnv(t, dir)
		_, _, file := liveBattleSave(t, e.account("Ann", "password1"), e.guest("Bob"))
		e.stop()
		e = startEnv(t, dir)
		ann := e.newUser("Ann")
		ann.mustPost("/api/login", map[string]string{"name": "Ann", "password": "password1"}, 200)
		if code, body := ann.do("POST", "/api/saves/import", file); code != 200 {
			t.Fatalf("a sealed file after a restart: %d %s", code, body)
		}
	})
}

// TestFinishedBattleSavePlain: once a Battleship match is over, its save
// downloads in the plain format, seed and fleets readable, and uploads
// back.
func TestFinishedBattleSavePlain(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.account("Ann", "password1"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := battleshipDuel(t, ca, cb)
	sinkAll(t, ca, cb, id)
	waitSeq(ca, id, 2+2*len(plantedSquares)-1)
	rep := ca.ok("match.save", map[string]any{"table": id, "name": "won"})
	saveID := rep["save"].(map[string]any)["id"].(string)
	ml, err := e.st.LoadMatch(context.Background(), e.matchOf(t, ca, id))
	if err != nil {
		t.Fatal(err)
	}
	code, file := ann.do("GET", "/api/saves/"+saveID+"/file", nil)
	if code != 200 {
		t.Fatalf("download of a finished Battleship save: %d %s", code, file)
	}
	var f struct {
		Parlor string `json:"parlor"`
		V      int    `json:"v"`
		Log    struct {
			Seed  uint64            `json:"seed"`
			Moves []json.RawMessage `json:"moves"`
		} `json:"log"`
		Sealed *string `json:"sealed"`
	}
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatal(err)
	}
	if f.Parlor != "save" || f.V != 1 || f.Sealed != nil || f.Log.Seed != ml.Seed || len(f.Log.Moves) != 2+2*len(plantedSquares)-1 {
		t.Fatalf("finished save file: %s", file)
	}
	if !strings.Contains(string(file), placement(plantedFleet[0])) {
		t.Fatalf("the plain file does not show the fleets: %s", file)
	}
	if code, body := ann.do("POST", "/api/saves/import", file); code != 200 {
		t.Fatalf("upload of the plain file: %d %s", code, body)
	}
}
