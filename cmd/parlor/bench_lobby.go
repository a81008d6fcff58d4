package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// benchLobby measures what the lobby costs while people come: n players
// sit in the lobby, then k more arrive one at a time, each far enough
// from the last (150 ms) that the server pushes each arrival on its own.
// It reports, per arrival, the bytes of lobby pushes each member received,
// the server's CPU and the members' (this process's: reading what they
// are sent off the socket; they do not decode it, as a browser would),
// for members that joined with changes (protocol
// v5, what the web and terminal clients do) and for members that get the
// whole lists (v4), each on a fresh child server, in one run.
func benchLobby(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench lobby", flag.ContinueOnError)
	fs.SetOutput(stderr)
	members := fs.Int("members", 300, "players sitting in the lobby")
	arrivals := fs.Int("arrivals", 40, "players who arrive while they sit there, one at a time")
	mode := fs.String("mode", "both", "how the members join: changes (v5), whole (v4) or both, one after the other")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *members <= 0 || *arrivals <= 0 {
		return errors.New("-members and -arrivals must be positive")
	}
	var modes []bool // changes?
	switch *mode {
	case "changes":
		modes = []bool{true}
	case "whole":
		modes = []bool{false}
	case "both":
		modes = []bool{true, false}
	default:
		return fmt.Errorf("-mode %q: want changes, whole or both", *mode)
	}
	raiseFileLimit(stderr)
	fmt.Fprintf(stdout, "%d members in the lobby, %d arrivals 150 ms apart\n", *members, *arrivals)
	for _, changes := range modes {
		if err := lobbyRun(*members, *arrivals, changes, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}

// lobbyRun is one mode's run on its own child server.
func lobbyRun(n, k int, changes bool, stdout, stderr io.Writer) error {
	child, addr, err := startChildServer(stderr, defaultCommitDelay)
	if err != nil {
		return err
	}
	defer child.stop()
	b := &bench{pid: child.cmd.Process.Pid, out: stdout, bases: []string{"http://" + addr}}
	b.base = b.bases[0]
	join := `"changes":false`
	label := "whole lists (v4)"
	if changes {
		join, label = `"changes":true`, "changes (v5)"
	}
	ps, err := b.connectAll(n)
	if err != nil {
		return fmt.Errorf("after %d members: %w", b.nextUser.Load(), err)
	}
	defer func() {
		for _, p := range ps {
			p.quit.Store(true)
			p.ws.Load().CloseNow()
		}
	}()
	for _, p := range ps {
		if _, err := p.call("lobby.join", join); err != nil {
			return err
		}
	}
	// Let the joins' pushes drain before counting.
	b.settleLobby()
	bytes0, cpu0, self0 := b.lobbyBytes.Load(), procCPUOr0(b.pid), selfCPU()
	var late []*player
	for range k {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		p, err := b.newPlayer(ctx)
		cancel()
		if err != nil {
			return err
		}
		late = append(late, p)
		time.Sleep(150 * time.Millisecond)
	}
	b.settleLobby()
	got, cpu, self := b.lobbyBytes.Load()-bytes0, procCPUOr0(b.pid)-cpu0, selfCPU()-self0
	for _, p := range late {
		p.quit.Store(true)
		p.ws.Load().CloseNow()
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(k) }
	fmt.Fprintf(stdout, "%-17s %8.0f bytes of lobby pushes per member per arrival, %7.1f KiB per arrival in all, server CPU %6.2f ms and the members' CPU %6.2f ms per arrival\n",
		label+":", float64(got)/float64(n*k), float64(got)/1024/float64(k), ms(cpu), ms(self))
	return nil
}

// settleLobby waits until no lobby push has arrived for half a second.
func (b *bench) settleLobby() {
	last := b.lobbyBytes.Load()
	for {
		time.Sleep(500 * time.Millisecond)
		now := b.lobbyBytes.Load()
		if now == last {
			return
		}
		last = now
	}
}

// isLobbyPush tells the lobby's list pushes apart from the rest, for the
// lobby bench's count.
func isLobbyPush(data []byte) bool {
	return bytes.HasPrefix(data, []byte(`{"t":"lobby.`))
}

func procCPUOr0(pid int) time.Duration {
	d, _ := procCPU(pid)
	return d
}
