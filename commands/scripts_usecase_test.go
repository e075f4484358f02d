package commands_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/commands"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// The use cases of the session layer, through the command table in a
// session of the shared browser (internal/browsertest), on the pages of
// testdata/pages: healing, stale refs, dialogs, frames, assertions. Each
// test plays script lines as 'ariadne run' does (the command line's own
// tests are the scripts of e2e/testdata/scripts), and checks what happened
// on the page and in the results.

// runOptions are the browser options of 'ariadne run --action-timeout 3s
// --timeout 15s'.
var runOptions = browser.Options{
	Viewport:        refs.Viewport{Width: 1280, Height: 720},
	NavTimeout:      15 * time.Second,
	ActionTimeout:   3 * time.Second,
	TestIDAttribute: "data-testid",
	Dialogs:         "dismiss",
	TextContainers:  true,
}

// result is one script line's result as 'ariadne run' prints it, read
// back from JSON: the command's fields, "ok", and "error" ({code,
// message}).
type result map[string]any

func (r result) ok() bool { v, _ := r["ok"].(bool); return v }

func (r result) code() string {
	e, _ := r["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r result) message() string {
	e, _ := r["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// newSession opens a session for t in the shared browser, with run's
// options.
func newSession(t *testing.T) session.Session {
	t.Helper()
	return session.Session{Browser: browsertest.New(t, runOptions)}
}

// recording starts recording s into a new file, which closes when t ends.
func recording(t *testing.T, s *session.Session) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "rec.jsonl")
	rec, err := session.Start(context.Background(), s.Browser, file, session.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	s.Recorder = rec
	return file
}

// play runs script (with {{URL}} replaced by base) in s, one command a
// line, as 'ariadne run' does: blank lines and # comments skipped, $NAME
// the ref find NAME stored. It returns each command line's result.
func play(t *testing.T, s session.Session, base, script string) []result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	vars := map[string]string{}
	var out []result
	for _, line := range strings.Split(strings.ReplaceAll(script, "{{URL}}", base), "\n") {
		ws, err := commands.SplitWords(line)
		if err == nil && len(ws) == 0 {
			continue
		}
		var words []string
		if err == nil {
			words, err = commands.ExpandWords(ws, vars)
		}
		var res commands.Result
		if err != nil {
			err = refs.Errorf(refs.CodeBadArgument, "%v", err)
		} else {
			res, err = runWords(ctx, s, vars, words)
		}
		if res == nil {
			res = commands.Result{}
		}
		res["cmd"], res["ok"] = line, err == nil
		if err != nil {
			res["error"] = map[string]string{"code": string(refs.CodeOf(err)), "message": refs.MessageOf(err)}
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatalf("%s: the result does not encode: %v", line, err)
		}
		var r result
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// runWords runs one line's words through the command table.
func runWords(ctx context.Context, s session.Session, vars map[string]string, words []string) (commands.Result, error) {
	cmd := commands.Lookup(words[0])
	if cmd == nil {
		return nil, refs.Errorf(refs.CodeBadArgument, "unknown command %q", words[0])
	}
	call, err := cmd.Parse(words[1:])
	if err != nil {
		return nil, err
	}
	for _, i := range cmd.RefArgs(call) {
		if w := call.Args[i]; strings.HasPrefix(w, "$") {
			v, ok := vars[w[1:]]
			if !ok {
				return nil, refs.Errorf(refs.CodeBadArgument, "%s is not set", w)
			}
			call.Args[i] = v
		}
	}
	call.Session, call.Vars = s, vars
	return cmd.Run(ctx, call)
}

// expect checks each result against want: "ok" or an error code.
func expect(t *testing.T, res []result, want ...string) {
	t.Helper()
	if len(res) != len(want) {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("got %d results, want %d", len(res), len(want))
	}
	for i, r := range res {
		got := "ok"
		if !r.ok() {
			got = r.code()
		}
		if got != want[i] {
			t.Errorf("line %d %q: got %s (%s), want %s", i+1, r["cmd"], got, r.message(), want[i])
		}
	}
}

// TestHealsReRenderedButton: a click through a ref whose element the page
// re-rendered heals the ref and reports it; a snapshot after keeps the
// healed ref.
func TestHealsReRenderedButton(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/rerender.html
find b button "Like B"
find again button Re-render
click $again
wait text "Rendered: 2"
click $b
wait text "Likes: A=0 B=1 C=0"
snapshot --json
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if res[5]["healed"] != true {
		t.Errorf("click after a re-render should report healed: %v", res[5])
	}
	// The tree, not its text: states such as [active] come and go.
	ref := res[1]["ref"].(string)
	if got := treeRef(res[7]["tree"], "button", "Like B"); got != ref {
		t.Errorf("a re-snapshot should keep the healed ref %s, has %q:\n%s", ref, got, res[7]["text"])
	}
}

// treeRef returns the ref of the first node with role and name in a
// snapshot's JSON tree (snapshot --json), "" if there is none.
func treeRef(tree any, role, name string) string {
	var walk func(n map[string]any) string
	walk = func(n map[string]any) string {
		if n["role"] == role && n["name"] == name {
			ref, _ := n["ref"].(string)
			return ref
		}
		kids, _ := n["children"].([]any)
		for _, k := range kids {
			if c, ok := k.(map[string]any); ok {
				if ref := walk(c); ref != "" {
					return ref
				}
			}
		}
		return ""
	}
	t, _ := tree.(map[string]any)
	root, _ := t["root"].(map[string]any)
	if root == nil {
		return ""
	}
	return walk(root)
}

// TestRecordReportsHealed: a click on a re-rendered button reports healed
// also when recording, where the recorder's reading of the element's
// locators is what heals the ref; the recording holds the click on Like B.
func TestRecordReportsHealed(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	s := newSession(t)
	file := recording(t, &s)
	res := play(t, s, srv.URL, `
open {{URL}}/rerender.html
find b button "Like B"
find again button Re-render
click $again
wait text "Rendered: 2"
click $b
wait text "Likes: A=0 B=1 C=0"
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if res[5]["healed"] != true {
		t.Errorf("a recorded click after a re-render should report healed: %v", res[5])
	}
	rec, _, err := recordings.Load(file)
	if err != nil || len(rec.Steps) != 3 || rec.Steps[2].Kind != recordings.Click || rec.Steps[2].Target.Name != "Like B" {
		t.Fatalf("recorded: %+v %v", rec, err)
	}
}

// TestStaleRefAfterNavigation: following a link invalidates the page's
// refs (stale_ref, saying what to do); pushState and a hash change keep
// them; a reload makes them stale too; a ref that never was is
// unknown_ref, naming the refs there are.
func TestStaleRefAfterNavigation(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/navigate.html
find push button "Push state"
find hash button "Change hash"
find next link "Next page"
click $push
click $hash
click $push
click $next
click $push
open {{URL}}/navigate.html
find push2 button "Push state"
reload
click $push2
click e99999
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "stale_ref", "ok", "ok", "ok", "stale_ref", "unknown_ref")
	if res[7]["navigated"] != true || res[7]["refsInvalidated"] != true {
		t.Errorf("following a link should report a navigation: %v", res[7])
	}
	if res[4]["navigated"] != false || !strings.Contains(res[4]["url"].(string), "pushed=1") {
		t.Errorf("pushState is a same-document navigation that keeps refs: %v", res[4])
	}
	if !strings.Contains(res[8].message(), "take a new snapshot") {
		t.Errorf("stale_ref should say what to do: %s", res[8].message())
	}
	if !strings.Contains(res[13].message(), "e1-e") {
		t.Errorf("unknown_ref should name the refs that exist: %s", res[13].message())
	}
}

// TestDialogs: an alert nobody answers is handled by the default policy
// and says so; dialog accept answers the next one (a confirm, a prompt
// with its text); a confirm unanswered is dismissed.
func TestDialogs(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/dialogs.html
find alert button Alert
click $alert
wait text "alert: done"
dialog accept
find confirm button Confirm
click $confirm
wait text "confirm: true"
click $confirm
wait text "confirm: false"
dialog accept Ada
find prompt button Prompt
click $prompt
wait text "prompt: Ada"
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	d := res[12]["dialogs"].([]any)[0].(map[string]any)
	if d["type"] != "prompt" || d["promptText"] != "Ada" || d["by"] != "script" {
		t.Errorf("prompt dialog reported as %v", d)
	}
	d = res[2]["dialogs"].([]any)[0].(map[string]any)
	if !strings.Contains(d["by"].(string), "default policy") {
		t.Errorf("an unanswered alert is handled by the default policy and says so: %v", d)
	}
}

// TestBeforeUnload: unanswered, a leave dialog is dismissed by the
// default policy and the page stays, which the open reports
// (navigation_failed, saying why); answered beforehand, it lets the
// navigation go on, and the open reports it.
func TestBeforeUnload(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/beforeunload.html
find draft textbox Draft
type $draft hello
open {{URL}}/form.html
`)
	expect(t, res, "ok", "ok", "ok", "navigation_failed")
	if !strings.Contains(res[3].message(), "beforeunload") {
		t.Errorf("a refused leave should say why: %s", res[3].message())
	}
	res = play(t, newSession(t), srv.URL, `
open {{URL}}/beforeunload.html
find draft textbox Draft
type $draft hello
dialog accept
open {{URL}}/form.html
find email textbox Email
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok")
	if d, _ := res[4]["dialogs"].([]any); len(d) != 1 || d[0].(map[string]any)["type"] != "beforeunload" {
		t.Errorf("the accepted beforeunload dialog should be reported: %v", res[4])
	}
}

// TestFramesSameAndCrossOrigin: fields and buttons in a same-origin and in
// a cross-origin frame are found, filled and clicked; the frame's status
// shows in the snapshot after.
func TestFramesSameAndCrossOrigin(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	other := browsertest.Pages(t) // a second origin
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/iframe.html
find card textbox "Card number"
fill $card 4242424242424242
find pay button Pay
click $pay
snapshot
open {{URL}}/iframe-cross.html?src=`+other.URL+`/frame-inner.html
find card2 textbox "Card number"
fill $card2 5555
find pay2 button Pay
click $pay2
snapshot
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if !strings.Contains(res[5]["text"].(string), "Paid: 4242424242424242") {
		t.Errorf("same-origin frame: status not updated:\n%s", res[5]["text"])
	}
	if !strings.Contains(res[11]["text"].(string), "Paid: 5555") {
		t.Errorf("cross-origin frame: status not updated:\n%s", res[11]["text"])
	}
}

// TestAssert: assertions that hold, that fail (assertion_failed, saying
// what was expected and found), and that are misused (bad_argument);
// assert snapshot takes the element's ARIA snapshot; assert value REF ""
// asserts an empty value.
func TestAssert(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	res := play(t, newSession(t), srv.URL, `
open {{URL}}/form.html
find sso button "Sign in with SSO"
assert enabled $sso --not
assert enabled $sso
assert title Form
assert title Nope --timeout 200ms
assert visible
assert frobnicate $sso
assert snapshot $sso
find email textbox Email
assert value $email "" --timeout 200ms
fill $email ada@example.com
assert value $email "" --timeout 200ms
press $email Ctrl+a
`)
	expect(t, res, "ok", "ok", "ok", "assertion_failed", "ok", "assertion_failed", "bad_argument", "bad_argument", "ok",
		"ok", "ok", "ok", "assertion_failed", "ok")
	if !strings.Contains(res[12].message(), `expected value "", got "ada@example.com"`) {
		t.Errorf("assert value REF \"\" should assert an empty value: %s", res[12].message())
	}
	if got := res[8]["expected"]; got != `- button "Sign in with SSO" [disabled]` {
		t.Errorf("assert snapshot took %q", got)
	}
	if !strings.Contains(res[5].message(), `expected title "Nope", got "Form"`) {
		t.Errorf("message: %s", res[5].message())
	}
}
