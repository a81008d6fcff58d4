package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// envPrefix begins the environment variable of each flag of parlor serve.
const envPrefix = "PARLOR_"

// envName is the environment variable that sets a flag: -trust-proxy is
// PARLOR_TRUST_PROXY.
func envName(flagName string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// parseWithEnv sets each of fs's flags from its environment variable,
// when set, and then parses args, so that a flag on the command line wins
// over the environment. A container or a systemd unit configures the
// server with the environment alone.
func parseWithEnv(fs *flag.FlagSet, args []string) error {
	var err error
	fs.VisitAll(func(fl *flag.Flag) {
		v, ok := os.LookupEnv(envName(fl.Name))
		if !ok || err != nil {
			return
		}
		if serr := fl.Value.Set(v); serr != nil {
			err = fmt.Errorf("%s=%q: %w", envName(fl.Name), v, serr)
		}
	})
	if err != nil {
		return err
	}
	return fs.Parse(args)
}
