package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
)

// runAdmin is parlor admin: an operator's moderation of the servers
// sharing a database. It writes to the database (store.OpenOperator) and
// the servers act on what it wrote at once: each reads the operators'
// actions every second, and at once when -nats nudges them.
func runAdmin(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, adminUsage)
		fs.PrintDefaults()
	}
	data := fs.String("data", "./data", "the server's data directory (its SQLite file is parlor.db there unless -db names another)")
	db := fs.String("db", os.Getenv("PARLOR_DB"), "the database, as given to parlor serve -db: a PostgreSQL URL or an SQLite file (also $PARLOR_DB)")
	natsURL := fs.String("nats", os.Getenv("PARLOR_NATS"), "the NATS server of servers sharing a PostgreSQL database (also $PARLOR_NATS): they are told at once, rather than within a second")
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) == 0 {
		fs.Usage()
		return errors.New("give an action: reports, sanctions, ban, mute, lift, rename, delete or close")
	}
	name := *db
	if name == "" {
		name = filepath.Join(*data, "parlor.db")
	}
	if strings.Contains(name, "://") && !store.IsPostgresURL(name) {
		return fmt.Errorf("-db %s: a database URL must start with postgres:// or postgresql://", store.Redacted(name))
	}
	if !store.IsPostgresURL(name) {
		if _, err := os.Stat(name); err != nil {
			return fmt.Errorf("no database at %s: give the server's -data or -db", name)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := store.OpenOperator(ctx, name)
	if err != nil {
		return err
	}
	defer st.CloseOperator()
	a := admin{ctx: ctx, st: st, out: stdout}
	action, err := a.do(rest[0], rest[1:])
	if err != nil {
		return err
	}
	if action != 0 && *natsURL != "" {
		nc, err := nats.Connect(*natsURL, nats.Name("parlor admin"))
		if err != nil {
			// Written all the same: the servers find it within a second.
			fmt.Fprintf(stderr, "parlor admin: the servers were not nudged (%v); they act within a second\n", err)
			return nil
		}
		defer nc.Close()
		if err := server.NudgeModeration(nc, action); err != nil {
			fmt.Fprintf(stderr, "parlor admin: the servers were not nudged (%v); they act within a second\n", err)
		}
	}
	return nil
}

const adminUsage = `usage: parlor admin [-data DIR | -db DATABASE] [-nats URL] ACTION [ARGUMENTS]

Moderation of the servers sharing a database; running servers act at once.

actions:
  reports [-n N]                         the newest reports (default 50)
  sanctions                              the bans and mutes in force
  ban  (-user NAME | -addr IP) -for DURATION -reason TEXT
                                         no connection until then; live ones are told why and closed
  mute (-user NAME | -addr IP) -for DURATION -reason TEXT
                                         no chat until then, from the next line
  lift (-user NAME | -addr IP) -what ban|mute
                                         end a ban or a mute now
  rename -user NAME -to NEWNAME          rename an account (its connections reconnect)
  delete -user NAME                      delete an account: its games stay, under "deleted player"
  close -table ID [-reason TEXT]         end a table: a match in play ends with no winner

DURATION is as 30m, 12h or 168h; a day is 24h.

flags:
`

// admin runs one action.
type admin struct {
	ctx context.Context
	st  *store.Store
	out io.Writer
}

// adminArgs are the flags of an admin action; each action reads those
// it needs.
type adminArgs struct {
	user, addr, reason, what, to, table string
	dur                                 time.Duration
	n                                   int
}

// parseAdminArgs reads the flags of action.
func parseAdminArgs(action string, args []string) (adminArgs, error) {
	var v adminArgs
	fs := flag.NewFlagSet("admin "+action, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&v.user, "user", "", "the account's name")
	fs.StringVar(&v.addr, "addr", "", "an address (IP)")
	fs.DurationVar(&v.dur, "for", 0, "how long")
	fs.StringVar(&v.reason, "reason", "", "why, as the person is told")
	fs.StringVar(&v.what, "what", "", "ban or mute")
	fs.StringVar(&v.to, "to", "", "the new name")
	fs.StringVar(&v.table, "table", "", "the table's id")
	fs.IntVar(&v.n, "n", 50, "how many")
	if err := fs.Parse(args); err != nil {
		return v, fmt.Errorf("%s: %w", action, err)
	}
	if fs.NArg() > 0 {
		return v, fmt.Errorf("%s: unexpected %q", action, fs.Arg(0))
	}
	return v, nil
}

// do runs action with its arguments and returns the id of the action it
// stored for the servers, 0 for a listing.
func (a admin) do(action string, args []string) (int64, error) {
	v, err := parseAdminArgs(action, args)
	if err != nil {
		return 0, err
	}
	now := time.Now()
	switch action {
	case "reports":
		return 0, a.reports(v.n)
	case "sanctions":
		return 0, a.sanctions(now)
	case "ban":
		return a.sanction(action, store.Ban, v, now)
	case "mute":
		return a.sanction(action, store.Silence, v, now)
	case "lift":
		return a.lift(v, now)
	case "rename":
		return a.rename(v, now)
	case "delete":
		return a.delete(v, now)
	case "close":
		return a.close(v, now)
	}
	return 0, fmt.Errorf("unknown action %q: reports, sanctions, ban, mute, lift, rename, delete or close", action)
}

// sanction bans or mutes (kind) an account or an address for a while.
func (a admin) sanction(action string, kind store.SanctionKind, v adminArgs, now time.Time) (int64, error) {
	if v.dur <= 0 {
		return 0, fmt.Errorf("%s: give -for, how long (such as 24h)", action)
	}
	if strings.TrimSpace(v.reason) == "" {
		return 0, fmt.Errorf("%s: give -reason: the person is told it", action)
	}
	id, address, label, err := a.target(v.user, v.addr)
	if err != nil {
		return 0, err
	}
	sn := store.Sanction{Kind: kind, UserID: id, Address: address, Reason: strings.TrimSpace(v.reason), Until: now.Add(v.dur), Created: now}
	act, err := a.st.AddSanction(a.ctx, sn)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.out, "%s %s until %s: %s\n", pastTense(kind), label, sn.Until.UTC().Format(time.RFC3339), sn.Reason)
	return act, nil
}

