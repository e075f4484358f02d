package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// Replayer is the replay driver: recordings.Driver on a browser session.
// recordings.Replay decides what each step needs (its locators, healing
// by fallbacks, assertion retries); the Replayer does it in the browser
// and maps the recording's tab numbers to the session's tabs.
type Replayer struct {
	b    Browser
	tabs map[int]string // recording tab -> the browser's tab id
}

// NewReplayer returns a driver whose tab 0 is b's current tab.
func NewReplayer(ctx context.Context, b Browser) (*Replayer, error) {
	id, _, _, _, err := currentTab(ctx, b)
	if err != nil {
		return nil, err
	}
	if id == "" {
		return nil, refs.Errorf(refs.CodeNoTab, "the browser has no tab to replay in")
	}
	return &Replayer{b: b, tabs: map[int]string{0: id}}, nil
}

// Replay runs rec with the driver (see recordings.Replay).
func (d *Replayer) Replay(ctx context.Context, rec *recordings.Recording, o recordings.ReplayOptions) (*recordings.Result, error) {
	return recordings.Replay(ctx, d, rec, o)
}

// index returns the session's 1-based index of the recording's tab.
func (d *Replayer) index(ctx context.Context, tab int) (int, error) {
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
func (d *Replayer) use(ctx context.Context, tab int) error {
	i, err := d.index(ctx, tab)
	if err != nil {
		return err
	}
	return d.b.SwitchTab(i)
}

// Find implements recordings.Driver.
func (d *Replayer) Find(ctx context.Context, tab int, framePath []int, locs []refs.Locator) ([][]string, error) {
	i, err := d.index(ctx, tab)
	if err != nil {
		return nil, err
	}
	return d.b.FindIn(ctx, i, framePath, locs)
}

// FrameWithURL implements recordings.Driver.
func (d *Replayer) FrameWithURL(ctx context.Context, tab int, url string) ([]int, bool, error) {
	i, err := d.index(ctx, tab)
	if err != nil {
		return nil, false, err
	}
	return d.b.FrameWithURL(ctx, i, url)
}

func (d *Replayer) tabIDs(ctx context.Context) map[string]bool {
	ids := map[string]bool{}
	if tabs, err := d.b.Tabs(ctx); err == nil {
		for _, t := range tabs {
			ids[t.ID] = true
		}
	}
	return ids
}

// Do implements recordings.Driver.
func (d *Replayer) Do(ctx context.Context, s recordings.Step, el, to, text string) error {
	if err := d.use(ctx, s.Tab); err != nil {
		return err
	}
	var before map[string]bool
	if s.OpensTab != 0 {
		before = d.tabIDs(ctx)
	}
	o := browser.ActionOptions{Button: s.Button, Modifiers: s.Modifiers, Count: s.ClickCount}
	// A secret typed, or a field recorded as a password: the field stays
	// a secret (its value never shown, in a failure's snapshot either),
	// whatever its type on the page replayed.
	o.Secret = s.Text.IsSecret() || s.Target.Password
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
		if so, ok := d.b.(scrollOver); ok && el != "" {
			// What a wheel over the element scrolls: it, or the page.
			_, err = so.ScrollOver(ctx, el, s.DX, s.DY)
			break
		}
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
func (d *Replayer) waitTab(ctx context.Context, n int, before map[string]bool) error {
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

// ArmDialog implements recordings.Driver.
func (d *Replayer) ArmDialog(ctx context.Context, tab int, a recordings.DialogAnswer) error {
	if err := d.use(ctx, tab); err != nil {
		return err
	}
	_, err := d.b.ArmDialog(ctx, a.Accept, a.PromptText)
	return err
}

// State implements recordings.Driver.
func (d *Replayer) State(ctx context.Context, el string) (recordings.ElementState, error) {
	st, err := d.b.State(ctx, el)
	if err != nil {
		return recordings.ElementState{}, err
	}
	return elementState(st), nil
}

// Page implements recordings.Driver.
func (d *Replayer) Page(ctx context.Context, tab int) (string, string, error) {
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

// Aria implements recordings.Driver.
func (d *Replayer) Aria(ctx context.Context, tab int, el string) (string, error) {
	if err := d.use(ctx, tab); err != nil {
		return "", err
	}
	snap, err := d.b.Snapshot(ctx)
	if err != nil {
		return "", err
	}
	return AriaText(snap.Root, el)
}

// FailureBase is where a failed replay's artifacts go: beside the
// recording, named after it (signin.jsonl: signin.failure.png and
// signin.failure.aria.txt).
func FailureBase(file string) string {
	return strings.TrimSuffix(file, filepath.Ext(file))
}

// SaveFailure saves a screenshot and the ARIA snapshot of the page the
// failed step was in (the recording's tab) beside the recording file, and
// returns one line per artifact saying where it went or why it was not
// saved.
func (d *Replayer) SaveFailure(ctx context.Context, file string, tab int) []string {
	if !d.b.Alive() {
		return []string{"(the browser is gone: no screenshot or snapshot saved)"}
	}
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	d.use(actx, tab) // best effort: else the current tab
	base := FailureBase(file)
	var out []string
	if png, err := d.b.Screenshot(actx, ""); err != nil {
		out = append(out, fmt.Sprintf("screenshot: not saved: %v", err))
	} else if err := os.WriteFile(base+".failure.png", png, 0o644); err != nil {
		out = append(out, fmt.Sprintf("screenshot: not saved: %v", err))
	} else {
		out = append(out, "screenshot: "+base+".failure.png")
	}
	snap, err := d.b.Snapshot(actx)
	if err != nil {
		return append(out, fmt.Sprintf("ARIA snapshot: not saved: %v", err))
	}
	text := "# " + oneLine(snap.URL) + "\n# " + oneLine(snap.Title) + "\n" + refs.Text(snap.Root, refs.TextOptions{NoRefs: true})
	if err := os.WriteFile(base+".failure.aria.txt", []byte(text), 0o644); err != nil {
		return append(out, fmt.Sprintf("ARIA snapshot: not saved: %v", err))
	}
	return append(out, "ARIA snapshot: "+base+".failure.aria.txt")
}

// identifier is the browser's reading of who elements are
// (browser.Identify).
type identifier interface {
	Identify(ctx context.Context, refList []string) ([]browser.Identity, error)
}

// Identify says who the elements els are, for recordings.Replay to take
// only the recorded element. A browser that cannot say (a test's fake)
// gives not_locatable: no heal is then taken on trust.
func (d *Replayer) Identify(ctx context.Context, _ int, els []string) ([]recordings.Seen, error) {
	ib, ok := d.b.(identifier)
	if !ok {
		return nil, refs.Errorf(refs.CodeNotLocatable, "this browser cannot say who an element is, so no fallback can be checked")
	}
	ids, err := ib.Identify(ctx, els)
	if err != nil {
		return nil, err
	}
	out := make([]recordings.Seen, len(ids))
	for i, id := range ids {
		out[i] = recordings.Seen{Identity: recordings.Identity{Role: id.Role, Name: id.Name, Within: id.Within}, Texts: id.Texts}
	}
	return out, nil
}

// scrollOver is the browser's scroll over an element (browser.ScrollOver).
type scrollOver interface {
	ScrollOver(ctx context.Context, ref string, dx, dy float64) (*browser.ActionResult, error)
}

// oneLine is page text for a comment line of the failure snapshot: every
// hidden character escaped, newline and tab too.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\t", `\t`).Replace(refs.EscapeHidden(s))
}
