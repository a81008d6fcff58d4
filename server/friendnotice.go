package server

import (
	"context"
	"fmt"
	"time"
)

// "A friend online" (issue 33): a player who follows someone and is not
// looking is told, by push or mail as they chose for the kind
// friendOnline, that the one they follow has come online, so that they
// can come and play. A connection coming and going is not news every
// time: each follower hears of each friend at most once an hour, the
// clock hour's claim (notify.go) shared by every node, so a friend who
// comes online on two nodes at once is told of once.

// followerLister is the store's list of who follows a user.
type followerLister interface {
	Followers(ctx context.Context, target int64) ([]int64, error)
}

// friendOnlineEvery is how often at most a follower hears of one friend.
const friendOnlineEvery = time.Hour

// cameOnline is called as u's first connection to this node joins the
// hub. The followers are read from the store on a goroutine of its own,
// counted among the notices under way from this moment, so that a test
// waiting for the notices (WaitNotices) waits for these too.
func (s *Server) cameOnline(u Identity) {
	ns := s.notices
	if ns == nil || ns.store == nil || u.ID == 0 {
		return
	}
	fl, ok := s.cfg.Store.(followerLister)
	if !ok {
		return
	}
	ns.sending.add()
	go func() {
		defer ns.sending.done()
		s.friendOnline(fl, u)
	}()
}

// friendOnline tells the followers of u who are not looking.
func (s *Server) friendOnline(fl followerLister, u Identity) {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	followers, err := fl.Followers(ctx, u.ID)
	if err != nil {
		s.log.Warn("followers not read for a notice", "user", u.ID, "err", err)
		return
	}
	hour := s.clock().Now().Truncate(friendOnlineEvery).Unix()
	for _, f := range followers {
		s.NotifyAway(Notice{
			Kind:   NoticeFriendOnline,
			UserID: f,
			Key:    fmt.Sprintf("online:%d:%d:%d", u.ID, hour, f),
			Title:  u.Name + " is online",
			Body:   u.Name + ", whom you follow, has just come to Parlor.",
			URL:    "/",
			Tag:    fmt.Sprintf("online-%d", u.ID),
		})
	}
}
