package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Nodes: several servers over one PostgreSQL database.
//
// Each running server (a node) holds a lease, a row of node_leases renewed
// by its heartbeat. The row's identity number is the node's fence: every
// table the node owns carries it in server_tables.owner, and every batch
// the node's writer commits first checks, inside the batch's own
// transaction, that the lease row still exists (parlor_fence). A node
// whose lease ran out and was taken by another can therefore never write
// again: the taker deletes the lease row before it reassigns the tables,
// and the delete waits for any batch of the old node still under way
// (that batch holds a KEY SHARE lock on the row), so the taker then reads
// every move the old node acknowledged, and every later batch of the old
// node fails. PostgreSQL decides; no node trusts its own clock against
// another's, since every expiry is computed on the database's clock.
//
// A lease covers all of a node's tables rather than one lease per table:
// renewing is one row per heartbeat whatever the number of tables, and a
// dead node's tables move in one transaction.
//
// SQLite serves one node and never takes a lease: its fence stays 0 and
// nothing is checked.

// ErrLeaseLost is returned once this node's lease has been taken by
// another node (it ran out: the node stalled or was cut off from the
// database). The node must stop serving its tables; they are someone
// else's now.
var ErrLeaseLost = errors.New("store: this node's lease was taken by another node")

// fenceCode is the SQLSTATE parlor_fence raises, so that the writer can
// tell a lost lease from any other failure.
const fenceCode = "PLR01"

// pgNodesSchema adds leases to a PostgreSQL database. Its steps are only
// ever appended (see migrate).
var pgNodesSchema = []string{
	`CREATE TABLE node_leases (
		fence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		node TEXT NOT NULL UNIQUE,
		addr TEXT NOT NULL,
		started BIGINT NOT NULL,
		expires BIGINT NOT NULL
	)`,
	`ALTER TABLE server_tables ADD COLUMN owner BIGINT NOT NULL DEFAULT 0`,
	`CREATE INDEX server_tables_owner ON server_tables (owner, status)`,
	// parlor_fence fails its transaction unless lease f still exists, and
	// keeps the lease row from being deleted until the transaction ends.
	`CREATE FUNCTION parlor_fence(f BIGINT) RETURNS void AS $$
	BEGIN
		PERFORM 1 FROM node_leases WHERE fence = f FOR KEY SHARE;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'lease % was taken by another node', f USING ERRCODE = 'PLR01';
		END IF;
	END
	$$ LANGUAGE plpgsql`,
}

// pgNow is the database's clock in milliseconds: every lease expiry is
// set and compared on it.
const pgNow = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`

// Lease is what a node knows of its own lease.
type Lease struct {
	Fence int64  // the lease's number, carried by every table the node owns
	Node  string // the node's name, unique among the nodes
}

// NodeInfo is one node as the database sees it, for /healthz and
// /metrics.
type NodeInfo struct {
	Fence   int64
	Node    string
	Addr    string
	Started time.Time
	Expires time.Time
	Tables  int // tables not over that it owns
}

// Fence returns this store's lease number, 0 when it holds none (SQLite,
// or a PostgreSQL store that never joined).
func (s *Store) Fence() int64 { return s.fence.Load() }

// JoinNodes takes a lease for this server, named node (unique among the
// nodes: the host and port it serves on will do) and reachable at addr,
// for ttl. From then on the store's writes are fenced by the lease, the
// tables it saves are owned by it, and ListOpenTables lists only those.
//
// A lease still held under the same name belongs to an earlier run of
// this very node (it was killed, or restarted faster than its lease ran
// out): it is ended and its tables come back at once, instead of after
// the lease's time.
func (s *Store) JoinNodes(ctx context.Context, node, addr string, ttl time.Duration) (Lease, error) {
	if !s.pg {
		return Lease{}, errors.New("store: nodes share a PostgreSQL database; an SQLite file serves one node")
	}
	if node == "" || ttl <= 0 {
		return Lease{}, errors.New("store: a node needs a name and a lease time")
	}
	var fence int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var old sql.NullInt64
		if err := tx.QueryRowContext(ctx, `DELETE FROM node_leases WHERE node = $1 RETURNING fence`, node).Scan(&old); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO node_leases (node, addr, started, expires)
			VALUES ($1, $2, `+pgNow+`, `+pgNow+` + $3) RETURNING fence`, node, addr, ttl.Milliseconds()).Scan(&fence); err != nil {
			return err
		}
		if old.Valid {
			_, err := tx.ExecContext(ctx, `UPDATE server_tables SET owner = $1 WHERE owner = $2`, fence, old.Int64)
			return err
		}
		return nil
	})
	if err != nil {
		return Lease{}, fmt.Errorf("store: join as node %s: %w", node, err)
	}
	s.fence.Store(fence)
	s.leaseTTL.Store(int64(ttl))
	s.nodeMu.Lock()
	s.node, s.addr = node, addr
	s.nodeMu.Unlock()
	return Lease{Fence: fence, Node: node}, nil
}

