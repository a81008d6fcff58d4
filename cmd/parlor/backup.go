package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/parlor-games/parlor/store"
)

// runBackup copies a serving server's SQLite database to a new file
// (store.Backup). Restoring is putting that file in the place of
// parlor.db while the server is stopped (docs/deploy.md).
func runBackup(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: parlor backup [-data DIR | -db FILE] BACKUP-FILE\n\nCopies the SQLite database of a server, serving or not, to a new file.")
		fs.PrintDefaults()
	}
	data := fs.String("data", "./data", "the server's data directory (its SQLite file is parlor.db there unless -db names another)")
	db := fs.String("db", "", "the server's SQLite file, as given to parlor serve -db")
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("give the backup file to write")
	}
	src := *db
	if src == "" {
		src = filepath.Join(*data, "parlor.db")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dest := fs.Arg(0)
	if err := store.Backup(ctx, src, dest); err != nil {
		return err
	}
	fi, err := os.Stat(dest)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes)\n", src, dest, fi.Size())
	return nil
}
