package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
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
}

func newMetrics() *metrics {
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
	m.reg.MustRegister(m.connections, m.live, m.moves, m.refused, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