// RejoinNodes takes this node's lease again, under its old number, after
// another node ended it (ErrLeaseLost): the database was away from every
// node alike for longer than the lease, and the first node back ended
// the others' leases and took their tables. Nothing of this node's past
// is trusted again: the caller must first have stopped every match and
// let go of every table it held, so that no write of the old lease is
// still to come; the tables still under the lease's number are then its
// own again (ListOpenTables), and the others are another node's.
//
// The old number is kept because the other nodes know this node by it
// (on the bus, server/relay.go). ErrLeaseLost if the node's name is held
// under another lease meanwhile: another run of this node took its place.
func (s *Store) RejoinNodes(ctx context.Context) error {
	fence := s.fence.Load()
	if fence == 0 {
		return errors.New("store: rejoining the nodes without having joined them")
	}
	ttl := time.Duration(s.leaseTTL.Load())
	s.nodeMu.Lock()
	node, addr := s.node, s.addr
	s.nodeMu.Unlock()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO node_leases (fence, node, addr, started, expires)
		OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, `+pgNow+`, `+pgNow+` + $4) ON CONFLICT DO NOTHING`,
		fence, node, addr, ttl.Milliseconds()); err != nil {
		return fmt.Errorf("store: rejoin the nodes: %w", err)
	}
	var holder string
	err := s.db.QueryRowContext(ctx, `SELECT node FROM node_leases WHERE fence = $1`, fence).Scan(&holder)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && holder != node) {
		return ErrLeaseLost
	}
	if err != nil {
		return fmt.Errorf("store: rejoin the nodes: %w", err)
	}
	return nil
}

// RenewLease only renews this node's lease, for another ttl, taking
// nothing: what a node does while it is starting up, before it can
// rebuild tables it would take (HoldLease). ErrLeaseLost once the lease
// was taken by another node.
func (s *Store) RenewLease(ctx context.Context) error {
	fence := s.fence.Load()
	if fence == 0 {
		return errors.New("store: renewing the lease of a store that holds none")
	}
	ttl := time.Duration(s.leaseTTL.Load())
	res, err := s.db.ExecContext(ctx, `UPDATE node_leases SET expires = `+pgNow+` + $2 WHERE fence = $1`, fence, ttl.Milliseconds())
	if err != nil {
		return fmt.Errorf("store: renewing the lease: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrLeaseLost
	}
	return nil
}

// HoldLease renews the lease every interval from a goroutine of its own
// until the returned stop is called (or ctx ends), so that a node whose
// start-up (recovering matches, loading tables) lasts longer than its
// lease does not lose it before its heartbeat (server.RunNode) starts.
// It takes no tables: the node could not rebuild them yet. A failed
// renewal is tried again at the next interval; a lost lease stops it,
// and the heartbeat that follows reports the loss.
func (s *Store) HoldLease(ctx context.Context, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if err := s.RenewLease(ctx); errors.Is(err, ErrLeaseLost) {
				return
			}
		}
	}()
	return func() { cancel(); <-done }
}

// Heartbeat renews this node's lease and takes the tables no live lease
// covers: those of nodes whose lease ran out (they died, or lost the
// database) or that handed theirs over (LeaveNodes), and those saved
// before any node held a lease. It returns the tables it took, not over,
// for the server to load; their matches are to be rebuilt from the log,
// which by then holds every move their old owner acknowledged (see the
// comment at the top of this file).
//
// ErrLeaseLost means this node's own lease was taken: it must stop.
func (s *Store) Heartbeat(ctx context.Context) ([]TableRow, error) {
	fence := s.fence.Load()
	if fence == 0 {
		return nil, errors.New("store: heartbeat of a store that holds no lease")
	}
	// The renewal commits on its own, first: it must not wait behind
	// the takeover below, which may wait for a dying node's last batch,
	// nor behind the serial transactions of accounts (no advisory lock
	// here), or a busy node would lose its own lease while taking
	// someone else's.
	if err := s.RenewLease(ctx); err != nil {
		return nil, err
	}
	// Two nodes taking at once cannot both take a table: the second's
	// update waits for the first's row locks, and then finds the rows
	// owned by a live lease.
	var taken []TableRow
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: heartbeat: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM node_leases WHERE expires < `+pgNow); err != nil {
		return nil, fmt.Errorf("store: heartbeat: %w", err)
	}
	// A dead node's tables are shared among the live nodes rather than
	// all taken by whichever beats first: each table goes to the live
	// node whose place in fence order is the table id's hash modulo the
	// number of live nodes. The others take theirs at their own next
	// beat, or at once when the taker tells them (server.relay.announce).
	rows, err := tx.QueryContext(ctx, `UPDATE server_tables SET owner = $1
		WHERE status != $2 AND owner NOT IN (SELECT fence FROM node_leases)
			AND abs(hashtext(id)::bigint) % (SELECT count(*) FROM node_leases) =
				(SELECT count(*) FROM node_leases WHERE fence < $1)
		RETURNING `+tableColumns,
		fence, string(TableOver))
	if err != nil {
		return nil, fmt.Errorf("store: heartbeat: %w", err)
	}
	for rows.Next() {
		r, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: heartbeat: %w", err)
		}
		taken = append(taken, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: heartbeat: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: heartbeat: %w", err)
	}
	return taken, nil
}

