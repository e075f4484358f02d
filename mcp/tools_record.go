package mcp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

type recordStartArgs struct {
	Filename string `json:"filename" jsonschema:"The recording file to create (JSON Lines, e.g. signin.jsonl); it must not exist. Relative names go to the server's --output-dir"`
	Secrets  bool   `json:"secrets,omitempty" jsonschema:"Store what is typed into password fields as plain text instead of an ARIADNE_SECRET_ variable"`
}

type recordAssertArgs struct {
	Kind     string `json:"kind" jsonschema:"What to check: visible, hidden, enabled, checked, text, contains-text, value, count (of target), url, title (of the page), aria-snapshot (of target or the page)"`
	Target   string `json:"target,omitempty" jsonschema:"The element (e12), for visible, hidden, enabled, checked, text, contains-text, value, count and aria-snapshot"`
	Expected string `json:"expected,omitempty" jsonschema:"The expected text, value, URL, title or count (a number: how many elements like target); empty takes what the page shows now"`
	Not      bool   `json:"not,omitempty" jsonschema:"Negate the assertion"`
}

type recordExportArgs struct {
	Format    string `json:"format" jsonschema:"The format to export to"`
	Filename  string `json:"filename,omitempty" jsonschema:"Where to write; default: beside the recording, with the format's extension"`
	Recording string `json:"recording,omitempty" jsonschema:"The recording file; default: the one recorded last"`
}

type replayArgs struct {
	Filename string `json:"filename" jsonschema:"The recording file to replay in this browser, from its first step"`
}

// recState is the server's recording: the recorder while it runs, and the
// file recorded last (the default of export and replay).
type recState struct {
	rec  *session.Recorder
	last string
}

func recordTools() []Tool {
	var formats []string
	for _, f := range recordings.Formats() {
		formats = append(formats, f.Name)
	}
	kinds := []string{"visible", "enabled", "checked", "text", "value", "url", "title", "aria-snapshot"}
	return []Tool{
		def("browser_record_start", "Start recording", "Ariadne: record every navigation, action, dialog answer and assertion from now on into a recording file (saved step by step), for browser_replay and browser_record_export", 0, nil,
			func(ctx context.Context, s *Server, in recordStartArgs) (*answer, error) {
				if err := need("filename", in.Filename); err != nil {
					return nil, err
				}
				if s.rec.rec != nil {
					return nil, refs.Errorf(refs.CodeBadArgument, "already recording to %s; stop it with browser_record_stop first", s.rec.rec.Path())
				}
				r, err := session.Start(ctx, s.sess, s.path(in.Filename), session.RecordOptions{Secrets: in.Secrets})
				if err != nil {
					return nil, err
				}
				s.rec.rec, s.rec.last = r, r.Path()
				return &answer{result: []string{"recording to " + r.Path()}}, nil
			}),
		def("browser_record_stop", "Stop recording", "Ariadne: stop recording and close the file", 0, nil,
			func(_ context.Context, s *Server, _ noArgs) (*answer, error) {
				r := s.rec.rec
				if r == nil {
					return nil, refs.Errorf(refs.CodeBadArgument, "not recording; start with browser_record_start")
				}
				st := r.State()
				s.rec.rec = nil
				if err := r.Close(); err != nil {
					return nil, refs.Wrap(refs.CodeInternal, err, "closing %s", st.Path)
				}
				a := &answer{}
				a.say("recorded %s to %s", counted(len(st.Steps), "step", "steps"), st.Path)
				for i, step := range st.Steps {
					a.say("%d. %s", i+1, refs.EscapeHidden(recordings.Summary(step)))
				}
				return a, nil
			}),
		def("browser_record_assert", "Assert", "Ariadne: check the page now (retrying until the action timeout, as Playwright's expect does) and, when recording, add the assertion as a step", readOnly,
			map[string][]string{"kind": kinds},
			func(ctx context.Context, s *Server, in recordAssertArgs) (*answer, error) {
				res, err := s.session().Assert(ctx, session.Expect{Ref: in.Target, Assertion: recordings.Assertion{Kind: recordings.AssertKind(in.Kind), Expected: in.Expected, Not: in.Not}})
				if err != nil {
					return nil, err
				}
				a := &answer{}
				a.say("holds: %s %s", res.Assertion.Kind, refs.EscapeHidden(quoteExpected(res.Assertion)))
				s.saySteps(a, res.Steps)
				return a, nil
			}),
		def("browser_record_export", "Export a recording", "Ariadne: export a recording as a Playwright Test spec, a Playwright for Python test, a Chrome DevTools Recorder file or a chromedp program", 0,
			map[string][]string{"format": formats}, exportTool),
		def("browser_replay", "Replay a recording", "Ariadne: replay a recording in this browser, healing each step's locator by its fallbacks; stops at the first failing step", 0, nil, replayTool),
	}
}

