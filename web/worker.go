package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// buildWorker bundles the service worker (src/worker/sw.ts) as one
// classic script, with the release it belongs to written in: a new
// release is a new worker, which keeps the new shell in a cache of its
// own and drops the old one.
func buildWorker(b *Bundle) ([]byte, error) {
	h := sha256.New()
	for _, part := range [][]byte{b.JS, b.CSS, b.HTML} {
		h.Write(part)
	}
	version := hex.EncodeToString(h.Sum(nil)[:8])
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{"src/worker/sw.ts"},
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Write:             false,
		Target:            api.ES2020,
		Format:            api.FormatIIFE,
		Outdir:            "out",
		Define:            map[string]string{"VERSION": strconv.Quote(version)},
		Plugins:           []api.Plugin{embeddedPlugin("")},
		LogLevel:          api.LogLevelSilent,
		Charset:           api.CharsetUTF8,
		Loader:            map[string]api.Loader{".ts": api.LoaderTS},
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, errors.New("web: bundling the service worker:\n" + strings.Join(msgs, ""))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, errors.New("web: bundling produced no service worker")
}
