package accounts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
)

func mustRegister(t *testing.T, s *Service, name string) User {
	t.Helper()
	u, err := s.Register(context.Background(), name, "password "+name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func statsOf(t *testing.T, s *Service, id int64, game string) Stats {
	t.Helper()
	all, err := s.StatsFor(context.Background(), []int64{id})
	if err != nil {
		t.Fatal(err)
	}
	return all[id][game]
}

func TestRecordResultCountsAndRatings(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a, b := mustRegister(t, s, "alice"), mustRegister(t, s, "bob")

	// Against a bot: counted, not rated.
	if _, err := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won, VsBot: true, BotLevel: "easy"}, {Result: Lost}}); err != nil {
		t.Fatal(err)
	}
	st := statsOf(t, s, a.ID, "dots")
	if st.Played != 1 || st.Won != 1 || st.Rating != 1500 || st.RD != 350 {
		t.Fatalf("after a win against a bot: %+v", st)
	}

	// Human against human: alice wins.
	if _, err := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won}, {UserID: b.ID, Result: Lost}}); err != nil {
		t.Fatal(err)
	}
	sa, sb := statsOf(t, s, a.ID, "dots"), statsOf(t, s, b.ID, "dots")
	want := Update(defaultRating, []Game{{Opponent: defaultRating, Score: 1}})
	if sa.Played != 2 || sa.Won != 2 || math.Abs(sa.Rating-want.R) > 1e-9 || math.Abs(sa.RD-want.RD) > 1e-9 {
		t.Fatalf("alice: %+v, want rating %.3f rd %.3f", sa, want.R, want.RD)
	}
	if sb.Played != 1 || sb.Won != 0 || sb.Rating >= 1500 {
		t.Fatalf("bob: %+v", sb)
	}

	// A tie counts as tied for both and moves the favourite down.
	if _, err := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Tied}, {UserID: b.ID, Result: Tied}}); err != nil {
		t.Fatal(err)
	}
	sa2, sb2 := statsOf(t, s, a.ID, "dots"), statsOf(t, s, b.ID, "dots")
	if sa2.Tied != 1 || sb2.Tied != 1 || sa2.Played != 3 || sb2.Played != 2 || sa2.Rating >= sa.Rating || sb2.Rating <= sb.Rating {
		t.Fatalf("after a tie: alice %+v (was %.2f), bob %+v (was %.2f)", sa2, sa.Rating, sb2, sb.Rating)
	}

	// Other games are kept apart.
	if st := statsOf(t, s, a.ID, "battleship"); st != (Stats{}) {
		t.Fatalf("battleship stats appeared: %+v", st)
	}
}

func TestMultiSeatPairwiseRatings(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	w, l1, l2 := mustRegister(t, s, "w"), mustRegister(t, s, "l1"), mustRegister(t, s, "l2")
	if _, err := s.RecordResult(ctx, "clue", []SeatResult{
		{UserID: w.ID, Result: Won}, {UserID: l1.ID, Result: Lost}, {UserID: l2.ID, Result: Lost}, {Result: Lost},
	}); err != nil {
		t.Fatal(err)
	}
	// The winner beat two players; each loser lost to the winner and drew
	// with the other loser.
	wantW := Update(defaultRating, []Game{{defaultRating, 1}, {defaultRating, 1}})
	wantL := Update(defaultRating, []Game{{defaultRating, 0}, {defaultRating, 0.5}})
	if got := statsOf(t, s, w.ID, "clue"); math.Abs(got.Rating-wantW.R) > 1e-9 {
		t.Errorf("winner %.3f, want %.3f", got.Rating, wantW.R)
	}
	for _, u := range []User{l1, l2} {
		if got := statsOf(t, s, u.ID, "clue"); math.Abs(got.Rating-wantL.R) > 1e-9 || got.Played != 1 {
			t.Errorf("%s: %+v, want rating %.3f", u.Name, got, wantL.R)
		}
	}
}

