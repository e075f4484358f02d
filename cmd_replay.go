package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

const replaySummary = `Replay a recording (from the explorer, 'ariadne run --record' or
'ariadne import') in a browser, headless unless --headful, and print each
step as it runs: [3/12] with what it does and how long it took.

Each step's element is found by its chosen locator; when that no longer
matches exactly one element, by the step's fallback locators in order, and
the step says which one worked ("healed by label"). Assertions are retried
until they hold or --action-timeout passes. Secrets are read from the
environment variables the recording names (ARIADNE_SECRET_...).

On failure the replay stops, prints the step and the reason (with the same
error codes as 'ariadne run'), saves a screenshot and the ARIA snapshot of
the page beside the recording (for signin.jsonl: signin.failure.png and
signin.failure.aria.txt) and exits with status 1. --timeout bounds each
page load, --action-timeout each step's wait for its element.`

func runReplay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "replay", "replay [flags] FILE", replaySummary)
	slowMo := fs.Int("slow-mo", 0, "pause `MS` milliseconds before each step (to watch with --headful)")
	bf := addBrowserFlags(fs)
	fs.Lookup("action-timeout").Usage = "how long each step waits for its element to be ready, and each assertion to hold"
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("replay takes one recording file (see 'ariadne replay --help')")
	}
	if *slowMo < 0 {
		return usagef("--slow-mo %d: want milliseconds, 0 or more", *slowMo)
	}
	file := pos[0]
	rec, err := loadRecording(e, file)
	if err != nil {
		return err
	}
	opts, err := bf.options()
	if err != nil {
		return err
	}
	if rec.TestIDAttr != "" && opts.TestIDAttribute == refs.DefaultTestIDAttr {
		opts.TestIDAttribute = rec.TestIDAttr
	}
	if rec.Viewport != nil && !flagSet(fs, "viewport") {
		opts.Viewport = refs.Viewport{Width: rec.Viewport.Width, Height: rec.Viewport.Height}
	}
	b, err := browser.Launch(ctx, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	d, err := session.NewReplayer(ctx, b)
	if err != nil {
		return err
	}
	where := "headless"
	switch {
	case opts.Remote != "":
		where = "at " + opts.Remote
	case opts.Headful:
		where = "headful"
	}
	fmt.Fprintf(e.stdout, "replaying %s: %d steps in Chromium (%s)\n", file, len(rec.Steps), where)
	res, err := d.Replay(ctx, rec, recordings.ReplayOptions{
		Timeout:  opts.ActionTimeout,
		SlowMo:   time.Duration(*slowMo) * time.Millisecond,
		Lookup:   os.LookupEnv,
		Progress: func(r recordings.StepReport) { printProgress(e.stdout, r) },
	})
	var se *recordings.StepError
	switch {
	case err == nil:
		msg := fmt.Sprintf("passed: %d steps in %s", len(res.Steps), round(res.Duration))
		if res.Healed > 0 {
			msg += fmt.Sprintf(", %d healed by fallback locators (record those steps again, or the page's %s changed for good)", res.Healed, plural(res.Healed, "locator", "locators"))
		}
		fmt.Fprintln(e.stdout, msg)
		return nil
	case errors.As(err, &se):
		fmt.Fprintf(e.stderr, "ariadne: replay failed at step %d of %d: %s\n", se.Report.N, se.Report.Total, recordings.Summary(se.Report.Step))
		if se.Report.Line > 0 {
			fmt.Fprintf(e.stderr, "  (step %d of %s)\n", se.Report.Line, file)
		}
		fmt.Fprintf(e.stderr, "  %s\n", reason(se.Report.Err))
		for _, l := range d.SaveFailure(ctx, file, se.Report.Step.Tab) {
			fmt.Fprintf(e.stderr, "  %s\n", l)
		}
		return errSilent
	default:
		return fmt.Errorf("replay %s: %w", file, err)
	}
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// printProgress prints one step as it starts and ends:
// "[3/12] click getByRole(...)  210ms  healed by label".
func printProgress(w io.Writer, r recordings.StepReport) {
	if !r.Done {
		return
	}
	line := fmt.Sprintf("[%d/%d] %s", r.N, r.Total, recordings.Summary(r.Step))
	if r.Dialog != nil {
		verb := "dismissing"
		if r.Dialog.Accept {
			verb = "accepting"
		}
		line += " (" + verb + " its " + r.Dialog.Type + " dialog)"
	}
	line += "  " + round(r.Duration).String()
	if r.Healed {
		line += "  healed by " + r.HealedBy() + ": " + r.Used.Code(refs.JavaScript)
	}
	if r.Err != nil {
		line += "  FAILED"
	}
	fmt.Fprintln(w, line)
}

// reason says why a step failed: its code and message.
func reason(err error) string {
	code := refs.CodeOf(err)
	switch {
	case code != "":
		return string(code) + ": " + refs.MessageOf(err)
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case errors.Is(err, context.DeadlineExceeded):
		return string(refs.CodeTimeout) + ": " + err.Error()
	}
	return string(refs.CodeInternal) + ": " + err.Error()
}

func round(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(10 * time.Millisecond)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
