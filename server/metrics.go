package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/parlor-games/parlor/store"
)

// metrics are the server's Prometheus series. Each server has its own
// registry so that tests can run several servers in one process.
type metrics struct {
	reg         *prometheus.Registry
	connections prometheus.Gauge
	live        prometheus.Gauge
	moves       prometheus.Counter
	refused     prometheus.Counter
	latency     prometheus.Histogram
	// refusals counts every error reply by its code (codes.go).
	refusals *prometheus.CounterVec
	// slowClosed counts connections closed for falling behind in
	// reading what they were sent (conn.go).
	slowClosed prometheus.Counter

	// Of a node among several (nodes.go).
	node             prometheus.Gauge
	owned            prometheus.GaugeFunc
	takeovers        prometheus.Counter
	handedOver       prometheus.Counter
	heartbeatsFailed prometheus.Counter
	forwarded        prometheus.Counter
	forwardFailed    prometheus.Counter
	followed         prometheus.Counter
	unfollowed       prometheus.Counter
}

func newMetrics(owned func() float64) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "parlor_connections", Help: "Open WebSocket connections.",
		}),
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "parlor_live_matches", Help: "Matches being played now.",
		}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "parlor_moves_total", Help: "Moves accepted from clients; rate() gives moves per second.",
		}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "parlor_moves_refused_total", Help: "Moves refused (illegal, not the seat's turn, not held).",
		}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "parlor_move_seconds",
			Help:    "Time from receiving a move to its acknowledgement, durable write included.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}),
	}
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "parlor_refusals_total",
		Help: "Error replies sent, by code: unavailable and internal are the server's own failures (its store, its bus, a bug), logged too.",
	}, []string{"code"})
	m.slowClosed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_slow_closed_total",
		Help: "WebSockets closed because their client fell too far behind in reading (status 1008).",
	})
	m.node = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "parlor_node_lease", Help: "1 while this server holds its lease as one of several nodes, 0 otherwise.",
	})
	m.owned = prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "parlor_tables_owned", Help: "Tables not over that this server holds (its lobby's tables).",
	}, owned)
	m.takeovers = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_lease_takeovers_total", Help: "Tables this node took over from nodes that died or left.",
	})
	m.handedOver = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_tables_handed_over_total", Help: "Tables this node handed over to another node, to even out the nodes' loads.",
	})
	m.heartbeatsFailed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_heartbeats_failed_total", Help: "Heartbeats of this node's lease that failed (and were tried again).",
	})
	m.forwarded = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_forwarded_total", Help: "Players' messages this node forwarded to the node holding their table.",
	})
	m.forwardFailed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_forward_failures_total", Help: "Forwarded messages the table's node did not answer.",
	})
	m.followed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_watches_followed_total", Help: "Watches of this node's sockets that followed their table to another node after a hand-over, the socket kept.",
	})
	m.unfollowed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "parlor_watches_unfollowed_total", Help: "Sockets closed because a watched table found no node in time after a hand-over (the client resumes).",
	})
	m.reg.MustRegister(m.node, m.owned, m.takeovers, m.handedOver, m.heartbeatsFailed, m.forwarded, m.forwardFailed, m.followed, m.unfollowed)
	m.reg.MustRegister(m.connections, m.live, m.moves, m.refused, m.latency, m.refusals, m.slowClosed,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// writerStats is the store's count of its group commits, which the
// SQLite and PostgreSQL stores keep (store.Store.WriterStats).
type writerStats interface {
	WriterStats() store.WriterStats
}

// watchWriter adds the store's commits and the writes they held as
// counters: the ratio of their rates is the mean group commit, which
// says what a move costs the disk (one sync shared by that many moves)
// and whether -commit-delay is gathering moves at the server's pace.
func (m *metrics) watchWriter(w writerStats) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "parlor_store_commits_total",
			Help: "Transactions the store's writer committed, each with one sync to disk.",
		}, func() float64 { return float64(w.WriterStats().Commits) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "parlor_store_writes_total",
			Help: "Appends and match ends those commits held; divided by the commits, the mean group commit.",
		}, func() float64 { return float64(w.WriterStats().Writes) }),
	)
}

// watchStoreHealth adds the store's write health as a gauge.
func (m *metrics) watchStoreHealth(h storeHealth) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "parlor_store_writable",
		Help: "1 while the store's writes succeed, 0 from a write that failed for a cause of the store's own (a full disk, a lost database) until one succeeds again.",
	}, func() float64 {
		if h.WriteHealth().Failing {
			return 0
		}
		return 1
	}))
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