func TestRecordResultRefusesBadInputWithoutChanges(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a := mustRegister(t, s, "alice")
	if _, err := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won}, {UserID: 9999, Result: Lost}}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown user: err %v", err)
	}
	if _, err := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID}}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("missing result: err %v", err)
	}
	if st := statsOf(t, s, a.ID, "dots"); st.Played != 0 {
		t.Fatalf("a refused result changed stats: %+v", st)
	}
	// One user in both seats (hot-seat against oneself) records nothing.
	g, err := s.RecordResult(ctx, "battleship", []SeatResult{{UserID: a.ID, Result: Won}, {UserID: a.ID, Result: Lost}})
	if err != nil || len(g) != 0 {
		t.Fatalf("self-play: %v %v", g, err)
	}
	if st := statsOf(t, s, a.ID, "battleship"); st.Played != 0 {
		t.Fatalf("self-play was counted: %+v", st)
	}
}

func grantedIDs(gs []Granted) []string {
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.Achievement.ID)
	}
	return ids
}

func TestBattleshipWinAchievements(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a := mustRegister(t, s, "captain")
	want := map[int]string{1: "battleship.rookie", 5: "battleship.talented", 20: "battleship.expert"}
	titles := map[string]string{"battleship.rookie": "Rookie", "battleship.talented": "Talented", "battleship.expert": "Expert"}
	wins := 0
	for game := 1; wins < 25; game++ {
		res := Won
		if game%3 == 0 { // losses in between earn nothing
			res = Lost
		}
		g, err := s.RecordResult(ctx, "battleship", []SeatResult{{UserID: a.ID, Result: res, VsBot: true, BotLevel: "hard"}, {Result: Lost}})
		if err != nil {
			t.Fatal(err)
		}
		if res == Won {
			wins++
		}
		var wantIDs []string
		if id, ok := want[wins]; ok && res == Won {
			wantIDs = []string{id}
		}
		if !slices.Equal(grantedIDs(g), wantIDs) {
			t.Fatalf("game %d (wins %d, %v): granted %v, want %v", game, wins, res, grantedIDs(g), wantIDs)
		}
		for _, gr := range g {
			if gr.UserID != a.ID || gr.Achievement.Title != titles[gr.Achievement.ID] || gr.Achievement.Game != "battleship" {
				t.Fatalf("granted %+v", gr)
			}
		}
	}
	all, err := s.Achievements(ctx, a.ID)
	if err != nil || len(all) != 3 {
		t.Fatalf("held achievements: %v %v", all, err)
	}
}

