package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
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

func runReplay(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "replay", "replay [flags] FILE|DIR...", replaySummary)
	update := fs.Bool("update", false, "after a passing replay, rewrite the recording with each healed step's locator promoted (the old one kept as a fallback)")
	slowMo := fs.Int("slow-mo", 0, "pause `MS` milliseconds before each step (to watch with --headful)")
	workers := fs.Int("workers", 1, "replay `N` recordings at once, each in a browser of its own (or a tab of the --remote browser)")
	junit := fs.String("junit", "", "write the results as JUnit XML to `FILE`")
	bf := addBrowserFlags(fs, true)
	fs.Lookup("action-timeout").Usage = "how long each step waits for its element to be ready, and each assertion to hold"
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("replay takes recording files or directories of them (see 'ariadne replay --help')")
	}
	if *slowMo < 0 {
		return usagef("--slow-mo %d: want milliseconds, 0 or more", *slowMo)
	}
	if *workers < 1 {
		return usagef("--workers %d: want 1 or more", *workers)
	}
	files, err := recordingFiles(pos)
	if err != nil {
		return err
	}
	opts, err := bf.options()
	if err != nil {
		return err
	}
	opts.OwnTab = true // each replay (and worker) in a tab of its own of a --remote browser
	cfg := replayConfig{opts: opts, viewportSet: flagSet(fs, "viewport"), slowMo: time.Duration(*slowMo) * time.Millisecond, update: *update, demos: &demoServers{}}
	defer cfg.demos.close()
	if len(files) == 1 && *junit == "" && len(pos) == 1 && pos[0] == files[0] {
		out := replayOne(ctx, e, e.Stdout, e.Stderr, files[0], cfg)
		if errors.Is(out.err, recordings.ErrSecretUnset) {
			// Refused before the first step for what the command line's
			// environment lacks: a bad command line, exit 2.
			return &usageError{refs.MessageOf(out.err)}
		}
		if out.err != nil && out.failed == "" {
			return out.err
		}
		if out.err != nil {
			return errSilent
		}
		return nil
	}
	return runSuite(ctx, e, files, cfg, *workers, *junit)
}

// replayConfig is what every replay of a run shares.
type replayConfig struct {
	opts        browser.Options
	viewportSet bool // --viewport given: it wins over the recording's
	slowMo      time.Duration
	update      bool
	demos       *demoServers // the demo served again for recordings made on it
}

// replayed is how one recording's replay went.
type replayed struct {
	file     string
	steps    int // steps the replay counts
	ran      int // steps that ran (the failed one included)
	healed   int
	duration time.Duration
	err      error  // nil when it passed
	failed   string // the failed step, "" when it did not get that far
}

// replayOne replays file, printing its steps to stdout and a failure to
// stderr.
func replayOne(ctx context.Context, e *Env, stdout, stderr io.Writer, file string, cfg replayConfig) (out replayed) {
	out.file = file
	start := time.Now()
	// out is the named result, so that this sets the duration of what
	// is returned, whichever return returns it.
	defer func() { out.duration = time.Since(start) }()
	r, err := session.LoadReplay(file)
	if err != nil {
		out.err = err
		return out
	}
	for _, p := range r.Skipped {
		fmt.Fprintf(stderr, "ariadne: %s: %s (skipped; the other steps are kept)\n", refs.EscapeHidden(file), refs.EscapeHidden(p.Error()))
	}
	rec := r.Rec
	if rec.Demo && cfg.demos != nil {
		cfg.demos.serve(ctx, rec.StartURL)
	}
	out.steps = recordings.StepCount(rec)
	opts := r.BrowserOptions(cfg.opts, cfg.viewportSet)
	b, err := e.launch(ctx, opts)
	if err != nil {
		out.err = err
		return out
	}
	defer b.Close()
	where := "headless"
	switch {
	case opts.Remote != "":
		where = "at " + opts.Remote
	case opts.Headful:
		where = "headful"
	}
	fmt.Fprintf(stdout, "replaying %s: %s in Chromium (%s)\n", refs.EscapeHidden(file), counted(out.steps, "step", "steps"), refs.EscapeHidden(where))
	err = r.Run(ctx, b, session.FileOptions{SaveFailure: true, Replay: recordings.ReplayOptions{
		Timeout:  opts.ActionTimeout,
		SlowMo:   cfg.slowMo,
		Lookup:   e.lookupEnv,
		Progress: func(r recordings.StepReport) { printProgress(stdout, r) },
	}})
	res := r.Result
	if res != nil {
		out.ran, out.healed = len(res.Steps), res.Healed
	}
	switch se := r.Failed; {
	case err == nil:
		msg := fmt.Sprintf("passed: %s in %s", counted(len(res.Steps), "step", "steps"), round(res.Duration))
		if res.Healed > 0 {
			msg += fmt.Sprintf(", %d healed by %s (replay with --update to promote the %s that healed)", res.Healed, plural(res.Healed, "a fallback locator", "fallback locators"), plural(res.Healed, "locator", "locators"))
		}
		fmt.Fprintln(stdout, msg)
		printHeals(stdout, res)
		if cfg.update {
			out.err = updateRecording(stdout, file, rec, res)
		}
	case se != nil:
		out.failed = fmt.Sprintf("step %d of %d: %s", se.N, se.Total, recordings.Summary(se.Step))
		out.err = se.Err
		fmt.Fprintf(stderr, "ariadne: replay failed at %s\n", refs.EscapeHidden(out.failed))
		if se.Line > 0 {
			fmt.Fprintf(stderr, "  (step %d of %s)\n", se.Line, refs.EscapeHidden(file))
		}
		fmt.Fprintf(stderr, "  %s\n", reason(se.Err))
		for _, l := range r.Saved {
			fmt.Fprintf(stderr, "  %s\n", refs.EscapeHidden(l))
		}
	default:
		out.err = err
	}
	return out
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
	if n := r.Note(); n != "" {
		line += "  " + n
	}
	if r.Err != nil {
		line += "  FAILED"
	}
	fmt.Fprintln(w, line)
}

// reason says why a step failed: its code and message.
func reason(err error) string { return refs.EscapeHidden(cutMessage(reasonOf(err))) }

// cutMessage shortens an error message that quotes a very long text (a
// URL of megabytes) to its first 500 characters.
func cutMessage(s string) string {
	const most = 500
	if len(s) <= most {
		return s
	}
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	return fmt.Sprintf("%s… (%d more characters)", string(r[:most]), len(r)-most)
}

func reasonOf(err error) string {
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

// counted is n with the noun that fits it: "1 step", "3 steps".
func counted(n int, one, many string) string { return fmt.Sprintf("%d %s", n, plural(n, one, many)) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// printHeals lists the healed steps under a replay's summary.
func printHeals(w io.Writer, res *recordings.Result) {
	for _, r := range res.Heals() {
		fmt.Fprintf(w, "  healed step %d (line %d of the recording): %s -> %s\n", r.N, r.Line+1,
			r.Step.Target.Locator.Code(refs.JavaScript), r.Used.Code(refs.JavaScript))
	}
}

// updateRecording rewrites file with the healed locators promoted.
func updateRecording(w io.Writer, file string, rec *recordings.Recording, res *recordings.Result) error {
	out, n := recordings.Promote(rec, res)
	if n == 0 {
		fmt.Fprintf(w, "%s: nothing healed, left as it is\n", file)
		return nil
	}
	if err := recordings.Save(file, out); err != nil {
		return err
	}
	fmt.Fprintf(w, "updated %s: %d %s now use the locator that healed them\n", file, n, plural(n, "step", "steps"))
	return nil
}
