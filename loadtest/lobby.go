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
	// LobbyPage members join with changes and a first page of
	// LobbyConfig.Page tables (v6).
	LobbyPage LobbyMode = "page"
	// LobbyAll runs LobbyPage, LobbyChanges and LobbyWhole.
	LobbyAll LobbyMode = "all"
)

// LobbyConfig is one run of the lobby bench.
type LobbyConfig struct {
	// Members sit in the lobby; Arrivals more arrive one at a time while
	// they sit there.
	Members, Arrivals int
	Mode              LobbyMode
	// Tables, when positive, is how many open tables the members make
	// before they join (one each, in turn), and each arrival then makes
	// one too: a crowded lobby, where what a member is sent on joining
	// and when a table is made is what counts.
	Tables int
	// Page is the first page's size with LobbyPage; Online, when
	// positive, pages the online list too.
	Page, Online int
	// ArrivalsLast names the arrivals so that they sort after every
	// member in the online list, past a first page of it: an arrival
	// then changes no member's page, where by default (names numbered on
	// from the members') each sorts onto the first page.
	ArrivalsLast bool
	// DB and Bus, when set, run the server as two nodes over that
	// PostgreSQL database (it must hold no tables yet) and NATS server,
	// the members on the first, and report what the first tells the
	// other of its part of the lobby (lobby.state on the bus).
	DB, Bus string
	// CommitDelay is the child servers' commit delay (parlor serve
	// -commit-delay).
	CommitDelay time.Duration
}

// lobbyJoin is one way of joining the lobby, as a run measures it.
type lobbyJoin struct {
	label  string // the report's name for it
	fields string // lobby.join's fields
}