func TestTutorialAchievementOnceAndAnnouncedOnce(t *testing.T) {
	ctx := context.Background()
	s, clk := newService(t, Options{})
	a := mustRegister(t, s, "learner")

	got, err := s.CompleteTutorial(ctx, a.ID, "battleship")
	if err != nil || len(got) != 1 || got[0].Title != "Complete tutorial" {
		t.Fatalf("first tutorial: %v %v", got, err)
	}
	again, err := s.CompleteTutorial(ctx, a.ID, "battleship")
	if err != nil || len(again) != 0 {
		t.Fatalf("second tutorial granted %v %v", again, err)
	}
	if _, err := s.CompleteTutorial(ctx, a.ID, "dots"); !errors.Is(err, ErrUnknownGame) {
		t.Fatalf("tutorial of a game without one: %v", err)
	}
	clk.Advance(time.Minute)

	if _, err := s.RecordResult(ctx, "battleship", []SeatResult{{UserID: a.ID, Result: Won, VsBot: true}}); err != nil {
		t.Fatal(err)
	}
	un, err := s.Unannounced(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, x := range un {
		ids = append(ids, x.ID)
	}
	if !slices.Equal(ids, []string{"battleship.tutorial", "battleship.rookie"}) {
		t.Fatalf("unannounced: %v", ids)
	}
	if err := s.MarkAnnounced(ctx, a.ID, ids[:1]); err != nil {
		t.Fatal(err)
	}
	if un, _ := s.Unannounced(ctx, a.ID); len(un) != 1 || un[0].ID != "battleship.rookie" {
		t.Fatalf("after announcing one: %v", un)
	}
	if err := s.MarkAnnounced(ctx, a.ID, ids); err != nil {
		t.Fatal(err)
	}
	if un, _ := s.Unannounced(ctx, a.ID); len(un) != 0 {
		t.Fatalf("after announcing all: %v", un)
	}
	if all, _ := s.Achievements(ctx, a.ID); len(all) != 2 {
		t.Fatalf("announcing lost achievements: %v", all)
	}
}

func TestTutorialOverHTTP(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	var e errReply
	if resp := c.do("POST", "/api/achievements/tutorial", map[string]string{"game": "battleship"}, &e); resp.StatusCode != 401 {
		t.Fatalf("without a session: %d", resp.StatusCode)
	}
	var me userReply
	c.do("POST", "/api/guest", map[string]string{"name": "deckhand"}, &me)
	var r struct {
		Granted []Achievement `json:"granted"`
	}
	c.do("POST", "/api/achievements/tutorial", map[string]string{"game": "battleship"}, &r)
	if len(r.Granted) != 1 || r.Granted[0].ID != "battleship.tutorial" || r.Granted[0].At.IsZero() {
		t.Fatalf("first completion: %+v", r.Granted)
	}
	r.Granted = nil
	c.do("POST", "/api/achievements/tutorial", map[string]string{"game": "battleship"}, &r)
	if r.Granted == nil || len(r.Granted) != 0 {
		t.Fatalf("second completion: %+v (want an empty list)", r.Granted)
	}
	// The WebSocket still announces it, once.
	if un, _ := s.Unannounced(context.Background(), me.User.ID); len(un) != 1 || un[0].ID != "battleship.tutorial" {
		t.Fatalf("unannounced after the tutorial: %v", un)
	}
}

func TestDotsAchievements(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a, b := mustRegister(t, s, "a"), mustRegister(t, s, "b")
	g, _ := s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won, VsBot: true, BotLevel: "expert"}})
	if !slices.Equal(grantedIDs(g), []string{"dots.first-win", "dots.beat-expert"}) {
		t.Fatalf("win over the expert bot: %v", grantedIDs(g))
	}
	g, _ = s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Tied}, {UserID: b.ID, Result: Tied}})
	if !slices.Equal(grantedIDs(g), []string{"dots.tie", "dots.tie"}) {
		t.Fatalf("tie: %v", grantedIDs(g))
	}
}

func TestGuestClaimKeepsStatsAndAchievements(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	var g userReply
	resp := c.do("POST", "/api/guest", map[string]string{"name": "Wanderer"}, &g)
	if resp.StatusCode != 200 || !g.User.Guest {
		t.Fatalf("guest: %d %+v", resp.StatusCode, g.User)
	}
	if _, err := s.RecordResult(context.Background(), "battleship", []SeatResult{{UserID: g.User.ID, Result: Won, VsBot: true}}); err != nil {
		t.Fatal(err)
	}

	var e errReply
	if resp := c.do("POST", "/api/claim", map[string]string{"password": "short"}, &e); resp.StatusCode != 400 {
		t.Fatalf("claim with a short password: %d %q", resp.StatusCode, e.Error)
	}
	var cl userReply
	resp = c.do("POST", "/api/claim", map[string]string{"password": "now a real account"}, &cl)
	if resp.StatusCode != 200 || cl.User.Guest || cl.User.ID != g.User.ID || cl.User.Name != "Wanderer" {
		t.Fatalf("claim: %d %+v", resp.StatusCode, cl.User)
	}
	if resp := c.do("POST", "/api/claim", map[string]string{"password": "again and again"}, &e); resp.StatusCode != http.StatusConflict {
		t.Fatalf("claiming twice: %d", resp.StatusCode)
	}

	// Log in from elsewhere with the new password and see the old record.
	other := newClient(t, c.srv)
	var in userReply
	if resp := other.do("POST", "/api/login", credentials{Name: "wanderer", Password: "now a real account"}, &in); resp.StatusCode != 200 || in.User.ID != g.User.ID {
		t.Fatalf("login after claim: %d %+v", resp.StatusCode, in.User)
	}
	var p Profile
	if resp := other.do("GET", "/api/profile/WANDERER", nil, &p); resp.StatusCode != 200 {
		t.Fatalf("profile: %d", resp.StatusCode)
	}
	if p.User != cl.User || p.Stats["battleship"].Won != 1 || p.Stats["battleship"].Rating != 1500 || len(p.Achievements) != 1 || p.Achievements[0].Title != "Rookie" {
		t.Fatalf("profile after claim: %+v", p)
	}
	if resp := other.do("GET", "/api/profile/nobody", nil, &e); resp.StatusCode != 404 {
		t.Fatalf("profile of nobody: %d", resp.StatusCode)
	}
}

