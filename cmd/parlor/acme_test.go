package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/letsencrypt/challtestsrv"
)

// freePort is a TCP port of the loopback free a moment ago, for the
// servers whose configuration must name each other's ports before they
// start.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// startPebble runs Let's Encrypt's test ACME authority, pebble (a tool of
// this module), with a DNS server that sends every name to the loopback:
// it validates a name by reaching tlsPort (TLS-ALPN-01) or httpPort
// (HTTP-01) there, as Let's Encrypt reaches a server on the internet. It
// returns the directory URL and the root its certificates chain to.
func startPebble(t *testing.T, ca *testCA, httpPort, tlsPort string) (dir string, issuer *x509.CertPool) {
	t.Helper()
	out, err := exec.Command("go", "tool", "-n", "pebble").Output()
	if err != nil {
		t.Fatalf("building pebble (go tool -n pebble): %v", err)
	}
	bin := strings.TrimSpace(string(out))

	dnsAddr := "127.0.0.1:" + freePort(t)
	dns, err := challtestsrv.New(challtestsrv.Config{DNSAddrs: []string{dnsAddr}, Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	dns.SetDefaultDNSIPv4("127.0.0.1")
	dns.SetDefaultDNSIPv6("")
	dns.Run()
	t.Cleanup(dns.Shutdown)

	work := t.TempDir()
	certFile, keyFile := ca.issue(t, work)
	acmePort, mgmtPort := freePort(t), freePort(t)
	config := fmt.Sprintf(`{"pebble":{"listenAddress":"127.0.0.1:%s","managementListenAddress":"127.0.0.1:%s",
		"certificate":%q,"privateKey":%q,"httpPort":%s,"tlsPort":%s,"ocspResponderURL":"",
		"externalAccountBindingRequired":false,"keyAlgorithm":"ecdsa"}}`,
		acmePort, mgmtPort, certFile, keyFile, httpPort, tlsPort)
	configFile := filepath.Join(work, "pebble.json")
	if err := os.WriteFile(configFile, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-config", configFile, "-dnsserver", dnsAddr)
	// No random sleeps before validating, no nonces refused at random:
	// the test is about Parlor's side of the flow.
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("pebble's log:\n%s", logs.String())
		}
	})
	hc := httpsClient(ca.pool, "")
	deadline := time.Now().Add(serveWait)
	for {
		res, err := hc.Get("https://127.0.0.1:" + mgmtPort + "/roots/0")
		if err == nil {
			pem, _ := io.ReadAll(res.Body)
			res.Body.Close()
			issuer = x509.NewCertPool()
			if res.StatusCode == http.StatusOK && issuer.AppendCertsFromPEM(pem) {
				return "https://127.0.0.1:" + acmePort + "/dir", issuer
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("pebble did not start: %v\n%s", err, logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// parlor serve -tls-domain gets its certificate from an ACME authority
// that checks the server answers for the name, then serves HTTPS with it,
// WebSockets included, and sends plain HTTP there.
func TestServeTLSByACME(t *testing.T) {
	const domain = "parlor.example.org"
	ca := newTestCA(t)
	httpsPort, httpPort := freePort(t), freePort(t)
	dir, issuer := startPebble(t, ca, httpPort, httpsPort)
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, ca.pem, 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTLSServe(t, nil, "-addr", "127.0.0.1:"+httpsPort, "-http-addr", "127.0.0.1:"+httpPort,
		"-tls-domain", domain, "-acme-dir", dir, "-acme-ca", caFile, "-acme-email", "ops@example.org")
	hc := httpsClient(issuer, domain)
	playOverHTTPS(t, s, hc)

	// The certificate is the authority's, for the name.
	conn, err := tls.Dial("tcp", "127.0.0.1:"+httpsPort, &tls.Config{ServerName: domain, RootCAs: issuer})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	leaf := conn.ConnectionState().PeerCertificates[0]
	if err := leaf.VerifyHostname(domain); err != nil {
		t.Fatalf("certificate served: %v", err)
	}
	// A name the server was not given gets no certificate.
	if c, err := tls.Dial("tcp", "127.0.0.1:"+httpsPort, &tls.Config{ServerName: "other.example.org", RootCAs: issuer}); err == nil {
		c.Close()
		t.Fatal("a handshake for a name not in -tls-domain succeeded")
	}
}
