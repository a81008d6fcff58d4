package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
)

// TestHTTPRefusalsHaveOneShape: every refusal of the server's HTTP
// endpoints is {"code","error"}: the status's code and a sentence, as
// WebSocket error replies are, and a refusal changes nothing (the saves
// list is the same after each).
func TestHTTPRefusalsHaveOneShape(t *testing.T) {
	e := newEnv(t)
	ann, bob, nobody := e.guest("Ann"), e.guest("Bob"), e.newUser("nobody")
	ca, cb := ann.dial(), bob.dial()
	id := battleshipAgainstBob(ca, cb)
	annSave := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "mine"}))
	live := e.matchOf(t, ca, id)
	_, before := ann.do("GET", "/api/saves", nil)

	cases := []struct {
		what   string
		u      *user
		method string
		path   string
		body   any
		status int
		code   string
	}{
		{"saves without a session", nobody, "GET", "/api/saves", nil, 401, "unauthorized"},
		{"import without a session", nobody, "POST", "/api/saves/import", []byte(`{}`), 401, "unauthorized"},
		{"import of bad JSON", ann, "POST", "/api/saves/import", []byte(`{"parlor":`), 400, "bad-request"},
		{"import of something else", ann, "POST", "/api/saves/import", []byte(`{"parlor":"chess","v":1}`), 400, "bad-request"},
		{"import of a file too large", ann, "POST", "/api/saves/import", bytes.Repeat([]byte(" "), 9<<20), 413, "too-large"},
		{"download of an unknown save", ann, "GET", "/api/saves/0000000000000000/file", nil, 404, "not-found"},
		{"download of someone else's save", bob, "GET", "/api/saves/" + annSave + "/file", nil, 404, "not-found"},
		{"delete of someone else's save", bob, "DELETE", "/api/saves/" + annSave, nil, 404, "not-found"},
		{"delete without a session", nobody, "DELETE", "/api/saves/" + annSave, nil, 401, "unauthorized"},
		{"replay of an unknown match", nobody, "GET", "/api/replays/nosuchmatch", nil, 404, "not-found"},
		{"replay of a live match", bob, "GET", "/api/replays/" + live, nil, 409, "conflict"},
		{"an unknown table", nobody, "GET", "/api/tables/nosuchtable", nil, 404, "not-found"},
		{"an unknown endpoint", nobody, "GET", "/api/nothing", nil, 404, "not-found"},
		{"a WebSocket without a session", nobody, "GET", "/api/ws", nil, 401, "unauthorized"},
		{"register with bad JSON", nobody, "POST", "/api/register", []byte(`{"name":`), 400, "bad-request"},
		{"register with a body too large", nobody, "POST", "/api/register", bytes.Repeat([]byte(" "), 9<<10), 413, "too-large"},
		{"register with a taken name", nobody, "POST", "/api/register", map[string]string{"name": "Ann", "password": "long enough"}, 409, "conflict"},
		{"register with a bad name", nobody, "POST", "/api/register", map[string]string{"name": "no/slashes", "password": "long enough"}, 400, "bad-request"},
		{"login with a wrong password", nobody, "POST", "/api/login", map[string]string{"name": "Ann", "password": "wrong password"}, 401, "unauthorized"},
		{"a guest with a taken name", nobody, "POST", "/api/guest", map[string]string{"name": "Bob"}, 409, "conflict"},
		{"claim without a session", nobody, "POST", "/api/claim", map[string]string{"password": "long enough"}, 401, "unauthorized"},
		{"who am I without a session", nobody, "GET", "/api/me", nil, 401, "unauthorized"},
		{"an unknown profile", nobody, "GET", "/api/profile/Nobody", nil, 404, "not-found"},
	}
	for _, c := range cases {
		status, body := c.u.do(c.method, c.path, c.body)
		var r map[string]any
		if err := json.Unmarshal(body, &r); err != nil {
			t.Errorf("%s: %d %q is not JSON", c.what, status, body)
			continue
		}
		text, _ := r["error"].(string)
		if status != c.status || r["code"] != c.code || text == "" || len(r) != 2 {
			t.Errorf("%s: %d %s, want %d with code %q and a sentence", c.what, status, body, c.status, c.code)
		}
	}
	// A body not sent as JSON.
	req, _ := http.NewRequest("POST", e.url+"/api/guest", bytes.NewReader([]byte(`{"name":"Zed"}`)))
	req.Header.Set("Content-Type", "text/plain")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	_ = json.NewDecoder(res.Body).Decode(&r)
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType || r["code"] != "unsupported-media" || r["error"] == "" {
		t.Errorf("a guest sign-in sent as text: %d %v, want 415 unsupported-media", res.StatusCode, r)
	}
	if _, after := ann.do("GET", "/api/saves", nil); !bytes.Equal(before, after) {
		t.Fatalf("the refusals changed Ann's saves:\n%s\n%s", before, after)
	}
	if status, _ := ann.do("GET", "/api/saves/"+annSave+"/file", nil); status != http.StatusOK {
		t.Fatalf("Ann's own save after the refusals: %d", status)
	}
}
