package main

import (
	"fmt"
	"testing"
)

// TestServeChatSurvivesSIGKILL sends table and lobby chat to the binary,
// kills it with SIGKILL, starts it again on the same data directory, and
// reads both channels' histories back: every line that was acknowledged is
// there, in order.
func TestServeChatSurvivesSIGKILL(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	hc := p.guest("Talker")
	a := p.dial(hc)
	rep := a.ok(nil, "table.create", `"game":"dots","seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	a.ok(nil, "table.watch", fmt.Sprintf(`"table":%q`, id))
	for i := 1; i <= 3; i++ {
		a.ok(nil, "chat.send", fmt.Sprintf(`"channel":"table:%s","text":"line %d"`, id, i))
	}
	a.ok(nil, "chat.send", `"channel":"lobby","text":"hello lobby"`)
	p.cmd.Process.Kill() // SIGKILL: no chance to flush anything
	<-p.done

	p2 := startServe(t, dir)
	b := p2.dial(p2.guest("Reader"))
	for channel, want := range map[string]string{"table:" + id: "[line 1 line 2 line 3]", "lobby": "[hello lobby]"} {
		h := b.ok(nil, "chat.history", fmt.Sprintf(`"channel":%q`, channel))
		var texts []string
		for _, m := range h["messages"].([]any) {
			texts = append(texts, m.(map[string]any)["text"].(string))
		}
		if got := fmt.Sprint(texts); got != want {
			t.Errorf("%s after SIGKILL: %s, want %s", channel, got, want)
		}
	}
}
