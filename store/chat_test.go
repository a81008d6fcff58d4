package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestChatLinesSurviveReopen: chat lines come back after the file is
// closed and opened again, per channel, the last n, oldest first.
func TestChatLinesSurviveReopen(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		path := b.path(t)
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
	})
}

// TestDeleteChatOneChannel: deleting a forgotten table's chat removes its
// lines only.
func TestDeleteChatOneChannel(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st, err := Open(ctx, b.path(t))
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
	})
}

// chatTexts returns the texts of every stored line of a channel, oldest
// first.
func chatTexts(t *testing.T, st *Store, channel string) []string {
	t.Helper()
	lines, err := st.ChatLines(context.Background(), channel, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	return texts
}

// TestPruneChatKeepsNewest: pruning a channel to n lines deletes its
// oldest lines and keeps the newest n in order; other channels, and a
// channel with n lines or fewer, are untouched; pruning every channel at
// once does the same for each.
func TestPruneChatKeepsNewest(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st, err := Open(ctx, b.path(t))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		at := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		add := func(ch string, i int) {
			t.Helper()
			if err := st.AddChat(ctx, ChatLine{Channel: ch, UserID: 1, From: "Ann", Text: fmt.Sprint(i), At: at}); err != nil {
				t.Fatal(err)
			}
		}
		// Interleaved, so that the channels' ids are not contiguous.
		for i := 1; i <= 8; i++ {
			add("lobby", i)
			if i <= 4 {
				add("table:a", i)
			}
			add("table:b", i)
		}
		if err := st.PruneChat(ctx, "lobby", 5); err != nil {
			t.Fatal(err)
		}
		if err := st.PruneChat(ctx, "table:a", 4); err != nil {
			t.Fatal(err)
		}
		for ch, want := range map[string]string{
			"lobby":   "[4 5 6 7 8]",
			"table:a": "[1 2 3 4]",
			"table:b": "[1 2 3 4 5 6 7 8]",
		} {
			if got := fmt.Sprint(chatTexts(t, st, ch)); got != want {
				t.Errorf("%s after pruning the lobby to 5: %s, want %s", ch, got, want)
			}
		}
		// New lines go after the kept ones.
		add("lobby", 9)
		if err := st.PruneChat(ctx, "lobby", 5); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(chatTexts(t, st, "lobby")); got != "[5 6 7 8 9]" {
			t.Errorf("lobby after one more line: %s", got)
		}

		if err := st.PruneAllChat(ctx, 3); err != nil {
			t.Fatal(err)
		}
		for ch, want := range map[string]string{
			"lobby":   "[7 8 9]",
			"table:a": "[2 3 4]",
			"table:b": "[6 7 8]",
		} {
			if got := fmt.Sprint(chatTexts(t, st, ch)); got != want {
				t.Errorf("%s after pruning every channel to 3: %s, want %s", ch, got, want)
			}
		}
		for _, keep := range []int{0, -1} {
			if err := st.PruneChat(ctx, "lobby", keep); err == nil {
				t.Errorf("pruning to %d lines was accepted", keep)
			}
			if err := st.PruneAllChat(ctx, keep); err == nil {
				t.Errorf("pruning every channel to %d lines was accepted", keep)
			}
		}
		if got := fmt.Sprint(chatTexts(t, st, "lobby")); got != "[7 8 9]" {
			t.Errorf("lobby after refused prunes: %s", got)
		}
	})
}
