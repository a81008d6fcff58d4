package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/parlor-games/parlor/client"
)

// tlsServe is parlor serve over HTTPS: its HTTPS base and the address of
// its plain HTTP redirect.
type tlsServe struct {
	base, redirect string
	log            *strings.Builder
}

// startTLSServe runs parlor serve with the given flags and reads the
// two addresses it prints.
func startTLSServe(t *testing.T, env []string, args ...string) *tlsServe {
	t.Helper()
	cmd := exec.Command(parlorBin, append([]string{"serve", "-addr", "127.0.0.1:0", "-http-addr", "127.0.0.1:0", "-data", t.TempDir(), "-bot-ms", "50"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &tlsServe{log: &strings.Builder{}}
	cmd.Stderr = s.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { cmd.Process.Kill(); <-done })
	lines := make(chan string, 2)
	go func() {
		defer close(done)
		br := bufio.NewReader(out)
		for range 2 {
			line, _ := br.ReadString('\n')
			lines <- strings.TrimSpace(line)
		}
		io.Copy(io.Discard, br)
		cmd.Wait()
	}()
	for _, want := range []string{"parlor serving on ", "parlor redirecting "} {
		select {
		case line := <-lines:
			rest, ok := strings.CutPrefix(line, want)
			if !ok {
				t.Fatalf("line %q, want one starting %q; log: %s", line, want, s.log)
			}
			if s.base == "" {
				s.base = rest
			} else {
				s.redirect, _, _ = strings.Cut(strings.TrimPrefix(rest, "http://"), " ")
			}
		case <-time.After(serveWait):
			t.Fatalf("parlor serve did not start; log: %s", s.log)
		}
	}
	return s
}

// testCA is a certificate authority made for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pool *x509.CertPool
	pem  []byte
}

func newTestCA(t *testing.T) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "parlor test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &testCA{cert: cert, key: key, pool: pool, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// issue writes a certificate for 127.0.0.1 and the given names, and its
// key, into dir, and returns the two files.
func (ca *testCA) issue(t *testing.T, dir string, names ...string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:     names,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

// httpsClient trusts roots and keeps cookies.
func httpsClient(roots *x509.CertPool, serverName string) *http.Client {
	jar, _ := cookiejar.New(nil)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{RootCAs: roots, ServerName: serverName}
	return &http.Client{Transport: tr, Jar: jar, Timeout: serveWait,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// playOverHTTPS checks what a player notices of a server on HTTPS: the
// site answers, a guest signs up with a Secure cookie, a WebSocket opens
// and greets, and plain HTTP is sent to HTTPS.
func playOverHTTPS(t *testing.T, s *tlsServe, hc *http.Client) {
	t.Helper()
	if !strings.HasPrefix(s.base, "https://") {
		t.Fatalf("serving on %q, want an https:// address", s.base)
	}
	res, err := hc.Get(s.base + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz over HTTPS: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz over HTTPS: %s", res.Status)
	}
	res, err = hc.Post(s.base+"/api/guest", "application/json", strings.NewReader(`{"name":"Ann"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var session *http.Cookie
	for _, ck := range res.Cookies() {
		if ck.Name == client.SessionCookie {
			session = ck
		}
	}
	if res.StatusCode != http.StatusOK || session == nil || !session.Secure {
		t.Fatalf("guest over HTTPS: %s, session cookie %v", res.Status, session)
	}
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "wss"+strings.TrimPrefix(s.base, "https")+"/api/ws", &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: hc.Transport},
		HTTPHeader: http.Header{"Cookie": {client.SessionCookie + "=" + session.Value}},
	})
	if err != nil {
		t.Fatalf("WebSocket over TLS: %v; log: %s", err, s.log)
	}
	defer ws.CloseNow()
	_, msg, err := ws.Read(ctx)
	var hello struct {
		T string `json:"t"`
	}
	if err != nil || json.Unmarshal(msg, &hello) != nil || hello.T != "hello" {
		t.Fatalf("first WebSocket message over TLS: %q, %v", msg, err)
	}
	// The server reads what the client sends over TLS and answers it.
	if err := ws.Write(ctx, websocket.MessageText, []byte(`{"t":"no.such.request","id":7}`)); err != nil {
		t.Fatal(err)
	}
	for {
		_, msg, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("no answer over TLS: %v; log: %s", err, s.log)
		}
		var reply struct {
			T  string `json:"t"`
			ID int    `json:"id"`
		}
		if json.Unmarshal(msg, &reply) == nil && reply.T == "reply" && reply.ID == 7 {
			break
		}
	}
	res, err = hc.Get("http://" + s.redirect + "/lobby?x=1")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(s.base, "https://"))
	if want := "https://127.0.0.1:" + port + "/lobby?x=1"; res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != want {
		t.Fatalf("plain HTTP: %s to %q, want 301 to %q", res.Status, res.Header.Get("Location"), want)
	}
}

// With the operator's own certificate files the server speaks HTTPS
// itself, WebSockets included, and sends plain HTTP there.
func TestServeTLSOwnCertificate(t *testing.T) {
	ca := newTestCA(t)
	certFile, keyFile := ca.issue(t, t.TempDir())
	s := startTLSServe(t, nil, "-tls-cert", certFile, "-tls-key", keyFile)
	playOverHTTPS(t, s, httpsClient(ca.pool, ""))

	// A renewed certificate written over the files is served from the
	// next handshake on, with no restart.
	served := func() *big.Int {
		t.Helper()
		conn, err := tls.Dial("tcp", strings.TrimPrefix(s.base, "https://"), &tls.Config{RootCAs: ca.pool})
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		return conn.ConnectionState().PeerCertificates[0].SerialNumber
	}
	before := served()
	ca.issue(t, filepath.Dir(certFile))
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(certFile, later, later); err != nil {
		t.Fatal(err)
	}
	if after := served(); after.Cmp(before) == 0 {
		t.Fatal("the certificate renewed on disk is not served")
	}
}