func TestGuestNameHeldOnlyWhileSessionLives(t *testing.T) {
	s, clk := newService(t, Options{})
	srv := newServer(t, s)
	g1 := newClient(t, srv)
	if resp := g1.do("POST", "/api/guest", map[string]string{"name": "Drifter"}, nil); resp.StatusCode != 200 {
		t.Fatalf("guest: %d", resp.StatusCode)
	}
	g2 := newClient(t, srv)
	if resp := g2.do("POST", "/api/guest", map[string]string{"name": "drifter"}, nil); resp.StatusCode != http.StatusConflict {
		t.Fatalf("second guest took a held name: %d", resp.StatusCode)
	}
	// Logging out lets the name go.
	g1.do("POST", "/api/logout", nil, nil)
	if resp := g2.do("POST", "/api/guest", map[string]string{"name": "drifter"}, nil); resp.StatusCode != 200 {
		t.Fatalf("name not freed by logout: %d", resp.StatusCode)
	}
	// So does the session expiring.
	clk.Advance(31 * 24 * time.Hour)
	g3 := newClient(t, srv)
	if resp := g3.do("POST", "/api/register", credentials{Name: "Drifter", Password: "mine at last"}, nil); resp.StatusCode != 200 {
		t.Fatalf("name not freed by expiry: %d", resp.StatusCode)
	}
}

func TestLoginRateLimited(t *testing.T) {
	s, clk := newService(t, Options{LoginPerName: Limit{Burst: 3, Every: time.Minute}, LoginPerIP: Limit{Burst: 100, Every: time.Second}})
	c := newClient(t, newServer(t, s))
	c.do("POST", "/api/register", credentials{Name: "target", Password: "right password"}, nil)
	for i := range 3 {
		if resp := c.do("POST", "/api/login", credentials{Name: "TARGET", Password: "guess " + string(rune('a'+i))}, nil); resp.StatusCode != 401 {
			t.Fatalf("attempt %d: %d", i, resp.StatusCode)
		}
	}
	var e errReply
	resp := c.do("POST", "/api/login", credentials{Name: "target", Password: "right password"}, &e)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("4th attempt: %d %q", resp.StatusCode, e.Error)
	}
	clk.Advance(time.Minute)
	if resp := c.do("POST", "/api/login", credentials{Name: "target", Password: "right password"}, nil); resp.StatusCode != 200 {
		t.Fatalf("after waiting: %d", resp.StatusCode)
	}
}

func TestLoginRateLimitedPerIP(t *testing.T) {
	s, _ := newService(t, Options{LoginPerIP: Limit{Burst: 2, Every: time.Hour}})
	c := newClient(t, newServer(t, s))
	for i, name := range []string{"n1", "n2", "n3"} {
		resp := c.do("POST", "/api/login", credentials{Name: name, Password: "whatever you like"}, nil)
		want := 401
		if i == 2 {
			want = 429
		}
		if resp.StatusCode != want {
			t.Fatalf("attempt %d: %d, want %d", i, resp.StatusCode, want)
		}
	}
}