// RunLobby measures what the lobby costs while people come: the members
// sit in the lobby, then the arrivals come one at a time, each far enough
// from the last (150 ms) that the server pushes each arrival on its own.
// It reports the bytes of the lobby's lists each member got on joining
// and, per arrival, the bytes of lobby pushes each member received, the
// server's CPU and the members' (this process's: reading what they are
// sent off the socket; they do not decode it, as a browser would), for
// each mode on a fresh child server, in one run.
func RunLobby(c LobbyConfig, stdout, stderr io.Writer) error {
	if c.Members <= 0 || c.Arrivals <= 0 || c.Tables < 0 {
		return errors.New("loadtest: the lobby bench needs members and arrivals")
	}
	page := lobbyJoin{fmt.Sprintf("page of %d (v6)", c.Page), fmt.Sprintf(`"changes":true,"page":%d`, c.Page)}
	if c.Online > 0 {
		page = lobbyJoin{fmt.Sprintf("pages of %d+%d (v6)", c.Page, c.Online), fmt.Sprintf(`"changes":true,"page":%d,"online":%d`, c.Page, c.Online)}
	}
	changes := lobbyJoin{"changes (v5)", `"changes":true`}
	whole := lobbyJoin{"whole lists (v4)", `"changes":false`}
	var joins []lobbyJoin
	switch c.Mode {
	case LobbyChanges:
		joins = []lobbyJoin{changes}
	case LobbyWhole:
		joins = []lobbyJoin{whole}
	case LobbyBoth:
		joins = []lobbyJoin{changes, whole}
	case LobbyPage:
		joins = []lobbyJoin{page}
	case LobbyAll:
		joins = []lobbyJoin{page, changes, whole}
	default:
		return fmt.Errorf("loadtest: unknown lobby mode %q", c.Mode)
	}
	if (c.Mode == LobbyPage || c.Mode == LobbyAll) && c.Page <= 0 {
		return errors.New("loadtest: a page of no tables")
	}
	if c.DB != "" && len(joins) > 1 {
		return errors.New("loadtest: with nodes, one mode per run (each needs a database of its own)")
	}
	raiseFileLimit(stderr)
	fmt.Fprintf(stdout, "%d members in the lobby, %d arrivals 150 ms apart\n", c.Members, c.Arrivals)
	if c.Tables > 0 {
		fmt.Fprintf(stdout, "%d open tables made before the members join; each arrival makes one more\n", c.Tables)
	}
	for _, j := range joins {
		if err := lobbyRun(c, j, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}

// lobbyRun is one mode's run on its own child server.
func lobbyRun(c LobbyConfig, j lobbyJoin, stdout, stderr io.Writer) error {
	n, k := c.Members, c.Arrivals
	child, addr, err := startChildServer(stderr, c.CommitDelay, c.nodeArgs("bench-a")...)
	if err != nil {
		return err
	}
	defer child.stop()
	var bus *lobbyBus
	if c.DB != "" {
		other, _, err := startChildServer(stderr, c.CommitDelay, c.nodeArgs("bench-b")...)
		if err != nil {
			return err
		}
		defer other.stop()
		if bus, err = listenLobbyBus(c.Bus); err != nil {
			return err
		}
		defer bus.close()
	}
	b := &bench{pid: child.cmd.Process.Pid, out: stdout, bases: []string{"http://" + addr}}
	b.base = b.bases[0]
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
	if err := b.openTables(ps, c.Tables); err != nil {
		return err
	}
	for _, p := range ps {
		if _, err := p.call("lobby.join", j.fields); err != nil {
			return err
		}
	}
	// Let the joins' pushes drain before counting.
	b.settleLobby()
	var fig lobbyFigures
	fig.joined = b.lobbyBytes.Load()
	if bus != nil {
		fig.quiet, fig.busiest = bus.over(lobbyQuiet)
	}
	bus0 := bus.count()
	if c.ArrivalsLast {
		b.lateNames.Store(true)
	}
	bytes0, cpu0, self0 := fig.joined, procCPUOr0(b.pid), selfCPU()
	late, err := b.arrive(k, c.Tables > 0)
	if err != nil {
		return err
	}
	b.settleLobby()
	fig.got, fig.cpu, fig.self = b.lobbyBytes.Load()-bytes0, procCPUOr0(b.pid)-cpu0, selfCPU()-self0
	fig.arrivals = bus.count().minus(bus0)
	for _, p := range late {
		p.quit.Store(true)
		p.ws.Load().CloseNow()
	}
	fig.report(stdout, c, j, bus)
	return nil
}

// nodeArgs are the flags of the node named name; none with no nodes.
func (c LobbyConfig) nodeArgs(name string) []string {
	if c.DB == "" {
		return nil
	}
	return []string{"-db", c.DB, "-nats", c.Bus, "-lease", lobbyLease.String(), "-node", name}
}

// arrive brings k new players to the lobby one after another, each
// opening a table of its own when table is set, with a short pause after
// each.
func (b *bench) arrive(k int, table bool) ([]*player, error) {
	var late []*player
	for range k {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		p, err := b.newPlayer(ctx)
		cancel()
		if err != nil {
			return late, err
		}
		late = append(late, p)
		if table {
			if err := b.openTables([]*player{p}, 1); err != nil {
				return late, err
			}
		}
		time.Sleep(150 * time.Millisecond)
	}
	return late, nil
}

// lobbyFigures is what one lobby run measured: bytes of lobby lists on
// joining, then what the arrivals cost the members, the server and the
// bus.
type lobbyFigures struct {
	joined, got int64 // lobby push bytes on joining; then for the arrivals
	cpu, self   time.Duration
	quiet       busCount // the bus while nothing changed
	busiest     int64    // the busier node's bytes on the bus meanwhile
	arrivals    busCount // the bus during the arrivals
}

// report writes the run's figures per member and per arrival, and the
// bus's when there are nodes.
func (fig lobbyFigures) report(stdout io.Writer, c LobbyConfig, j lobbyJoin, bus *lobbyBus) {
	n, k := c.Members, c.Arrivals
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(k) }
	label := j.label + ":"
	fmt.Fprintf(stdout, "%-17s %8.0f bytes of lobby pushes per member per arrival, %7.1f KiB per arrival in all, server CPU %6.2f ms and the members' CPU %6.2f ms per arrival\n",
		label, float64(fig.got)/float64(n*k), float64(fig.got)/1024/float64(k), ms(fig.cpu), ms(fig.self))
	fmt.Fprintf(stdout, "%-17s %8.0f bytes of lobby lists per member on joining\n", label, float64(fig.joined)/float64(n))
	if bus != nil {
		beats := float64(lobbyQuiet) / float64(lobbyLease/5)
		fmt.Fprintf(stdout, "%-17s %8.0f bytes on the bus per heartbeat from the busier node while nothing changed (%d bytes in %d messages of both nodes in %v, heartbeats every %v), %.0f bytes per arrival (%d messages); %d requests for a node's whole part in all\n",
			label, float64(fig.busiest)/beats, fig.quiet.bytes, fig.quiet.msgs, lobbyQuiet, lobbyLease/5,
			float64(fig.arrivals.bytes)/float64(k), fig.arrivals.msgs, bus.count().wholes)
	}
}

// openTables has the players make n open tables of Dots and Boxes, in
// turn, a few at a time.
func (b *bench) openTables(ps []*player, n int) error {
	create := `"game":"dots","seats":[{"kind":"me"},{"kind":"open"}]`
	return inParallel(n, 16, func(i int) error {
		if _, err := ps[i%len(ps)].call("table.create", create); err != nil {
			return fmt.Errorf("opening table %d: %w", i+1, err)
		}
		return nil
	})
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
