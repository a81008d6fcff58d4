package main

import (
	"fmt"
	"net/http"
	"testing"
)

// TestServeBuccaneerQuestionSurvivesSIGKILL: Genoa's ship sails past
// Marseilles's, so Marseilles owes the answer "attack or let pass"
// (FR11); the binary is killed with SIGKILL then. After a restart the
// same question is owed by the same seat, nobody else may answer it, and
// the answer plays on.
func TestServeBuccaneerQuestionSurvivesSIGKILL(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	hcs := []*http.Client{p.account("London", "password1"), p.account("Genoa", "password2"), p.account("Marseilles", "password3")}
	peers := []*wsPeer{p.dial(hcs[0]), p.dial(hcs[1]), p.dial(hcs[2])}
	const sc = `{"ships":[{"home":"London","at":[10,5],"facing":"N","hand":["R1","B2"]},` +
		`{"home":"Genoa","at":[5,4],"facing":"E","hand":["R2","B2"],"treasure":["rum"]},` +
		`{"home":"Marseilles","at":[7,4],"facing":"S","hand":["B3","B3"]}],"turn":1}`
	rep := peers[0].ok(nil, "table.create", `"game":"buccaneer","options":{"seats":3,"scenario":`+sc+`},"seats":[{"kind":"me"},{"kind":"open"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	peers[1].ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	peers[2].ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":2`, id))
	peers[0].ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	peers[1].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":1,"move":"sail 9,4"`, id))
	p.cmd.Process.Kill()
	<-p.done

	p2 := startServe(t, dir)
	peers = []*wsPeer{p2.dial(hcs[0]), p2.dial(hcs[1]), p2.dial(hcs[2])}
	for seat, c := range peers {
		w := c.ok(nil, "table.watch", fmt.Sprintf(`"table":%q`, id))
		s, _ := w["snapshot"].(map[string]any)
		if s == nil || fmt.Sprint(s["turn"]) != "[2]" {
			t.Fatalf("seat %d after the restart: snapshot %v, want Marseilles (seat 2) owing the answer", seat, s)
		}
	}
	for _, seat := range []int{0, 1} {
		if r := peers[seat].call(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":"attack yes"`, id, seat)); r["ok"] == true {
			t.Fatalf("seat %d answered Marseilles's question", seat)
		}
	}
	peers[2].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":2,"move":"attack yes"`, id))
	m := peers[1].next(func(m map[string]any) bool { return isMatch(m) && m["seq"] == float64(2) })
	if m["seat"] != float64(2) {
		t.Fatalf("the answer's push: %v", m)
	}
}
