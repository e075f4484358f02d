package recordings

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file replays a recording against a Driver, the little a replay
// needs of a browser, so that the engine itself stays pure and is tested
// with a fake. Each step's target is looked up by its chosen locator; when
// that does not match exactly one element, by its fallbacks in order (the
// step is then "healed"). Assertions are retried until they hold or the
// step's time is up, as Playwright's expect does.

// Driver is what Replay needs of a browser. Tabs are the recording's tab
// numbers: 0 is the tab the replay starts in, n the tab that the step with
// OpensTab n opened; the driver keeps the map from those to its own tabs.
// Elements are named by the ids Find returns.
type Driver interface {
	// Find returns, for each locator (frame parts first), the elements it
	// matches in tab, in Playwright's order, in the ARIA tree or not (a
	// replay acts on what the locator finds, as Playwright does). A driver
	// that cannot act on an element gives it the id "".
	// framePath, when not nil, is the frame to look in, by the index of
	// each frame among its parent's child frames from the main frame (a
	// DevTools Recorder step's "frame"); the locators' frame parts are
	// entered from there.
	Find(ctx context.Context, tab int, framePath []int, locs []refs.Locator) ([][]string, error)
	// FrameWithURL returns the frame index path of tab's child frame whose
	// URL is url; ok is false when tab has none.
	FrameWithURL(ctx context.Context, tab int, url string) (path []int, ok bool, err error)
	// Do performs step s in its tab, on the elements found for its Target
	// (el) and To (to), typing text (Text resolved). A step with OpensTab
	// makes the driver wait for that tab and number it.
	Do(ctx context.Context, s Step, el, to, text string) error
	// ArmDialog sets the answer to the next JavaScript dialog of tab.
	ArmDialog(ctx context.Context, tab int, d DialogAnswer) error
	// State reads what assertions check of element el.
	State(ctx context.Context, el string) (ElementState, error)
	// Page reads tab's URL and title.
	Page(ctx context.Context, tab int) (url, title string, err error)
	// Aria returns the ARIA snapshot text of el's subtree, el included,
	// without refs (refs.Text with NoRefs); el "" is the whole page.
	Aria(ctx context.Context, tab int, el string) (string, error)
	// Identify says who each of the elements els (ids from Find) of tab
	// is, so that a replay takes only the recorded element.
	Identify(ctx context.Context, tab int, els []string) ([]Seen, error)
}

// ElementState is what assertions read of an element, as Playwright's
// expect reads it.
type ElementState struct {
	Text    string  // the element's text, as toHaveText reads it
	Value   *string // an input's, textarea's or select's value; nil for others
	Checked *bool   // nil when the element is not checkable
	Enabled bool
	Visible bool
	// Password is set for a password field: an assertion's message never
	// quotes its Value.
	Password bool
}

// CodeAssertionFailed is the error code of an assertion that does not hold.
const CodeAssertionFailed refs.Code = "assertion_failed"

// ReplayOptions adjust a replay.
type ReplayOptions struct {
	// Timeout bounds how long a step waits for its element and an
	// assertion for its condition; 0 means 5 s.
	Timeout time.Duration
	// SlowMo is a pause before each step after the first.
	SlowMo time.Duration
	// Lookup reads the environment variable of a secret (os.LookupEnv).
	Lookup func(string) (string, bool)
	// Progress, when set, is called before each step (Done false) and
	// after it (Done true).
	Progress func(StepReport)
	// Poll is how soon a waiting step looks again the first time; 0 means
	// 100 ms. Later looks come less often (see pause).
	Poll time.Duration
}

// StepReport says how one step of a replay went.
type StepReport struct {
	N     int // 1-based position in the replay
	Total int
	// Line is the step's position among the recording's steps, from 1; 0
	// for the navigate to the start URL that a replay adds.
	Line     int
	Step     Step
	Dialog   *DialogAnswer // the dialog answer armed before the step
	Done     bool
	Duration time.Duration
	// Healed is set when the chosen locator no longer matched exactly one
	// element and a fallback did: Used is that fallback.
	Healed bool
	Used   refs.Locator
	Err    error
}

// Fragile reports whether the step's chosen locator picks its element
// by position.
func (r StepReport) Fragile() bool { return r.Step.Target.Fragile }

// HealedBy names the rung of the fallback that found the element:
// "label", "css", ...
func (r StepReport) HealedBy() string {
	if !r.Healed {
		return ""
	}
	if rung := refs.RungOf(r.Used); rung != "" {
		return string(rung)
	}
	if t := r.Used.Target(); t.Kind == refs.KindXPath {
		return "xpath"
	}
	return "fallback"
}

// Result is a whole replay.
type Result struct {
	Steps    []StepReport
	Healed   int
	Duration time.Duration
}

// Heals returns the reports of the steps that were healed.
func (r *Result) Heals() []StepReport {
	var out []StepReport
	for _, s := range r.Steps {
		if s.Healed {
			out = append(out, s)
		}
	}
	return out
}

// StepError is the error of a replay that failed: the step, and why.
type StepError struct {
	Report StepReport
}

