package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
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
	bf := addBrowserFlags(fs, true)
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
	d, err := newBrowserDriver(b)
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
	res, err := recordings.Replay(ctx, d, rec, recordings.ReplayOptions{
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
		d.failureArtifacts(ctx, e.stderr, file, se.Report.Step.Tab)
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
		return string(code) + ": " + errMessage(err)
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

// failureBase is where a failed replay's artifacts go: beside the
// recording, named after it.
func failureBase(file string) string {
	ext := filepath.Ext(file)
	return strings.TrimSuffix(file, ext)
}

// browserDriver is recordings.Driver on a browser session. It maps the
// recording's tab numbers to the session's tabs.
type browserDriver struct {
	b    *browser.Browser
	tabs map[int]string // recording tab -> target id
}

func newBrowserDriver(b *browser.Browser) (*browserDriver, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	return &browserDriver{b: b, tabs: map[int]string{0: t.ID()}}, nil
}

// index returns the session's 1-based index of the recording's tab.
func (d *browserDriver) index(ctx context.Context, tab int) (int, error) {
	id, ok := d.tabs[tab]
	if !ok {
		return 0, refs.Errorf(refs.CodeNoTab, "tab %d of the recording was never opened (no step before opened it)", tab)
	}
	tabs, err := d.b.Tabs(ctx)
	if err != nil {
		return 0, err
	}
	for _, t := range tabs {
		if t.ID == id {
			return t.Index, nil
		}
	}
	return 0, refs.Errorf(refs.CodeNoTab, "tab %d of the recording is closed", tab)
}

// use makes the recording's tab current, for the commands without a ref.
func (d *browserDriver) use(ctx context.Context, tab int) error {
	i, err := d.index(ctx, tab)
	if err != nil {
		return err
	}
	return d.b.SwitchTab(i)
}

func (d *browserDriver) Find(ctx context.Context, tab int, locs []refs.Locator) ([][]string, error) {
	i, err := d.index(ctx, tab)
	if err != nil {
		return nil, err
	}
	return d.b.FindEach(ctx, i, locs)
}

func (d *browserDriver) tabIDs(ctx context.Context) map[string]bool {
	ids := map[string]bool{}
	if tabs, err := d.b.Tabs(ctx); err == nil {
		for _, t := range tabs {
			ids[t.ID] = true
		}
	}
	return ids
}

func (d *browserDriver) Do(ctx context.Context, s recordings.Step, el, to, text string) error {
	if err := d.use(ctx, s.Tab); err != nil {
		return err
	}
	var before map[string]bool
	if s.OpensTab != 0 {
		before = d.tabIDs(ctx)
	}
	o := browser.ActionOptions{Button: s.Button, Modifiers: s.Modifiers, Count: s.ClickCount}
	var err error
	switch s.Kind {
	case recordings.Navigate:
		_, err = d.b.Open(ctx, s.URL)
	case recordings.Click:
		_, err = d.b.Click(ctx, el, o)
	case recordings.DblClick:
		o.Count = 2
		_, err = d.b.Click(ctx, el, o)
	case recordings.Fill:
		_, err = d.b.Fill(ctx, el, text, o)
	case recordings.Type:
		if el != "" {
			_, err = d.b.Type(ctx, el, text, o)
			break
		}
		for _, r := range text {
			if _, err = d.b.Press(ctx, "", keyName(string(r)), o); err != nil {
				break
			}
		}
	case recordings.Press:
		_, err = d.b.Press(ctx, el, keyName(s.Key), o)
	case recordings.Select:
		_, err = d.b.Select(ctx, el, s.Values, o)
	case recordings.Check, recordings.Uncheck:
		_, err = d.b.SetChecked(ctx, el, s.Kind == recordings.Check, o)
	case recordings.Hover:
		_, err = d.b.Hover(ctx, el, o)
	case recordings.Upload:
		_, err = d.b.Upload(ctx, el, s.Files, o)
	case recordings.Drag:
		_, err = d.b.Drag(ctx, el, to, o)
	case recordings.Scroll:
		if el != "" {
			if _, err = d.b.Hover(ctx, el, o); err != nil {
				break
			}
		}
		_, err = d.b.ScrollBy(ctx, s.DX, s.DY)
	case recordings.Close:
		var i int
		if i, err = d.index(ctx, s.Tab); err == nil {
			err = d.b.CloseTab(ctx, i)
		}
	default:
		err = refs.Errorf(refs.CodeBadArgument, "a %s step cannot be replayed", s.Kind)
	}
	if err != nil || s.OpensTab == 0 {
		return err
	}
	return d.waitTab(ctx, s.OpensTab, before)
}

// keyName spells a recorded key the way Press reads it.
func keyName(k string) string {
	if k == " " {
		return "Space"
	}
	return k
}

// waitTab waits for the tab a step opened and numbers it n.
func (d *browserDriver) waitTab(ctx context.Context, n int, before map[string]bool) error {
	deadline := time.Now().Add(d.b.Options().ActionTimeout)
	for {
		if tabs, err := d.b.Tabs(ctx); err == nil {
			for _, t := range tabs {
				if !before[t.ID] {
					d.tabs[n] = t.ID
					return nil
				}
			}
		}
		if time.Now().After(deadline) {
			return refs.Errorf(refs.CodeNoTab, "the step should have opened tab %d, and no new tab opened (is a popup blocker in the way?)", n)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (d *browserDriver) ArmDialog(ctx context.Context, tab int, a recordings.DialogAnswer) error {
	if err := d.use(ctx, tab); err != nil {
		return err
	}
	_, err := d.b.ArmDialog(ctx, a.Accept, a.PromptText)
	return err
}

func (d *browserDriver) State(ctx context.Context, el string) (recordings.ElementState, error) {
	st, err := d.b.State(ctx, el)
	if err != nil {
		return recordings.ElementState{}, err
	}
	return recordings.ElementState{Text: st.Text, Value: st.Value, Checked: st.Checked, Enabled: st.Enabled, Visible: st.Visible}, nil
}

func (d *browserDriver) Page(ctx context.Context, tab int) (string, string, error) {
	id, ok := d.tabs[tab]
	if !ok {
		return "", "", refs.Errorf(refs.CodeNoTab, "tab %d of the recording was never opened", tab)
	}
	tabs, err := d.b.Tabs(ctx)
	if err != nil {
		return "", "", err
	}
	for _, t := range tabs {
		if t.ID == id {
			return t.URL, t.Title, nil
		}
	}
	return "", "", refs.Errorf(refs.CodeNoTab, "tab %d of the recording is closed", tab)
}

func (d *browserDriver) Aria(ctx context.Context, tab int, el string) (string, error) {
	if err := d.use(ctx, tab); err != nil {
		return "", err
	}
	snap, err := d.b.Snapshot(ctx)
	if err != nil {
		return "", err
	}
	return ariaText(snap.Root, el)
}

// ariaText is the ARIA snapshot, without refs, of the node with ref el
// (the node included) or of the whole page for "".
func ariaText(root *refs.Node, el string) (string, error) {
	if el == "" {
		return refs.Text(root, refs.TextOptions{NoRefs: true}), nil
	}
	n := root.Find(el)
	if n == nil {
		return "", refs.Errorf(refs.CodeStaleRef, "ref %s is not in the page's snapshot any more", el)
	}
	return refs.Text(&refs.Node{Role: "document", Children: []*refs.Node{n}}, refs.TextOptions{NoRefs: true}), nil
}

// failureArtifacts saves a screenshot and the ARIA snapshot of the page a
// failed step was in, beside the recording, and says where.
func (d *browserDriver) failureArtifacts(ctx context.Context, w io.Writer, file string, tab int) {
	if !d.b.Alive() {
		fmt.Fprintln(w, "  (the browser is gone: no screenshot or snapshot saved)")
		return
	}
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	d.use(actx, tab) // best effort: else the current tab
	base := failureBase(file)
	if png, err := d.b.Screenshot(actx, ""); err != nil {
		fmt.Fprintf(w, "  screenshot: not saved: %v\n", err)
	} else if err := os.WriteFile(base+".failure.png", png, 0o644); err != nil {
		fmt.Fprintf(w, "  screenshot: not saved: %v\n", err)
	} else {
		fmt.Fprintf(w, "  screenshot: %s\n", base+".failure.png")
	}
	snap, err := d.b.Snapshot(actx)
	if err != nil {
		fmt.Fprintf(w, "  ARIA snapshot: not saved: %v\n", err)
		return
	}
	text := fmt.Sprintf("# %s\n# %s\n", snap.URL, snap.Title) + refs.Text(snap.Root, refs.TextOptions{NoRefs: true})
	if err := os.WriteFile(base+".failure.aria.txt", []byte(text), 0o644); err != nil {
		fmt.Fprintf(w, "  ARIA snapshot: not saved: %v\n", err)
		return
	}
	fmt.Fprintf(w, "  ARIA snapshot: %s\n", base+".failure.aria.txt")
}