// LeaveNodes ends this node's lease, as it shuts down: the other nodes
// take its tables at their next heartbeat instead of waiting for the
// lease to run out. Nothing is written under the lease afterwards.
func (s *Store) LeaveNodes(ctx context.Context) error {
	fence := s.fence.Load()
	if fence == 0 {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM node_leases WHERE fence = $1`, fence); err != nil {
		return fmt.Errorf("store: leave the nodes: %w", err)
	}
	return nil
}

// Nodes lists the nodes holding a lease, with the tables each owns.
func (s *Store) Nodes(ctx context.Context) ([]NodeInfo, error) {
	if !s.pg {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT l.fence, l.node, l.addr, l.started, l.expires,
		(SELECT COUNT(*) FROM server_tables t WHERE t.owner = l.fence AND t.status != $1)
		FROM node_leases l ORDER BY l.node`, string(TableOver))
	if err != nil {
		return nil, fmt.Errorf("store: nodes: %w", err)
	}
	defer rows.Close()
	var out []NodeInfo
	for rows.Next() {
		var n NodeInfo
		var started, expires int64
		if err := rows.Scan(&n.Fence, &n.Node, &n.Addr, &started, &expires, &n.Tables); err != nil {
			return nil, fmt.Errorf("store: nodes: %w", err)
		}
		n.Started, n.Expires = time.UnixMilli(started), time.UnixMilli(expires)
		out = append(out, n)
	}
	return out, rows.Err()
}

// isFenced reports whether err is parlor_fence's refusal.
func isFenced(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == fenceCode
}

// Ping checks that the database answers, for /healthz.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// TableOwner says which node owns table id, whether that node's lease
// still holds (it has not run out, even if no node has taken it yet), and
// whether the table's match is over: a server asked
// about a table it does not hold forwards the request to the owner
// (server/relay.go). A table over stays with its node, which shows its
// results a while. ErrNotFound if there is no such table. Only nodes
// over PostgreSQL ask it.
func (s *Store) TableOwner(ctx context.Context, id string) (o TableOwnership, err error) {
	var status string
	err = s.db.QueryRowContext(ctx, `SELECT t.owner, EXISTS (SELECT 1 FROM node_leases l WHERE l.fence = t.owner AND l.expires >= `+pgNow+`), t.status
		FROM server_tables t WHERE t.id = $1`, id).Scan(&o.Fence, &o.Live, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return TableOwnership{}, ErrNotFound
	}
	if err != nil {
		return TableOwnership{}, fmt.Errorf("store: owner of table %s: %w", id, err)
	}
	o.Over = TableStatus(status) == TableOver
	return o, nil
}

// TableOwnership is where a table lives: its node's fence (0 for a table
// of a single node, which has none), whether that node's lease holds,
// and whether the table's match is over.
type TableOwnership struct {
	Fence      int64
	Live, Over bool
}

// ErrNoHandOver is returned by HandOverTable when the table did not
// change hands: this node does not own it (any more), it is over, or the
// node it was to go to holds no live lease.
var ErrNoHandOver = errors.New("store: the table was not handed over")

// HandOverTable gives table id, owned by this node, to the live node
// whose fence is to, as nodes share their tables out evenly
// (server/rebalance.go). The caller has stopped the table's match first,
// so that everything this node acknowledged for it is stored: the new
// owner rebuilds it from the log. Nothing changes, and ErrNoHandOver is
// returned, unless this node still owns the table under its lease, the
// table is not over and the other node's lease holds.
func (s *Store) HandOverTable(ctx context.Context, id string, to int64) error {
	fence := s.fence.Load()
	if fence == 0 {
		return errors.New("store: handing over a table of a store that holds no lease")
	}
	res, err := s.db.ExecContext(ctx, `UPDATE server_tables SET owner = $3
		WHERE id = $1 AND owner = $2 AND status != $4
			AND EXISTS (SELECT 1 FROM node_leases WHERE fence = $2)
			AND EXISTS (SELECT 1 FROM node_leases WHERE fence = $3 AND expires >= `+pgNow+`)`,
		id, fence, to, string(TableOver))
	if err != nil {
		return fmt.Errorf("store: handing table %s over: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoHandOver
	}
	return nil
}

// TakeBackTable gives back to this node table id, which it handed to
// node from, when that node answered that it could not load it
// (server/handover.go). ErrNoHandOver when nothing changed: from does
// not own it (any more), it is over, or this node's lease has ended.
func (s *Store) TakeBackTable(ctx context.Context, id string, from int64) error {
	fence := s.fence.Load()
	if fence == 0 {
		return errors.New("store: taking back a table of a store that holds no lease")
	}
	res, err := s.db.ExecContext(ctx, `UPDATE server_tables SET owner = $2
		WHERE id = $1 AND owner = $3 AND status != $4
			AND EXISTS (SELECT 1 FROM node_leases WHERE fence = $2 AND expires >= `+pgNow+`)`,
		id, fence, from, string(TableOver))
	if err != nil {
		return fmt.Errorf("store: taking table %s back: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoHandOver
	}
	return nil
}
