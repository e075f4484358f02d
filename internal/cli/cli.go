// Package cli is Ariadne's command line: the commands, their flags and
// their JSON output. main calls Main; tests call it too, with an Env that
// hands them a browser. It sits at the top: nothing of ours imports it.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// exit codes
const (
	exitOK    = 0
	exitError = 1 // a page or browser error
	exitUsage = 2 // bad command line
)

// command is one subcommand of ariadne.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *Env, args []string) error
}

// Env is what a command may touch: its streams and the way it starts a
// browser. No globals: tests hand Main an Env of their own.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Launch starts a browser session; nil is browser.Launch. Tests give
	// one that opens a session in a browser they share.
	Launch func(ctx context.Context, opts browser.Options) (*browser.Browser, error)
	// LookupEnv reads the environment (a replay's secrets, the terminal
	// and display a copy goes to); nil is os.LookupEnv. Tests give their
	// own, so that they can run in parallel.
	LookupEnv func(key string) (string, bool)
}

// lookupEnv reads the environment with e.LookupEnv.
func (e *Env) lookupEnv(key string) (string, bool) {
	if e.LookupEnv == nil {
		return os.LookupEnv(key)
	}
	return e.LookupEnv(key)
}

// getenv is lookupEnv's value alone, as os.Getenv.
func (e *Env) getenv(key string) string {
	v, _ := e.lookupEnv(key)
	return v
}

// launch starts a browser session with e.Launch.
func (e *Env) launch(ctx context.Context, opts browser.Options) (*browser.Browser, error) {
	if e.Launch == nil {
		return browser.Launch(ctx, opts)
	}
	return e.Launch(ctx, opts)
}

func subcommands() []command {
	return []command{
		{"tui", "open the interactive explorer (the default; no URL opens the demo site)", runTUI},
		{"snapshot", "print the ARIA snapshot of a page and exit", runSnapshot},
		{"locators", "print durable Playwright locators for a page's refs", runLocators},
		{"run", "run a script of commands (open, click, fill, ...) and print JSON results", runScript},
		{"replay", "replay a recording headless", runReplay},
		{"export", "export a recording as a Playwright, DevTools Recorder or chromedp test", runExport},
		{"import", "import a Chrome DevTools Recorder recording", runImport},
		{"mcp", "serve the Model Context Protocol on stdio, for coding agents", runMCP},
		{"demo", "serve the built-in demo site and print its URL", runDemo},
		{"version", "print the version and the commit it was built from", runVersion},
		{"help", "show help for a command", runHelp},
	}
}

// Main runs the ariadne command line args (without the program's name)
// and returns the exit status: 0 done, 1 a page or browser error, 2 a bad
// command line.
func Main(ctx context.Context, e *Env, args []string) int {
	name := "tui"
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "-help":
			usage(e.Stdout)
			return exitOK
		case "--version", "-version":
			printVersion(e.Stdout)
			return exitOK
		}
		if findCommand(args[0]) != nil {
			name, args = args[0], args[1:]
		} else if err := mistypedCommand(args[0]); err != nil {
			return report(e.Stderr, err)
		}
	}
	cmd := findCommand(name)
	err := cmd.run(ctx, e, args)
	return report(e.Stderr, err)
}

func findCommand(name string) *command {
	for _, c := range subcommands() {
		if c.name == name {
			return &c
		}
	}
	return nil
}

// usageError marks a bad command line (exit status 2), reported with the
// code bad_argument.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// errSilent is returned by commands that already printed their failure.
var errSilent = errors.New("failed")

func report(w io.Writer, err error) int {
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(w, "ariadne: %s: %s\n", refs.CodeBadArgument, refs.EscapeHidden(ue.msg))
		return exitUsage
	case errors.Is(err, errSilent):
		return exitError
	}
	// An error can quote page text: escape what a terminal would act on.
	fmt.Fprintf(w, "ariadne: %s\n", refs.EscapeHidden(err.Error()))
	return exitError
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "ariadne explores and drives web pages from the terminal through their ARIA tree.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w, "  ariadne [flags] [URL]          open the explorer (no URL: the built-in demo site)")
	fmt.Fprintln(w, "  ariadne COMMAND [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range subcommands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'ariadne COMMAND --help' for a command's flags, 'ariadne --version' for the version.")
}

func runHelp(_ context.Context, e *Env, args []string) error {
	if len(args) == 0 {
		usage(e.Stdout)
		return nil
	}
	c := findCommand(args[0])
	if c == nil {
		return usagef("no command %q; run 'ariadne help'", args[0])
	}
	return c.run(context.Background(), e, []string{"--help"})
}
