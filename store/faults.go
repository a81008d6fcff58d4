package store

// CommitFaults make the SQLite writer's commits fail in the ways a disk
// or a crash can, so that tests can check what callers are told when a
// commit's outcome is in doubt. A server never sets them.
type CommitFaults struct {
	// AfterCommit is called once a batch's COMMIT has succeeded; an error
	// it returns is taken as the COMMIT's own error, as when a sync
	// reports failure for a write that reached the disk after all.
	AfterCommit func() error
	// Check is called before the writer looks up whether a failed commit
	// happened after all; an error it returns is taken as that look-up's
	// failure, leaving the outcome unknown.
	Check func() error
}

// InjectCommitFaults makes the SQLite writer's next commits fail as f
// says, until it is called again (with a zero CommitFaults to stop).
func (s *Store) InjectCommitFaults(f CommitFaults) {
	if f.AfterCommit == nil && f.Check == nil {
		s.faults.Store(nil)
		return
	}
	s.faults.Store(&f)
}
