package session

import (
	"context"
	"errors"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file is the replay of a recording file that every front end runs
// (ariadne replay, the explorer's :replay, MCP's browser_replay): load it,
// apply its test id attribute, replay it in a browser's current tab, and
// say how it went; each front end only formats the FileReplay.

// FileReplay is how the replay of one recording file went.
type FileReplay struct {
	File    string
	Rec     *recordings.Recording
	Skipped []recordings.LoadProblem // unreadable lines, skipped
	Result  *recordings.Result       // nil when the replay did not start
	// Failed is the step that failed, nil when none did.
	Failed *recordings.StepReport
	// Saved says where the failure's screenshot and ARIA snapshot went
	// (with FileOptions.SaveFailure).
	Saved []string
}

// FileOptions adjust ReplayFile.
type FileOptions struct {
	Replay recordings.ReplayOptions
	// SaveFailure saves a failed step's screenshot and ARIA snapshot
	// beside the file.
	SaveFailure bool
}

// LoadReplay reads the recording in file for a replay. Its getByTestId
// locators that name no attribute read the recording's test id attribute
// (a hand-written or edited step of a --test-id-attribute data-qa
// recording), so that a replay looks them up as they were recorded
// whatever attribute the browser was started with.
//
// A file over recordings.MaxReplaySize, or with a line over
// recordings.MaxLineSize, is refused (bad_argument, with the size and the
// limit) before any browser starts.
func LoadReplay(file string) (*FileReplay, error) {
	rec, problems, err := recordings.LoadLimited(file, recordings.MaxReplaySize)
	if refs.CodeOf(err) == refs.CodeBadArgument {
		// Over a limit: the message says which, and what to do.
		return nil, err
	}
	if err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot read the recording %s (give the path of a .jsonl recording)", file)
	}
	if attr := rec.TestIDAttr; attr != "" && attr != refs.DefaultTestIDAttr {
		for i := range rec.Steps {
			withTestIDAttr(&rec.Steps[i].Target, attr)
			withTestIDAttr(&rec.Steps[i].To, attr)
		}
	}
	return &FileReplay{File: file, Rec: rec, Skipped: problems}, nil
}

func withTestIDAttr(t *recordings.Target, attr string) {
	fix := func(l refs.Locator) refs.Locator {
		var parts []refs.Part
		for _, p := range l.Parts {
			if p.Kind == refs.KindTestID && p.Attr == "" {
				p.Attr = attr
			}
			parts = append(parts, p)
		}
		l.Parts = parts
		return l
	}
	t.Locator = fix(t.Locator)
	fbs := make([]refs.Locator, len(t.Fallbacks))
	for i, l := range t.Fallbacks {
		fbs[i] = fix(l)
	}
	t.Fallbacks = fbs
}

// BrowserOptions returns o for a browser launched to replay r: the
// recording's test id attribute unless o names another than the default,
// and its viewport and device (scale factor, mobile, touch, orientation)
// unless viewportSet (--viewport given).
func (r *FileReplay) BrowserOptions(o browser.Options, viewportSet bool) browser.Options {
	if r.Rec.TestIDAttr != "" && (o.TestIDAttribute == "" || o.TestIDAttribute == refs.DefaultTestIDAttr) {
		o.TestIDAttribute = r.Rec.TestIDAttr
	}
	if r.Rec.Viewport != nil && !viewportSet {
		vp := r.Rec.Viewport
		o.Viewport = refs.Viewport{Width: vp.Width, Height: vp.Height}
		o.Device = browser.Device{ScaleFactor: vp.DeviceScaleFactor, Mobile: vp.IsMobile, Touch: vp.HasTouch, Landscape: vp.IsLandscape}
	}
	return o
}

// Run replays r in b's current tab. A failed step's error keeps its code
// and says where the replay stopped ("replay f failed at step 3 of 7
// (click …): …"); r.Failed is that step.
func (r *FileReplay) Run(ctx context.Context, b Browser, o FileOptions) error {
	d, err := NewReplayer(ctx, b)
	if err != nil {
		return err
	}
	res, err := d.Replay(ctx, r.Rec, o.Replay)
	r.Result = res
	var se *recordings.StepError
	if errors.As(err, &se) {
		rep := se.Report
		r.Failed = &rep
		if o.SaveFailure {
			r.Saved = d.SaveFailure(ctx, r.File, rep.Step.Tab)
		}
		return refs.Wrap(codeOrInternal(rep.Err), rep.Err, "replay %s failed at step %d of %d (%s)", r.File, rep.N, rep.Total, refs.EscapeHidden(recordings.Summary(rep.Step)))
	}
	if err != nil {
		return refs.Wrap(codeOrInternal(err), err, "replay %s", r.File)
	}
	return nil
}

// ReplayFile loads file and replays it in b's current tab (LoadReplay,
// then Run); r is nil only when the file could not be read.
func ReplayFile(ctx context.Context, b Browser, file string, o FileOptions) (*FileReplay, error) {
	r, err := LoadReplay(file)
	if err != nil {
		return nil, err
	}
	return r, r.Run(ctx, b, o)
}

func codeOrInternal(err error) refs.Code {
	if c := refs.CodeOf(err); c != "" {
		return c
	}
	return refs.CodeInternal
}
