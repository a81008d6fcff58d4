package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// gameDefaults are the operator's defaults of games' options
// (server.Config.GameDefaults): the value a table takes for an option its
// creator does not set. They are set by -game-default GAME.OPTION=VALUE,
// which may be given again for more, and by the shorthand flags a game
// offers among its Extras (a defaultFlag), each of which sets one option.
type gameDefaults struct {
	reg *game.Registry
	// set holds, per game, each option's default as JSON.
	set map[string]map[string]json.RawMessage
}

// A defaultFlag is a game's shorthand for one of its options' defaults:
// `parlor serve -NAME VALUE` is `-game-default GAME.OPTION=VALUE`.
type defaultFlag interface {
	DefaultFlag() (name, option, usage string)
}

// register adds -game-default and every game's shorthand flags to fs.
func (d *gameDefaults) register(fs *flag.FlagSet) {
	fs.Func("game-default", "the default of a game's option for tables whose creator does not set it, as GAME.OPTION=VALUE (may be given again, for other options); `parlor serve -game-default help` lists the options", func(s string) error {
		if s == "help" {
			return errors.New("the options: " + strings.Join(d.options(), "; "))
		}
		name, value, ok := strings.Cut(s, "=")
		g, opt, dot := strings.Cut(name, ".")
		if !ok || !dot {
			return fmt.Errorf("%q is not GAME.OPTION=VALUE", s)
		}
		return d.put(g, opt, value)
	})
	for _, def := range d.reg.List() {
		for _, e := range def.Extras {
			f, ok := e.(defaultFlag)
			if !ok {
				continue
			}
			name, opt, usage := f.DefaultFlag()
			g := def.Name
			fs.Func(name, usage, func(value string) error { return d.put(g, opt, value) })
		}
	}
}

// put checks value against the option's kind and keeps it.
func (d *gameDefaults) put(g, opt, value string) error {
	def, err := d.reg.Lookup(g)
	if err != nil {
		return err
	}
	var spec *game.OptionSpec
	for i := range def.Options {
		if def.Options[i].Name == opt {
			spec = &def.Options[i]
		}
	}
	if spec == nil {
		return fmt.Errorf("%s has no option %q (its options: %s)", def.Title, opt, strings.Join(optionNames(def), ", "))
	}
	var raw json.RawMessage
	switch spec.Kind {
	case game.OptionInt:
		n, err := strconv.Atoi(value)
		if err != nil || n < spec.Min || (spec.Max > spec.Min && n > spec.Max) {
			return fmt.Errorf("%s's %s must be a whole number from %d to %d, not %q", def.Title, opt, spec.Min, spec.Max, value)
		}
		raw = json.RawMessage(strconv.Itoa(n))
	case game.OptionBool:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("%s's %s must be true or false, not %q", def.Title, opt, value)
		}
		raw = json.RawMessage(strconv.FormatBool(b))
	case game.OptionChoice:
		found := false
		for _, c := range spec.Choices {
			found = found || c == value
		}
		if !found {
			return fmt.Errorf("%s's %s must be %s, not %q", def.Title, opt, orList(spec.Choices), value)
		}
		raw, _ = json.Marshal(value)
	default:
		return fmt.Errorf("%s's %s cannot have an operator's default", def.Title, opt)
	}
	if d.set == nil {
		d.set = map[string]map[string]json.RawMessage{}
	}
	if d.set[g] == nil {
		d.set[g] = map[string]json.RawMessage{}
	}
	d.set[g][opt] = raw
	return nil
}

// config is the defaults as server.Config.GameDefaults takes them: per
// game, a JSON object of its options; nil when none is set.
func (d *gameDefaults) config() map[string]json.RawMessage {
	if len(d.set) == 0 {
		return nil
	}
	out := map[string]json.RawMessage{}
	for g, opts := range d.set {
		raw, _ := json.Marshal(opts)
		out[g] = raw
	}
	return out
}

// options lists every option an operator may give a default, as
// GAME.OPTION and its values.
func (d *gameDefaults) options() []string {
	var out []string
	for _, def := range d.reg.List() {
		for _, o := range def.Options {
			switch o.Kind {
			case game.OptionInt:
				out = append(out, fmt.Sprintf("%s.%s=%d..%d", def.Name, o.Name, o.Min, o.Max))
			case game.OptionBool:
				out = append(out, fmt.Sprintf("%s.%s=true|false", def.Name, o.Name))
			case game.OptionChoice:
				out = append(out, fmt.Sprintf("%s.%s=%s", def.Name, o.Name, strings.Join(o.Choices, "|")))
			}
		}
	}
	sort.Strings(out)
	return out
}

func optionNames(def *game.Definition) []string {
	var out []string
	for _, o := range def.Options {
		out = append(out, o.Name)
	}
	return out
}

// orList says choices as "a, b or c".
func orList(choices []string) string {
	if len(choices) < 2 {
		return strings.Join(choices, "")
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}
