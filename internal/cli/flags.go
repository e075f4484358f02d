package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
)

var errHelp = errors.New("help shown")

// newFlags returns a flag set for a command whose usage line is use. One-letter flags print as -o, the others as --name; a command with no flags prints no Flags: heading.
func newFlags(e *Env, name, use, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := e.Stdout
		fmt.Fprintf(w, "Usage: ariadne %s\n\n%s\n", use, summary)
		first := true
		fs.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprint(w, "\nFlags:\n")
				first = false
			}
			arg, help := flag.UnquoteUsage(f)
			if arg != "" {
				arg = " " + arg
			}
			def := ""
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
				def = fmt.Sprintf(" (default %s)", f.DefValue)
			}
			dash := "--"
			if len(f.Name) == 1 {
				dash = "-" // -o, as the usage lines write it
			}
			fmt.Fprintf(w, "  %s%s%s\n      %s%s\n", dash, f.Name, arg, help, def)
		})
	}
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// (ariadne snapshot URL --json), and returns the positional arguments.
// The usage is printed for --help only: a bad flag gets one line on
// stderr, not the whole help.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, errHelp
			}
			return nil, usagef("%s: %s (see 'ariadne %s --help')", fs.Name(), flagError(err), fs.Name())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagError rewords the flag package's errors with flags spelled as the
// help spells them (--name): "flag provided but not defined: -bogus"
// becomes "unknown flag --bogus".
func flagError(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag --" + strings.TrimPrefix(name, "-")
	}
	for _, p := range []string{"flag needs an argument: -", " for flag -"} {
		if i := strings.Index(msg, p); i >= 0 {
			return msg[:i+len(p)-1] + "--" + strings.TrimPrefix(msg[i+len(p):], "-")
		}
	}
	return msg
}

// browserFlags are the flags every command that opens a browser takes.
type browserFlags struct {
	chrome, remote, tab, viewport, testID, downloads, dialogs, log string
	headful                                                        bool
	timeout, actionTimeout                                         time.Duration
}

// addBrowserFlags adds the browser flags to fs; --dialogs only when
// withDialogs (the explorer lets the user answer every dialog).
func addBrowserFlags(fs *flag.FlagSet, withDialogs bool) *browserFlags {
	f := &browserFlags{dialogs: "dismiss"}
	fs.StringVar(&f.chrome, "chrome", "", "Chromium or Chrome `PATH` (default: $CHROME_PATH, then the usual names and paths)")
	fs.StringVar(&f.remote, "remote", "", "attach to a running browser at this DevTools `URL` (http://127.0.0.1:9222 or ws://...) instead of launching one")
	fs.StringVar(&f.tab, "tab", "", "with --remote, the browser's tab to show: `N` (1 is the most recently used, the default) or part of its URL")
	fs.BoolVar(&f.headful, "headful", false, "show the browser window")
	fs.StringVar(&f.viewport, "viewport", "1280x720", "viewport size `WxH`")
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "how long to wait for a page to load before snapshotting it as it is")
	fs.DurationVar(&f.actionTimeout, "action-timeout", 5*time.Second, "how long an action waits for its element to be ready")
	fs.StringVar(&f.testID, "testid-attribute", "data-testid", "`ATTRIBUTE` that getByTestId matches")
	fs.StringVar(&f.downloads, "downloads", "", "save downloads into this `DIR` (default: a temporary directory)")
	fs.StringVar(&f.log, "log", "", "append the browser's output and the driver's log to `FILE` (default: discarded)")
	if withDialogs {
		fs.StringVar(&f.dialogs, "dialogs", "dismiss", "what to do with JavaScript dialogs nobody answers: `accept|dismiss`")
	}
	return f
}

func (f *browserFlags) options() (browser.Options, error) {
	vp, err := browser.ParseViewport(f.viewport)
	if err != nil {
		return browser.Options{}, usagef("--viewport: %v", err)
	}
	d := strings.ToLower(f.dialogs)
	if d != "accept" && d != "dismiss" {
		return browser.Options{}, usagef("--dialogs: want accept or dismiss, not %q", f.dialogs)
	}
	return browser.Options{
		ChromePath:      f.chrome,
		Remote:          f.remote,
		Tab:             f.tab,
		Headful:         f.headful,
		Viewport:        vp,
		NavTimeout:      f.timeout,
		ActionTimeout:   f.actionTimeout,
		TestIDAttribute: f.testID,
		DownloadDir:     f.downloads,
		Dialogs:         d,
		LogFile:         f.log,
		TextContainers:  true,
	}, nil
}

func (f *browserFlags) launch(ctx context.Context, e *Env) (*browser.Browser, error) {
	opts, err := f.options()
	if err != nil {
		return nil, err
	}
	return e.launch(ctx, opts)
}