func (e *StepError) Error() string {
	return fmt.Sprintf("step %d of %d (%s): %v", e.Report.N, e.Report.Total, Summary(e.Report.Step), e.Report.Err)
}

func (e *StepError) Unwrap() error { return e.Report.Err }

// Replay runs rec's steps against d, in order, and stops at the first
// that fails with a *StepError. The secrets the recording types are
// looked up before the first step: a missing one fails the replay at
// once, naming every variable to set.
func Replay(ctx context.Context, d Driver, rec *Recording, o ReplayOptions) (*Result, error) {
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 100 * time.Millisecond
	}
	if o.Lookup == nil {
		o.Lookup = func(string) (string, bool) { return "", false }
	}
	acts, err := plan(rec)
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "the recording cannot be replayed")
	}
	if err := checkSecrets(rec, o.Lookup); err != nil {
		return nil, err
	}
	r := &replayer{d: d, o: o, urls: tabURLs(acts), frames: map[int]frameTab{}}
	res := &Result{}
	start := time.Now()
	for i, a := range acts {
		if i > 0 && o.SlowMo > 0 {
			if err := sleepCtx(ctx, o.SlowMo); err != nil {
				return res, err
			}
		}
		rep := StepReport{N: i + 1, Total: len(acts), Line: a.N, Step: a.Step}
		if len(a.Dialogs) > 0 {
			rep.Dialog = &a.Dialogs[0]
		}
		if o.Progress != nil {
			o.Progress(rep)
		}
		t0 := time.Now()
		var f found
		f, rep.Err = r.run(ctx, a)
		rep.Healed, rep.Used = f.healed, f.used
		rep.Duration, rep.Done = time.Since(t0), true
		if rep.Healed {
			res.Healed++
		}
		res.Steps = append(res.Steps, rep)
		if o.Progress != nil {
			o.Progress(rep)
		}
		if rep.Err != nil {
			res.Duration = time.Since(start)
			return res, &StepError{Report: rep}
		}
	}
	res.Duration = time.Since(start)
	return res, nil
}

// timeout is how long step s may wait.
func (r *replayer) timeout(s Step) time.Duration {
	if s.Timeout > 0 {
		return time.Duration(s.Timeout) * time.Millisecond
	}
	return r.o.Timeout
}

