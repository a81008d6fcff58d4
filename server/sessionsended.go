package server

// When a person changes or resets their password, or deletes their
// account, the accounts service ends the account's sessions; the
// WebSockets opened with them were authenticated once, at the upgrade, so
// the server closes them too. A client whose session still lives (the one
// that changed the password) connects again at once; the others are asked
// to sign in.

// sessionsNotifier is implemented by an accounts service that tells when
// it ended every session of an account (*accounts.Service does).
type sessionsNotifier interface {
	OnSessionsEnded(fn func(userID int64, kept string))
}

// closeSessionsEnded is the reason a connection closes when its
// account's sessions were ended.
const closeSessionsEnded = "the account's sessions were ended (its password changed, or it was deleted): sign in again"

// followSessionsEnded asks the accounts service, when it tells, to have
// the server close the connections of the account whose sessions ended.
func (s *Server) followSessionsEnded() {
	n, ok := s.cfg.Accounts.(sessionsNotifier)
	if !ok {
		return
	}
	n.OnSessionsEnded(func(userID int64, kept string) {
		for _, c := range s.hub.connsOf(userID) {
			if kept == "" || c.session != kept {
				c.close(closePolicy, closeSessionsEnded)
			}
		}
	})
}
