package loadtest

import "testing"

// TestHistogramQuantile: the server-side latency line reads the
// upper bound of the bucket holding the quantile from the difference of
// two readings of the server's cumulative histogram.
func TestHistogramQuantile(t *testing.T) {
	before := histogram{bounds: []float64{.001, .005, .025}, counts: []int64{10, 10, 10}, count: 10}
	after := histogram{bounds: []float64{.001, .005, .025}, counts: []int64{10, 100, 120}, count: 120}
	d := after.minus(before)
	if d.count != 110 {
		t.Fatalf("count %d, want 110", d.count)
	}
	if got := d.quantile(.5); got != "5ms" {
		t.Errorf("p50 %s, want 5ms", got)
	}
	if got := d.quantile(.99); got != "25ms" {
		t.Errorf("p99 %s, want 25ms", got)
	}
	over := histogram{bounds: []float64{.001}, counts: []int64{1}, count: 10}
	if got := over.quantile(.99); got != "more than the last bucket" {
		t.Errorf("past the last bound: %s", got)
	}
}
