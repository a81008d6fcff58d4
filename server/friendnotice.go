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
// hour's claim (notify.go) shared by every node, so a friend who comes
// online on two nodes at once is told of once.

// followerLister is the store's list of who follows a user.
type followerLister interface {
	Followers(ctx context.Context, target int64) ([]int64, error)
}

// friendOnlineEvery is how often at most a follower hears of one friend.
const friendOnlineEvery = time.Hour

// friendOnline tells the followers of u, who came online on this node,
// who are not looking. It runs on a goroutine of its own: it reads the
// store.
func (s *Server) friendOnline(u Identity) {
	if s.notices == nil || s.notices.store == nil {
		return
	}
	fl, ok := s.cfg.Store.(followerLister)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	followers, err := fl.Followers(ctx, u.ID)
	if err != nil {
		s.log.Warn("followers not read for a notice", "user", u.ID, "err", err)
		return
	}
	hour := time.Now().Truncate(friendOnlineEvery).Unix()
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
