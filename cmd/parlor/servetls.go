package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// tlsFlags are parlor serve's settings for serving HTTPS itself, without
// a proxy in front: certificates from an ACME authority (Let's Encrypt by
// default) for -tls-domain, or the operator's own files.
type tlsFlags struct {
	domains  []string
	certFile string
	keyFile  string
	// httpAddr serves plain HTTP: a redirect to HTTPS, and the ACME
	// authority's HTTP-01 challenges. "" serves none.
	httpAddr string
	acmeDir  string
	email    string
	// acmeCA is a PEM file of roots to trust for the ACME authority's own
	// HTTPS, for a private authority; "" trusts the system's roots.
	acmeCA string
}

// defineTLSFlags adds the TLS flags to fs; read them after parsing with
// the returned function.
func defineTLSFlags(fs *flag.FlagSet) func() (tlsFlags, error) {
	var t tlsFlags
	domains := fs.String("tls-domain", "", "serve HTTPS on -addr (then usually :443) with certificates for these comma-separated host names, obtained and renewed by ACME (Let's Encrypt unless -acme-dir) and kept in the data directory; plain HTTP on -http-addr is sent to HTTPS")
	fs.StringVar(&t.certFile, "tls-cert", "", "serve HTTPS on -addr with this certificate file (PEM, the chain after the certificate); needs -tls-key; read again when it changes, so a renewal needs no restart")
	fs.StringVar(&t.keyFile, "tls-key", "", "the private key file (PEM) of -tls-cert")
	fs.StringVar(&t.httpAddr, "http-addr", ":80", "with HTTPS, the address of plain HTTP, which redirects to HTTPS and answers the ACME authority's HTTP-01 challenges; \"\" serves no plain HTTP")
	fs.StringVar(&t.acmeDir, "acme-dir", acme.LetsEncryptURL, "with -tls-domain, the directory URL of the ACME authority (Let's Encrypt's staging one while trying things out)")
	fs.StringVar(&t.email, "acme-email", "", "with -tls-domain, the address the ACME authority may write to about the certificates (expiry, revocation)")
	fs.StringVar(&t.acmeCA, "acme-ca", "", "with -tls-domain, a PEM file of the root certificates of a private ACME authority's own HTTPS (the system's roots are trusted otherwise)")
	return func() (tlsFlags, error) {
		for _, d := range strings.Split(*domains, ",") {
			if d = strings.TrimSpace(d); d != "" {
				t.domains = append(t.domains, d)
			}
		}
		switch {
		case len(t.domains) > 0 && t.certFile != "":
			return t, errors.New("-tls-domain obtains certificates and -tls-cert names one: give one or the other")
		case (t.certFile == "") != (t.keyFile == ""):
			return t, errors.New("-tls-cert and -tls-key go together")
		}
		return t, nil
	}
}

// on reports whether the server serves HTTPS itself.
func (t tlsFlags) on() bool { return len(t.domains) > 0 || t.certFile != "" }

// config is the TLS configuration of the HTTPS listener and, with ACME,
// the handler of plain HTTP's challenges. HTTP/2 is not offered: the
// WebSockets need HTTP/1.1's upgrade.
func (t tlsFlags) config(dataDir string) (*tls.Config, func(http.Handler) http.Handler, error) {
	if t.certFile != "" {
		kp := &keyPair{cert: t.certFile, key: t.keyFile}
		if _, err := kp.get(nil); err != nil {
			return nil, nil, err
		}
		cfg := &tls.Config{GetCertificate: kp.get, NextProtos: []string{"http/1.1"}, MinVersion: tls.VersionTLS12}
		return cfg, func(h http.Handler) http.Handler { return h }, nil
	}
	client := &acme.Client{DirectoryURL: t.acmeDir}
	if t.acmeCA != "" {
		pem, err := os.ReadFile(t.acmeCA)
		if err != nil {
			return nil, nil, fmt.Errorf("-acme-ca: %w", err)
		}
		roots := x509.NewCertPool()
		if !roots.AppendCertsFromPEM(pem) {
			return nil, nil, fmt.Errorf("-acme-ca %s: no PEM certificate in it", t.acmeCA)
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: roots}
		client.HTTPClient = &http.Client{Transport: tr, Timeout: time.Minute}
	}
	m := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		HostPolicy: autocert.HostWhitelist(t.domains...),
		Cache:      autocert.DirCache(filepath.Join(dataDir, "certs")),
		Email:      t.email,
		Client:     client,
	}
	cfg := &tls.Config{GetCertificate: m.GetCertificate, NextProtos: []string{"http/1.1", acme.ALPNProto}, MinVersion: tls.VersionTLS12}
	return cfg, m.HTTPHandler, nil
}

// keyPair reads a certificate and key from files, again whenever the
// certificate file's modification time changes.
type keyPair struct {
	cert, key string
	mu        sync.Mutex
	mod       time.Time
	loaded    *tls.Certificate
}

func (k *keyPair) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	fi, err := os.Stat(k.cert)
	if err != nil {
		if k.loaded != nil {
			return k.loaded, nil
		}
		return nil, fmt.Errorf("-tls-cert: %w", err)
	}
	if k.loaded != nil && fi.ModTime().Equal(k.mod) {
		return k.loaded, nil
	}
	c, err := tls.LoadX509KeyPair(k.cert, k.key)
	if err != nil {
		if k.loaded != nil {
			// A renewal half written: keep serving the previous pair.
			return k.loaded, nil
		}
		return nil, fmt.Errorf("-tls-cert/-tls-key: %w", err)
	}
	k.loaded, k.mod = &c, fi.ModTime()
	return k.loaded, nil
}

// redirectToHTTPS sends a plain HTTP request to the same place over
// HTTPS on the port of httpsAddr.
func redirectToHTTPS(httpsAddr net.Addr) http.Handler {
	_, port, _ := net.SplitHostPort(httpsAddr.String())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			host = h
		}
		if port != "443" {
			host = net.JoinHostPort(host, port)
		}
		code := http.StatusMovedPermanently
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// Keep the method and body.
			code = http.StatusPermanentRedirect
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), code)
	})
}

// serveTLS serves hs over TLS on ln, plain HTTP's redirect (and ACME's
// challenges) on -http-addr, and the same handler in plain HTTP on a
// loopback port for the server's own clients. It returns that plain
// listener and the redirect's address (nil without one). Errors of
// serving go to errc.
func serveTLS(f serveFlags, hs *http.Server, ln net.Listener, errc chan<- error) (plain net.Listener, redirectAt net.Addr, _ error) {
	cfg, challenges, err := f.tls.config(f.data)
	if err != nil {
		return nil, nil, err
	}
	hs.TLSConfig = cfg
	go func() { errc <- hs.Serve(tls.NewListener(ln, cfg)) }()
	if f.tls.httpAddr != "" {
		hl, err := net.Listen("tcp", f.tls.httpAddr)
		if err != nil {
			return nil, nil, fmt.Errorf("-http-addr: %w", err)
		}
		redirect := &http.Server{Handler: challenges(redirectToHTTPS(ln.Addr())), ReadHeaderTimeout: 10 * time.Second}
		go func() { errc <- redirect.Serve(hl) }()
		hs.RegisterOnShutdown(func() { redirect.Close() })
		redirectAt = hl.Addr()
	}
	pl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	own := &http.Server{Handler: hs.Handler, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = own.Serve(pl) }()
	hs.RegisterOnShutdown(func() { own.Close() })
	return pl, redirectAt, nil
}
