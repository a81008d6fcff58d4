package accounts

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func httptestTLS(t *testing.T, h http.Handler) *httptest.Server {
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	return srv
}
