// Package e2e holds Parlor's browser tests. They build the real parlor
// binary, start "parlor serve" on a free local port with a fresh data
// directory, and drive the web client in headless Chromium with chromedp,
// the way a person would: clicks, keys, and reading what is on the screen.
// Each test saves a screenshot of every screen it visits into the artifacts
// directory (PARLOR_ARTIFACTS, by default artifacts/screens at the
// repository root) so that people can look at what the tests saw.
package e2e
