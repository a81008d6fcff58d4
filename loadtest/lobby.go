package loadtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// LobbyMode is how the lobby bench's members join the lobby.
type LobbyMode string

const (
	// LobbyChanges members join with changes (protocol v5), as the web
	// and terminal clients do.
	LobbyChanges LobbyMode = "changes"
	// LobbyWhole members get the whole lists with every push (v4).
	LobbyWhole LobbyMode = "whole"
	// LobbyBoth runs LobbyChanges then LobbyWhole, each on a fresh child
	// server.
	LobbyBoth LobbyMode = "both"
)

// LobbyConfig is one run of the lobby bench.
type LobbyConfig struct {
	// Members sit in the lobby; Arrivals more arrive one at a time while
	// they sit there.
	Members, Arrivals int
	Mode              LobbyMode
	// CommitDelay is the child servers' commit delay (parlor serve
	// -commit-delay).
	CommitDelay time.Duration
}

// RunLobby measures what the lobby costs while people come: the members
// sit in the lobby, then the arrivals come one at a time, each far enough
// from the last (150 ms) that the server pushes each arrival on its own.
// It reports, per arrival, the bytes of lobby pushes each member received,
// the server's CPU and the members' (this process's: reading what they
// are sent off the socket; they do not decode it, as a browser would),
// for each mode on a fresh child server, in one run.
func RunLobby(c LobbyConfig, stdout, stderr io.Writer) error {
	if c.Members <= 0 || c.Arrivals <= 0 {
		return errors.New("loadtest: the lobby bench needs members and arrivals")
	}
	var modes []bool // changes?
	switch c.Mode {
	case LobbyChanges:
		modes = []bool{true}
	case LobbyWhole:
		modes = []bool{false}
	case LobbyBoth:
		modes = []bool{true, false}
	default:
		return fmt.Errorf("loadtest: unknown lobby mode %q", c.Mode)
	}
	raiseFileLimit(stderr)
	fmt.Fprintf(stdout, "%d members in the lobby, %d arrivals 150 ms apart\n", c.Members, c.Arrivals)
	for _, changes := range modes {
		if err := lobbyRun(c.Members, c.Arrivals, changes, c.CommitDelay, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}

// lobbyRun is one mode's run on its own child server.
func lobbyRun(n, k int, changes bool, commitDelay time.Duration, stdout, stderr io.Writer) error {
	child, addr, err := startChildServer(stderr, commitDelay)
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
