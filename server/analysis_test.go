package server

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
)

// TestAnalysisRunsOncePerMatch: people opening the same shared replay at
// once, and again later, cost one analysis; another match costs its own.
func TestAnalysisRunsOncePerMatch(t *testing.T) {
	a := newAnalyses()
	var runs atomic.Int32
	release := make(chan struct{})
	run := func(context.Context) (any, error) {
		runs.Add(1)
		<-release
		return map[string]int{"best": 7}, nil
	}
	var wg sync.WaitGroup
	bodies := make([]string, 5)
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := a.get(context.Background(), "m1", run)
			if err != nil {
				t.Error(err)
			}
			bodies[i] = string(b)
		}()
	}
	for {
		a.mu.Lock()
		_, started := a.running["m1"]
		a.mu.Unlock()
		if started {
			break
		}
	}
	close(release)
	wg.Wait()
	b, err := a.get(context.Background(), "m1", run)
	if err != nil {
		t.Fatal(err)
	}
	if got := runs.Load(); got != 1 {
		t.Fatalf("six requests for one match ran the analysis %d times, want 1", got)
	}
	for _, body := range append(bodies, string(b)) {
		if body != `{"best":7}` {
			t.Fatalf("an answer was %q, want the analysis", body)
		}
	}
	if _, err := a.get(context.Background(), "m2", run); err != nil {
		t.Fatal(err)
	}
	if got := runs.Load(); got != 2 {
		t.Fatalf("a second match ran %d analyses in all, want 2", got)
	}
}

// TestAnalysisGoesOnWhenTheAskerLeaves: a person who closes the page does
// not waste the run; the next asker gets its answer.
func TestAnalysisGoesOnWhenTheAskerLeaves(t *testing.T) {
	a := newAnalyses()
	release := make(chan struct{})
	var runs atomic.Int32
	run := func(context.Context) (any, error) {
		runs.Add(1)
		<-release
		return 1, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.get(ctx, "m1", run); err == nil {
		t.Fatal("an asker who left got an answer before the run ended")
	}
	close(release)
	b, err := a.get(context.Background(), "m1", run)
	if err != nil || string(b) != "1" {
		t.Fatalf("the next asker got %q, %v", b, err)
	}
	if runs.Load() != 1 {
		t.Fatalf("the analysis ran %d times, want 1", runs.Load())
	}
}
