package accounts

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// TestSessionAnswersWithoutAnError: GET /api/session tells a signed-out
// visitor "no one" with 200 (a browser logs every 401 in its console),
// and a signed-in one their user, as /api/me does.
func TestSessionAnswersWithoutAnError(t *testing.T) {
	s, _ := newService(t, Options{})
	srv := newServer(t, s)
	c := newClient(t, srv)
	who := func() (string, int) {
		resp, err := c.hc.Get(srv.URL + "/api/session")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b), resp.StatusCode
	}
	if body, code := who(); code != http.StatusOK || !json.Valid([]byte(body)) || body != "{\"user\":null}\n" && body != `{"user":null}` {
		t.Fatalf("signed out: %d %q, want 200 and a null user", code, body)
	}
	var reg userReply
	c.do("POST", "/api/register", credentials{Name: "Grace", Password: "compiler first"}, &reg)
	var got userReply
	if resp := c.do("GET", "/api/session", nil, &got); resp.StatusCode != http.StatusOK || got.User != reg.User {
		t.Fatalf("signed in: %d %+v, want %+v", resp.StatusCode, got.User, reg.User)
	}
	c.do("POST", "/api/logout", nil, nil)
	if body, code := who(); code != http.StatusOK || body != "{\"user\":null}\n" && body != `{"user":null}` {
		t.Fatalf("after logout: %d %q", code, body)
	}
}