// checkSecrets resolves every secret of rec, and names all that are unset.
func checkSecrets(rec *Recording, lookup func(string) (string, bool)) error {
	var missing []string
	for _, s := range rec.Steps {
		v := s.Text
		if s.Assert != nil && s.Assert.Secret != "" {
			v = s.Assert.ExpectedValue()
		}
		if !v.IsSecret() {
			continue
		}
		if _, err := v.Resolve(lookup); err != nil && !containsString(missing, v.Secret) {
			missing = append(missing, v.Secret)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return refs.Mark(refs.CodeBadArgument, ErrSecretUnset, "the recording types secrets read from the environment: set %s and replay again",
		strings.Join(missing, ", "))
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type replayer struct {
	d Driver
	o ReplayOptions
	// urls is the URL each tab after the first was recorded at; frames
	// the tabs the replay found to be frames (replay_targets.go).
	urls   map[int]string
	frames map[int]frameTab
}

// step runs one planned step and says how its element was found.
func (r *replayer) step(ctx context.Context, a action) (found, error) {
	s := a.Step
	if len(a.Dialogs) > 0 {
		if err := r.d.ArmDialog(ctx, s.Tab, a.Dialogs[0]); err != nil {
			return found{}, err
		}
	}
	text, err := s.Text.Resolve(r.o.Lookup)
	if err != nil {
		return found{}, refs.Wrap(refs.CodeBadArgument, err, "step %d", a.N)
	}
	if s.Kind == Assert {
		return r.assert(ctx, s)
	}
	deadline := time.Now().Add(r.timeout(s))
	for {
		var el, to string
		var f found
		if !s.Target.Locator.IsZero() {
			tf, ferr := r.locate(ctx, s, s.Target, deadline)
			if ferr != nil {
				return found{}, ferr
			}
			f, el = tf, tf.id
		}
		if s.Kind == Drag {
			df, ferr := r.locate(ctx, s, s.To, deadline)
			if ferr != nil {
				return f, fmt.Errorf("the drop target: %w", ferr)
			}
			to = df.id
			if df.healed && !f.healed {
				f.healed, f.used = true, df.used
			}
		}
		err = r.d.Do(ctx, s, el, to, text)
		if s.Kind == Fill && refs.CodeOf(err) == refs.CodeNotEditable {
			// A DevTools "change" of a <select> sets its value: select
			// that option (an error that is not not_a_select is the
			// select's own).
			sel := s
			sel.Kind, sel.Values = Select, []string{text}
			if serr := r.d.Do(ctx, sel, el, to, ""); refs.CodeOf(serr) != refs.CodeNotASelect {
				err = serr
			}
		}
		if s.Kind == Select && len(s.Values) == 1 && refs.CodeOf(err) == refs.CodeNotASelect {
			// An imported change of an ARIA combobox that is a text field.
			fill := s
			fill.Kind, fill.Values = Fill, nil
			if ferr := r.d.Do(ctx, fill, el, to, s.Values[0]); refs.CodeOf(ferr) != refs.CodeNotEditable {
				err = ferr
			}
		}
		// The element may have been re-rendered between the lookup and
		// the action: look it up again while there is time.
		if refs.CodeOf(err) == refs.CodeStaleRef && el != "" && time.Now().Before(deadline) && ctx.Err() == nil {
			continue
		}
		return f, err
	}
}

// assert checks an assertion step until it holds or the time is up.
func (r *replayer) assert(ctx context.Context, s Step) (f found, err error) {
	a := *s.Assert
	if a.Secret != "" {
		// Compare with the secret's value; Check says nothing of it.
		if a.Expected, err = a.ExpectedValue().Resolve(r.o.Lookup); err != nil {
			return f, refs.Wrap(refs.CodeBadArgument, err, "step %s", a.Kind)
		}
	}
	deadline := time.Now().Add(r.timeout(s))
	looks := 0
	var l *looker
	if !s.Target.Locator.IsZero() && a.Kind != AssertURL && a.Kind != AssertTitle && a.Kind != AssertCount {
		l = r.looker(s, s.Target)
	}
	// Hidden and not visible hold when the recorded element is not there.
	gone := (a.Kind == AssertVisible && a.Not) || (a.Kind == AssertHidden && !a.Not)
	for {
		// The look that starts at or after the deadline is the last one.
		final := !time.Now().Before(deadline)
		var obs Observed
		var lookErr error
		switch {
		case a.Kind == AssertCount:
			// A count is of the recorded locator itself: no fallback
			// stands in for it (each matches one element), so no healing.
			obs.Count, lookErr = r.count(ctx, s)
		case a.Kind == AssertURL || a.Kind == AssertTitle:
			obs.URL, obs.Title, lookErr = r.d.Page(ctx, s.Tab)
		case l == nil:
			obs.Aria, lookErr = r.d.Aria(ctx, s.Tab, "")
		default:
			l.final = final
			got, ok, ferr := l.look(ctx, false)
			switch {
			case ferr != nil:
				return found{}, ferr
			case !ok:
				lookErr = l.notFound()
				if gone && (l.none() || l.misses >= 2) {
					lookErr = nil // the recorded element is not there: not visible
				}
			case got.id == "":
				// Matched, but not in the ARIA tree: hidden.
				f, obs.Count = got, 1
				if a.Kind != AssertVisible && a.Kind != AssertHidden {
					lookErr = refs.Errorf(refs.CodeNotVisible, "%s matches an element that is not in the ARIA tree (hidden)", got.used.Within(s.Frame).Code(refs.JavaScript))
				}
			default:
				f, obs.Count = got, 1
				if a.Kind == AssertAriaSnapshot {
					obs.Aria, lookErr = r.d.Aria(ctx, s.Tab, got.id)
				} else {
					obs.State, lookErr = r.d.State(ctx, got.id)
				}
			}
		}
		if lookErr == nil {
			err = a.Check(obs)
		} else {
			err = lookErr
		}
		if err == nil {
			return f, nil
		}
		if lookErr != nil {
			// Keep looking while the element is missing or changing; stop
			// on anything else (the browser is gone, say).
			switch refs.CodeOf(lookErr) {
			case refs.CodeNotLocatable, refs.CodeStaleRef, refs.CodeNotVisible, refs.CodeFrameDetached:
			default:
				return f, lookErr
			}
		}
		if final {
			return f, err
		}
		if err := r.pause(ctx, &looks, deadline); err != nil {
			return f, err
		}
	}
}

// count is how many elements the locator of step s (a count assertion)
// matches now.
func (r *replayer) count(ctx context.Context, s Step) (int, error) {
	res, err := r.d.Find(ctx, s.Tab, s.indexPath(), []refs.Locator{s.Locator()})
	if err != nil {
		if c := refs.CodeOf(err); c == refs.CodeStaleRef || c == refs.CodeFrameDetached {
			return 0, refs.Wrap(c, err, "the page is changing")
		}
		return 0, err
	}
	if len(res) != 1 {
		return 0, refs.Errorf(refs.CodeInternal, "the driver found %d results for 1 locator", len(res))
	}
	return len(res[0]), nil
}

// pause waits before the next look of a step that waits until deadline:
// Poll after the first look, then 2.5, 5 and at most 10 times Poll (up to
// a second), as Playwright's expect polls (100, 250, 500, 1000 ms). What a
// step waits for usually comes soon, so the first looks come quickly; a
// long wait (a page that never gets there) then costs the page a look a
// second instead of ten. The last look is at the deadline. looks counts
// the looks so far.
func (r *replayer) pause(ctx context.Context, looks *int, deadline time.Time) error {
	steps := [...]float64{1, 2.5, 5, 10}
	d := time.Duration(steps[min(*looks, len(steps)-1)] * float64(r.o.Poll))
	d = min(d, max(r.o.Poll, time.Second), time.Until(deadline))
	*looks++
	return sleepCtx(ctx, max(d, 0))
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
