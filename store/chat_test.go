package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// TestChatLinesSurviveReopen: chat lines come back after the file is
// closed and opened again, per channel, the last n, oldest first.
func TestChatLinesSurviveReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "parlor.db")
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range 5 {
		for _, ch := range []string{"lobby", "table:x"} {
			if err := st.AddChat(ctx, ChatLine{Channel: ch, UserID: 7, From: "Ann", Text: fmt.Sprintf("%s %d", ch, i), At: at.Add(time.Duration(i) * time.Millisecond)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.AddChat(ctx, ChatLine{Text: "no channel"}); err == nil {
		t.Error("a line without a channel was stored")
	}
	st.Close()

	st, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := st.ChatLines(ctx, "table:x", 3)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range got {
		texts = append(texts, l.Text)
	}
	if fmt.Sprint(texts) != "[table:x 2 table:x 3 table:x 4]" {
		t.Fatalf("last 3 lines of table:x: %v", texts)
	}
	if l := got[2]; l.From != "Ann" || l.UserID != 7 || !l.At.Equal(at.Add(4*time.Millisecond)) || l.Channel != "table:x" {
		t.Fatalf("line read back as %+v", l)
	}
	if none, err := st.ChatLines(ctx, "table:y", 100); err != nil || len(none) != 0 {
		t.Fatalf("an unused channel has %v (%v)", none, err)
	}
}

// TestDeleteChatOneChannel: deleting a forgotten table's chat removes its
// lines only.
func TestDeleteChatOneChannel(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "parlor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, ch := range []string{"lobby", "table:a", "table:b"} {
		if err := st.AddChat(ctx, ChatLine{Channel: ch, UserID: 1, From: "Ann", Text: "hi " + ch, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.DeleteChat(ctx, "table:a"); err != nil {
		t.Fatal(err)
	}
	for ch, want := range map[string]int{"lobby": 1, "table:a": 0, "table:b": 1} {
		got, err := st.ChatLines(ctx, ch, 10)
		if err != nil || len(got) != want {
			t.Errorf("%s: %d lines (%v), want %d", ch, len(got), err, want)
		}
	}
}
