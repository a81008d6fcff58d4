package main

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestServeChatKeepFlag: parlor serve -chat-keep N keeps each channel's
// newest N lines, 0 keeps every line, and a negative N is refused.
func TestServeChatKeepFlag(t *testing.T) {
	if _, err := parseServeFlags([]string{"-chat-keep", "-1"}, io.Discard); err == nil || !strings.Contains(err.Error(), "-chat-keep") {
		t.Errorf("-chat-keep -1: %v", err)
	}
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.chatKeep != 500 {
		t.Errorf("default -chat-keep: %d (%v), want 500", f.chatKeep, err)
	}

	lobby := func(c *wsPeer) string {
		t.Helper()
		var texts []string
		for _, m := range c.ok(nil, "chat.history", `"channel":"lobby"`)["messages"].([]any) {
			texts = append(texts, m.(map[string]any)["text"].(string))
		}
		return fmt.Sprint(texts)
	}
	dir := t.TempDir()
	p := startServe(t, dir, "-chat-keep", "2")
	hc := p.guest("Talker")
	c := p.dial(hc)
	for i := 1; i <= 3; i++ {
		c.ok(nil, "chat.send", fmt.Sprintf(`"channel":"lobby","text":"line %d"`, i))
	}
	if got := lobby(c); got != "[line 2 line 3]" {
		t.Fatalf("lobby with -chat-keep 2: %s", got)
	}
	p.cmd.Process.Kill()
	<-p.done

	p2 := startServe(t, dir, "-chat-keep", "0")
	c = p2.dial(rehome(hc, p, p2))
	for i := 4; i <= 6; i++ {
		c.ok(nil, "chat.send", fmt.Sprintf(`"channel":"lobby","text":"line %d"`, i))
	}
	if got := lobby(c); got != "[line 2 line 3 line 4 line 5 line 6]" {
		t.Fatalf("lobby with -chat-keep 0: %s", got)
	}
}