// lift ends the bans or the mutes of an account or an address.
func (a admin) lift(v adminArgs, now time.Time) (int64, error) {
	kind := store.SanctionKind(v.what)
	if kind != store.Ban && kind != store.Silence {
		return 0, errors.New("lift: give -what ban or -what mute")
	}
	id, address, label, err := a.target(v.user, v.addr)
	if err != nil {
		return 0, err
	}
	act, err := a.st.LiftSanctions(a.ctx, kind, id, address, now)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.out, "lifted the %s of %s\n", kind, label)
	return act, nil
}

// rename gives an account a new name.
func (a admin) rename(v adminArgs, now time.Time) (int64, error) {
	u, err := a.account(v.user)
	if err != nil {
		return 0, err
	}
	display, key, err := accounts.NormalizeName(v.to)
	if err != nil {
		return 0, fmt.Errorf("rename: -to: %w", err)
	}
	act, err := a.st.RenameUser(a.ctx, u.ID, display, key, now)
	if errors.Is(err, store.ErrNameTaken) {
		return 0, fmt.Errorf("rename: %q is taken", display)
	}
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.out, "renamed %s to %s\n", u.Name, display)
	return act, nil
}

// delete deletes an account that holds no seat in a game not over.
func (a admin) delete(v adminArgs, now time.Time) (int64, error) {
	u, err := a.account(v.user)
	if err != nil {
		return 0, err
	}
	act, err := a.st.DeleteUser(a.ctx, u.ID, now)
	if errors.Is(err, store.ErrSeated) {
		return 0, fmt.Errorf("delete: %s holds a seat in a game not over; close that table first (close -table ID)", u.Name)
	}
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.out, "deleted %s: its games stay, under %q\n", u.Name, store.DeletedName)
	return act, nil
}

// close asks the server holding a table to close it.
func (a admin) close(v adminArgs, now time.Time) (int64, error) {
	if v.table == "" {
		return 0, errors.New("close: give -table, the table's id")
	}
	if _, err := a.st.Table(a.ctx, v.table); errors.Is(err, store.ErrNotFound) {
		return 0, fmt.Errorf("close: no table %q", v.table)
	} else if err != nil {
		return 0, err
	}
	act, err := a.st.AddAction(a.ctx, store.Action{Kind: store.ActClose, Table: v.table, Text: strings.TrimSpace(v.reason), Created: now})
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.out, "closing table %s\n", v.table)
	return act, nil
}

// target is the account named user, or the address addr: exactly one;
// label says which, for the operator.
func (a admin) target(user, addr string) (id int64, address, label string, err error) {
	switch {
	case (user == "") == (addr == ""):
		return 0, "", "", errors.New("give -user NAME or -addr IP (one of them)")
	case addr != "":
		return 0, addr, "address " + addr, nil
	}
	u, err := a.account(user)
	return u.ID, "", u.Name, err
}

// account finds the account called name.
func (a admin) account(name string) (store.User, error) {
	if name == "" {
		return store.User{}, errors.New("give -user, the account's name")
	}
	_, key, err := accounts.NormalizeName(name)
	if err != nil {
		return store.User{}, fmt.Errorf("-user: %w", err)
	}
	u, err := a.st.UserByNameKey(a.ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, fmt.Errorf("nobody is called %q", name)
	}
	return u, err
}

func (a admin) reports(n int) error {
	if n <= 0 {
		return errors.New("reports: -n must be 1 or more")
	}
	list, err := a.st.Reports(a.ctx, n)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(a.out, "no reports")
		return nil
	}
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tWHEN\tBY\tABOUT\tREASON\tLINE")
	for _, r := range list {
		line := ""
		if r.Channel != "" {
			line = fmt.Sprintf("%s %s: %q", r.Channel, r.LineAt.Format(time.RFC3339), r.LineText)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Created.Format(time.RFC3339), r.ReporterName, r.TargetName, r.Reason, line)
	}
	return tw.Flush()
}

func (a admin) sanctions(now time.Time) error {
	list, err := a.st.Sanctions(a.ctx, now)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(a.out, "no bans or mutes in force")
		return nil
	}
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tWHO\tUNTIL\tREASON")
	for _, sn := range list {
		target := sn.Address
		if sn.UserID != 0 {
			target = "account " + strconv.FormatInt(sn.UserID, 10)
			if u, err := a.st.UserByID(a.ctx, sn.UserID); err == nil {
				target = u.Name
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", sn.Kind, target, sn.Until.Format(time.RFC3339), sn.Reason)
	}
	return tw.Flush()
}

func pastTense(k store.SanctionKind) string {
	if k == store.Ban {
		return "banned"
	}
	return "muted"
}