func quoteExpected(a recordings.Assertion) string {
	if a.Expected == "" {
		return ""
	}
	not := ""
	if a.Not {
		not = "not "
	}
	return fmt.Sprintf("%s%q", not, clip(a.Expected, 200))
}

// saySteps reports what an action recorded.
func (s *Server) saySteps(a *answer, steps []recordings.Step) {
	s.noteRecorded(&session.Outcome{Steps: steps})
	s.sayRecorded(a)
}

func (s *Server) recording(name string) (string, error) {
	if name != "" {
		return s.path(name), nil
	}
	if s.rec.last == "" {
		return "", refs.Errorf(refs.CodeBadArgument, "which recording? pass its file, or record one with browser_record_start first")
	}
	return s.rec.last, nil
}

func loadRecording(path string) (*recordings.Recording, []string, error) {
	rec, problems, err := recordings.Load(path)
	if err != nil {
		return nil, nil, refs.Wrap(refs.CodeBadArgument, err, "cannot read the recording %s", path)
	}
	var notes []string
	for _, p := range problems {
		notes = append(notes, "skipped "+refs.EscapeHidden(p.Error()))
	}
	return rec, notes, nil
}

func exportTool(_ context.Context, s *Server, in recordExportArgs) (*answer, error) {
	path, err := s.recording(in.Recording)
	if err != nil {
		return nil, err
	}
	if s.rec.rec != nil && s.rec.rec.Path() == path {
		return nil, refs.Errorf(refs.CodeBadArgument, "%s is still being recorded; stop with browser_record_stop first", path)
	}
	rec, notes, err := loadRecording(path)
	if err != nil {
		return nil, err
	}
	var ext string
	for _, f := range recordings.Formats() {
		if f.Name == in.Format {
			ext = f.Ext
		}
	}
	if ext == "" {
		return nil, refs.Errorf(refs.CodeBadArgument, "format %q: want playwright-test, playwright-python, devtools-recorder or chromedp", in.Format)
	}
	out := in.Filename
	if out == "" {
		out = strings.TrimSuffix(path, filepath.Ext(path)) + ext
	} else {
		out = s.path(out)
	}
	var b strings.Builder
	if err := recordings.Export(in.Format, rec, &b); err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot export %s", path)
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot write %s", out)
	}
	a := &answer{events: notes}
	a.say("exported %s of %s as %s to %s", counted(len(rec.Steps), "step", "steps"), path, in.Format, out)
	return a, nil
}

func replayTool(ctx context.Context, s *Server, in replayArgs) (*answer, error) {
	path, err := s.recording(in.Filename)
	if err != nil {
		return nil, err
	}
	if s.rec.rec != nil {
		return nil, refs.Errorf(refs.CodeBadArgument, "stop recording (browser_record_stop) before replaying")
	}
	r, err := session.LoadReplay(path)
	if err != nil {
		return nil, err
	}
	a := &answer{}
	for _, p := range r.Skipped {
		a.events = append(a.events, "skipped "+p.Error())
	}
	err = r.Run(ctx, s.sess, session.FileOptions{SaveFailure: true,
		Replay: recordings.ReplayOptions{Timeout: s.sess.Options().ActionTimeout, Lookup: s.lookup()}})
	if r.Failed != nil && len(r.Saved) > 0 {
		// The saved screenshot and snapshot are where the agent looks next.
		return nil, refs.Errorf(codeOr(err), "%s; %s", refs.MessageOf(err), strings.Join(append(a.events, r.Saved...), "; "))
	}
	if err != nil {
		return nil, err
	}
	res := r.Result
	a.say("passed: %s in %s, %d healed by fallback locators", counted(len(res.Steps), "step", "steps"), res.Duration.Round(1e6), res.Healed)
	for _, r := range res.Steps {
		if r.Healed {
			a.say("step %d healed by %s: %s", r.N, r.HealedBy(), refs.EscapeHidden(r.Used.Code(refs.JavaScript)))
		}
	}
	return a, s.after(ctx, a, nil, true)
}

// counted is n with the noun that fits it: "1 step", "3 steps".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// lookup is where a replay reads its secrets: Options.Lookup, or the
// environment.
func (s *Server) lookup() func(string) (string, bool) {
	if s.opts.Lookup != nil {
		return s.opts.Lookup
	}
	return os.LookupEnv
}