func TestStatsForLobby(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a, b, c := mustRegister(t, s, "a"), mustRegister(t, s, "b"), mustRegister(t, s, "c")
	s.RecordResult(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won}, {UserID: b.ID, Result: Lost}})
	s.RecordResult(ctx, "battleship", []SeatResult{{UserID: a.ID, Result: Lost, VsBot: true}})
	m, err := s.StatsFor(ctx, []int64{a.ID, b.ID, c.ID})
	if err != nil {
		t.Fatal(err)
	}
	if m[a.ID]["dots"].Won != 1 || m[a.ID]["battleship"].Played != 1 || m[b.ID]["dots"].Played != 1 || len(m[c.ID]) != 0 {
		t.Fatalf("stats: %+v", m)
	}
}

func TestDefaultHashRoundTrip(t *testing.T) {
	h, err := hashPassword("correct horse", DefaultHashParams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("encoded form %q", h)
	}
	if ok, stale, err := checkPassword(h, "correct horse", DefaultHashParams); !ok || stale || err != nil {
		t.Fatalf("right password: %v %v %v", ok, stale, err)
	}
	if ok, _, _ := checkPassword(h, "correct horsf", DefaultHashParams); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := hashPassword("correct horse", DefaultHashParams)
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt not random")
	}
}

// Raising the cost later upgrades a stored hash at the next login.
func TestStaleHashUpgradedOnLogin(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	mustRegister(t, s, "old")
	s2 := New(s.st, Options{Hash: HashParams{Time: 2, Memory: 128, Threads: 1}})
	if err := s2.Init(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Login(ctx, "old", "password old"); err != nil {
		t.Fatal(err)
	}
	_, h, err := s.st.UserCredentials(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h, "m=128,t=2,p=1") {
		t.Fatalf("hash not upgraded: %q", h)
	}
	if _, err := s2.Login(ctx, "old", "password old"); err != nil {
		t.Fatalf("login after upgrade: %v", err)
	}
}

// Many people racing for one name: exactly one gets it, the rest are told
// it is taken (not an internal error).
func TestConcurrentRegistrationOfOneName(t *testing.T) {
	s, _ := newService(t, Options{})
	const n = 6
	errs := make(chan error, n)
	for i := range n {
		go func() {
			_, err := s.Register(context.Background(), []string{"Racer", "racer", "RACER"}[i%3], "fast enough")
			errs <- err
		}()
	}
	wins := 0
	for range n {
		err := <-errs
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, ErrNameTaken):
			t.Errorf("unexpected error: %v", err)
		}
	}
	if wins != 1 {
		t.Fatalf("%d registrations of one name succeeded", wins)
	}
}

