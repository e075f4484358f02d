package commands

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// Command is one script command.
type Command struct {
	Name    string
	Aliases []string
	// Usage is the command line as the help and the manual (docs/scripting.md) print it.
	Usage string
	// Summary says what it does, in one line.
	Summary string
	// Forms are the positional arguments it accepts, one list per form;
	// Parse takes the first form the words fit.
	Forms []Form
	// Flags are the command's own --flags.
	Flags []Flag
	// Action marks commands that act on the page: they also take the
	// common flags --timeout D and --snapshot.
	Action bool
	// Run runs the command.
	Run func(ctx context.Context, c *Call) (Result, error)
}

// Form is one shape of a command's positional arguments.
type Form []Arg

// Arg is one positional argument.
type Arg struct {
	Name string // as the usage spells it: REF, TEXT, URL
	// Ref marks an argument that is a ref (e5, @e5, [e5], ref=e5).
	Ref bool
	// Word, when set, is the literal the argument must be ("accept").
	Word string
	// Rest marks the last argument as taking every remaining word (one or
	// more): VALUE..., FILE...
	Rest bool
}

// Flag is a --flag of a command.
type Flag struct {
	Name string
	// Value names the flag's value ("N", "D"); "" for a boolean flag.
	Value string
	Usage string
}

// commonFlags are the flags every action takes.
var commonFlags = []Flag{
	{Name: "timeout", Value: "D", Usage: "how long the action may wait for its element (a duration like 5s)"},
	{Name: "snapshot", Usage: "add the snapshot of the page after the action to the result"},
}

// Result is a command's result fields, a JSON object.
type Result = map[string]any

// Call is one command to run: its session and its parsed arguments.
type Call struct {
	Command *Command
	Session session.Session
	// Form is the index of the form the arguments matched.
	Form int
	Args []string
	// Flags holds the flags given: the value, or "true" for booleans.
	Flags   map[string]string
	Options browser.ActionOptions
	// Vars, when not nil, is where find stores the refs it finds ($NAME
	// in scripts).
	Vars map[string]string
	// Notices are messages for the user besides the result (a secret's
	// variable to set), for the front end to show.
	Notices []string
}

// RefArgs returns the positions of the call's arguments that are refs,
// as its form says.
func (c *Command) RefArgs(call *Call) []int {
	var out []int
	f := c.Forms[call.Form]
	for i := range call.Args {
		if j := min(i, len(f)-1); f[j].Ref {
			out = append(out, i)
		}
	}
	return out
}

func bad(format string, args ...any) error {
	return refs.Errorf(refs.CodeBadArgument, format, args...)
}

// Parse reads the words after the command's name: --flags (a valued
// flag takes the next word, or --flag=value), and positional arguments
// matched against Forms. "--" ends the flags.
func (c *Command) Parse(words []string) (*Call, error) {
	call := &Call{Command: c, Flags: map[string]string{}}
	flags := c.Flags
	if c.Action {
		flags = append(slices.Clone(flags), commonFlags...)
	}
	var pos []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			pos = append(pos, words[i+1:]...)
			break
		}
		if !strings.HasPrefix(w, "--") {
			pos = append(pos, w)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		k := slices.IndexFunc(flags, func(f Flag) bool { return f.Name == name })
		if k < 0 {
			return nil, bad("%s: unknown flag --%s; usage: %s", c.Name, name, c.Usage)
		}
		switch f := flags[k]; {
		case f.Value != "" && !hasVal:
			if i+1 >= len(words) {
				return nil, bad("%s: --%s needs a value", c.Name, name)
			}
			i++
			val = words[i]
		case f.Value == "" && hasVal:
			return nil, bad("%s: --%s takes no value", c.Name, name)
		case f.Value == "":
			val = "true"
		}
		call.Flags[name] = val
	}
	call.Form = -1
	for i, f := range c.Forms {
		if f.fits(pos) {
			call.Form = i
			break
		}
	}
	if call.Form < 0 {
		return nil, bad("usage: %s", c.Usage)
	}
	call.Args = pos
	if c.Action {
		o, err := actionOptions(call.Flags)
		if err != nil {
			return nil, err
		}
		call.Options = o
	}
	return call, nil
}

// fits reports whether the words fit the form.
func (f Form) fits(words []string) bool {
	rest := len(f) > 0 && f[len(f)-1].Rest
	if len(words) != len(f) && !(rest && len(words) > len(f)) {
		return false
	}
	for i, a := range f {
		if a.Word != "" && words[i] != a.Word {
			return false
		}
	}
	return true
}

// actionOptions reads the action flags.
func actionOptions(flags map[string]string) (browser.ActionOptions, error) {
	o := browser.ActionOptions{Button: flags["button"], Force: flags["force"] == "true", Snapshot: flags["snapshot"] == "true"}
	var err error
	if c := flags["count"]; c != "" {
		if o.Count, err = strconv.Atoi(c); err != nil || o.Count < 1 {
			return o, bad("--count %q: want a positive number", c)
		}
	}
	if m := flags["modifiers"]; m != "" {
		o.Modifiers = strings.Split(m, ",")
	}
	if d := flags["timeout"]; d != "" {
		if o.Timeout, err = time.ParseDuration(d); err != nil || o.Timeout <= 0 {
			return o, bad("--timeout %q: want a duration like 5s", d)
		}
	}
	return o, nil
}

// Lookup returns the command named name (or one of its aliases), or nil.
func Lookup(name string) *Command {
	for _, c := range All() {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

// Help is the command list of `ariadne run --help`.
func Help() string {
	var b strings.Builder
	var acts []string
	for _, c := range All() {
		fmt.Fprintf(&b, "  %s\n%s", c.Usage, wrap(strings.ReplaceAll(c.Summary, "`", ""), "      ", 76))
		if c.Action {
			acts = append(acts, c.Name)
		}
	}
	b.WriteString(wrap("Every action ("+strings.Join(acts, ", ")+") also takes --timeout D and --snapshot (add the new snapshot to the result).", "", 76))
	return b.String()
}

// wrap breaks s into lines of at most width columns, each indented.
func wrap(s, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(s) {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}
