package loadtest

import "sync"

// inParallel runs f(0) to f(n-1), at most limit at once, and returns the
// first error any of them returned (all of them run regardless): setting
// up thousands of players or tables one at a time would take minutes,
// and all at once would measure the burst rather than the server.
func inParallel(n, limit int, f func(i int) error) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	sem := make(chan struct{}, limit)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(i); err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}
