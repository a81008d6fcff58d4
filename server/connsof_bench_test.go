package server

import "testing"

// BenchmarkConnsOf finds one user's connections among 100,000 (two per
// user): what each achievement or ended list pushed to a player costs
// the node, under the hub's lock every connection shares.
func BenchmarkConnsOf(b *testing.B) {
	h := &hub{conns: make(map[*conn]struct{}), online: make(map[int64]*presence)}
	for i := range 100_000 {
		c := &conn{user: Identity{ID: int64(i / 2)}}
		h.conns[c] = struct{}{}
		p := h.online[c.user.ID]
		if p == nil {
			p = &presence{user: c.user}
			h.online[c.user.ID] = p
		}
		p.conns++
		p.open = append(p.open, c)
	}
	b.ResetTimer()
	for i := range b.N {
		if len(h.connsOf(int64(i%50_000))) != 2 {
			b.Fatal("want two connections")
		}
	}
}