// Behind a proxy the server names the client; each named client gets its
// own allowance.
func TestClientIPOption(t *testing.T) {
	s, _ := newService(t, Options{
		LoginPerIP: Limit{Burst: 1, Every: time.Hour},
		ClientIP:   func(r *http.Request) string { return r.Header.Get("X-Test-Client") },
	})
	srv := newServer(t, s)
	try := func(client string) int {
		req, _ := http.NewRequest("POST", srv.URL+"/api/login", strings.NewReader(`{"name":"x","password":"whatever you like"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Test-Client", client)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if a1, a2, b1 := try("a"), try("a"), try("b"); a1 != 401 || a2 != 429 || b1 != 401 {
		t.Fatalf("statuses %d %d %d, want 401 429 401", a1, a2, b1)
	}
}

// Matches of the same players ending at once are all counted, even when
// the writes are stored after RecordMatch has read the statistics.
func TestConcurrentResultsAllCounted(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a, b, c := mustRegister(t, s, "alice"), mustRegister(t, s, "bob"), mustRegister(t, s, "carol")
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		wg.Go(func() {
			other := b.ID
			if i%2 == 1 {
				other = c.ID
			}
			rec, err := s.RecordMatch(ctx, "dots", []SeatResult{{UserID: a.ID, Result: Won}, {UserID: other, Result: Lost}})
			if err == nil && rec.Stats[a.ID].Played == 0 {
				err = fmt.Errorf("no stats returned: %+v", rec)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if st := statsOf(t, s, a.ID, "dots"); st.Played != n || st.Won != n {
		t.Errorf("alice: %+v, want %d played and won", st, n)
	}
	if sb, sc := statsOf(t, s, b.ID, "dots"), statsOf(t, s, c.ID, "dots"); sb.Played != n/2 || sc.Played != n/2 {
		t.Errorf("bob %+v, carol %+v, want %d played each", sb, sc, n/2)
	}
	got, err := s.Unannounced(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range got {
		ids = append(ids, g.ID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"dots.first-win", "dots.ten-wins"}) {
		t.Errorf("alice's achievements: %v", ids)
	}
}

// failingStore makes every count of results fail halfway through its
// writes while fail is set: a second insert of a user's statistics, which
// the database refuses.
type failingStore struct {
	Store
	fail bool
}

func (f *failingStore) CountResult(ctx context.Context, c store.Count, tally func(*store.Tally) (store.Result, error), also ...store.Stmt) error {
	if !f.fail {
		return f.Store.CountResult(ctx, c, tally, also...)
	}
	return f.Store.CountResult(ctx, c, func(t *store.Tally) (store.Result, error) {
		r, err := tally(t)
		if err == nil && len(r.Stats) > 0 {
			again := r.Stats[0]
			again.Exists = false
			r.Stats = append(r.Stats, again)
		}
		return r, err
	}, also...)
}

// The caller's statements are stored with the result, and a failing
// write leaves nothing recorded.
func TestRecordMatchAlsoIsAtomic(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	st := s.st.(*store.Store)
	fs := &failingStore{Store: st}
	s.st = fs
	a, b := mustRegister(t, s, "alice"), mustRegister(t, s, "bob")
	seats := []SeatResult{{UserID: a.ID, Result: Won}, {UserID: b.ID, Result: Lost}}
	row := store.TableRow{ID: "t1", Game: "dots", Options: []byte("{}"), Seats: []byte("[]"), Policy: []byte("{}"),
		Status: store.TableOver, Created: time.UnixMilli(1)}
	if _, err := s.RecordMatch(ctx, "dots", seats, st.SaveTableStmt(row)); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Table(ctx, "t1"); err != nil || got.Status != store.TableOver {
		t.Fatalf("the caller's row: %+v, %v", got, err)
	}
	fs.fail = true
	if _, err := s.RecordMatch(ctx, "dots", seats, st.SaveTableStmt(row)); err == nil {
		t.Fatal("a failing write did not fail RecordMatch")
	}
	if st := statsOf(t, s, a.ID, "dots"); st.Played != 1 {
		t.Errorf("alice: %+v, want 1 played", st)
	}
	got, err := s.Unannounced(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Errorf("alice's achievements: %+v, want one", got)
	}
}

// A match counted a second time (a server that counts it again after a
// restart, say) changes nothing and announces nothing.
func TestMatchCountedOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := newService(t, Options{})
	a, b := mustRegister(t, s, "alice"), mustRegister(t, s, "bob")
	m := Match{ID: "m1", Game: "dots", Seats: []SeatResult{{UserID: a.ID, Result: Won}, {UserID: b.ID, Result: Lost}}}
	rec, err := s.CountMatch(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Granted) != 1 {
		t.Fatalf("the first count granted %+v, want alice's first win", rec.Granted)
	}
	again, err := s.CountMatch(ctx, m)
	if !errors.Is(err, ErrCounted) {
		t.Fatalf("the second count: %v, want ErrCounted", err)
	}
	if len(again.Granted) != 0 {
		t.Errorf("the second count granted %+v", again.Granted)
	}
	if st := statsOf(t, s, a.ID, "dots"); st.Played != 1 || st.Won != 1 || st.Rating != rec.Stats[a.ID].Rating {
		t.Errorf("alice after two counts of one match: %+v, want %+v", st, rec.Stats[a.ID])
	}
}
