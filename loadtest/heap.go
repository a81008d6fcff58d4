package loadtest

import (
	"bufio"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// serverHeapInUse is the server's heap in use (runtime.MemStats.HeapInuse)
// right after a garbage collection it is made to run: what the server
// holds, not what it has yet to free. It reads Go's profiler (parlor serve
// -pprof, which the child server always runs with); ok is false when the
// server does not serve it.
func serverHeapInUse(base string) (bytes int64, ok bool) {
	c := http.Client{Timeout: 30 * time.Second}
	res, err := c.Get(base + "/debug/pprof/heap?gc=1&debug=1")
	if err != nil {
		return 0, false
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, false
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if v, found := strings.CutPrefix(sc.Text(), "# HeapInuse = "); found {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}
