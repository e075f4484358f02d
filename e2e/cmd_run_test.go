package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
)

// These end-to-end tests drive a real Chromium through 'ariadne run'
// scripts, against testdata/pages served on loopback, and check what
// happened on the page (status texts, values), not only "ok".

func needBrowser(t *testing.T) {
	t.Helper()
	if _, err := browser.FindChrome(""); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no browser: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
}

func pagesServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "testdata", "pages"))))
	t.Cleanup(srv.Close)
	return srv
}

// runResult is one line of 'ariadne run' output.
type runResult map[string]any

func (r runResult) ok() bool { v, _ := r["ok"].(bool); return v }

func (r runResult) code() string {
	e, _ := r["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r runResult) message() string {
	e, _ := r["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// runTestScript runs script (with {{URL}} replaced by base) through 'ariadne
// run' and returns its results and exit status.
func runTestScript(t *testing.T, base, script string, flags ...string) ([]runResult, int) {
	t.Helper()
	return runTestScriptOut(t, base, script, new(bytes.Buffer), flags...)
}

// runTestScriptOut is runTestScript that also leaves the raw output in out.
func runTestScriptOut(t *testing.T, base, script string, out *bytes.Buffer, flags ...string) ([]runResult, int) {
	t.Helper()
	needBrowser(t)
	script = strings.ReplaceAll(script, "{{URL}}", base)
	var errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(script), Stdout: out, Stderr: &errb, Launch: browsertest.Launch}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"run", "--action-timeout", "3s", "--timeout", "15s"}, flags...)
	code := cli.Main(ctx, e, args)
	var res []runResult
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if line == "" {
			continue
		}
		var r runResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		res = append(res, r)
	}
	if errb.Len() > 0 {
		t.Logf("stderr: %s", errb.String())
	}
	return res, code
}

// expect checks each result against want: "ok" or an error code.
func expect(t *testing.T, res []runResult, want ...string) {
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
			t.Errorf("line %v %q: got %s (%s), want %s", r["line"], r["cmd"], got, r.message(), want[i])
		}
	}
}

func TestRunSignInForm(t *testing.T) {
	srv := pagesServer(t)
	res, code := runTestScript(t, srv.URL, `
open {{URL}}/form.html
find email textbox Email
fill $email ada@example.com
find remember checkbox "Remember me"
check $remember
find country combobox Country
select $country France
find signin button "Sign in"
click $signin
wait text "Submitted: ada@example.com"
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if code != 0 {
		t.Errorf("exit status %d", code)
	}
	if v := res[2]["value"]; v != "ada@example.com" {
		t.Errorf("fill reported value %v", v)
	}
}

func TestRunDuplicatesSecondButton(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/duplicates.html
find second button "Add to cart" --nth 2
click $second
wait text "Added: Linen notebook"
`)
	expect(t, res, "ok", "ok", "ok", "ok")
}

func TestRunHealsReRenderedButton(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
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

func TestRunStaleRefAfterNavigation(t *testing.T) {
	srv := pagesServer(t)
	res, code := runTestScript(t, srv.URL, `
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
	if code != 1 {
		t.Errorf("a script with failures exits %d, want %d", code, 1)
	}
}

func TestRunClickIntercepted(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/overlay.html
find sub button Subscribe
click $sub --timeout 1s
click $sub --force
wait text Subscribed
`)
	expect(t, res, "ok", "ok", "click_intercepted", "ok", "ok")
	msg := res[2].message()
	if !strings.Contains(msg, `region "Cookie consent"`) || !strings.Contains(msg, "--force") {
		t.Errorf("click_intercepted should name the banner and the way out: %s", msg)
	}
}

func TestRunAcceptBannerThenClick(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/overlay.html
find accept button "Accept all"
click $accept
find sub button Subscribe
click $sub
wait text Subscribed
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok")
}

func TestRunShadowButton(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/shadow.html
find inc button Increment
click $inc
wait text "Incremented: 1"
find deep button "Deep button"
click $deep
wait text "Deep clicked"
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok")
}

func TestRunFramesSameAndCrossOrigin(t *testing.T) {
	srv := pagesServer(t)
	other := pagesServer(t) // a second origin
	res, _ := runTestScript(t, srv.URL, `
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
	if len(res) == 12 {
		if !strings.Contains(res[5]["text"].(string), "Paid: 4242424242424242") {
			t.Errorf("same-origin frame: status not updated:\n%s", res[5]["text"])
		}
		if !strings.Contains(res[11]["text"].(string), "Paid: 5555") {
			t.Errorf("cross-origin frame: status not updated:\n%s", res[11]["text"])
		}
	}
}

func TestRunPopupTab(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/popup.html
find open button "Open window"
click $open
tabs
tab 2
find ping button Ping
tab 1
click $ping
tab 2
wait text "Pinged: 1"
find close button "Close me"
click $close
wait tabs 1
tabs
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if len(res) == 14 {
		if tabs := res[3]["tabs"].([]any); len(tabs) != 2 {
			t.Errorf("window.open should add a tab: %v", tabs)
		}
		if tabs := res[13]["tabs"].([]any); len(tabs) != 1 {
			t.Errorf("a tab that closes itself should leave the list: %v", tabs)
		}
	}
}

func TestRunDialogs(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
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
	if len(res) == 14 {
		d := res[12]["dialogs"].([]any)[0].(map[string]any)
		if d["type"] != "prompt" || d["promptText"] != "Ada" || d["by"] != "script" {
			t.Errorf("prompt dialog reported as %v", d)
		}
		d = res[2]["dialogs"].([]any)[0].(map[string]any)
		if !strings.Contains(d["by"].(string), "default policy") {
			t.Errorf("an unanswered alert is handled by the default policy and says so: %v", d)
		}
	}
}

func TestRunControls(t *testing.T) {
	srv := pagesServer(t)
	file := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/controls.html
find colour combobox Colour
select $colour Green
wait text "Colour: c-green (Green)"
find toppings listbox Toppings
select $toppings Ham Basil
wait text "Toppings: t-ham, t-basil"
find news checkbox Newsletter
check $news
wait text "Newsletter: checked"
check $news
uncheck $news
wait text "Newsletter: unchecked"
find files button "Upload files"
upload $files `+file+`
wait text "Files: a.txt"
find notes textbox Notes
fill $notes "hello notes"
wait text "Notes: hello notes"
find msg textbox Message
type $msg "hi there"
wait text "Message: hi there"
find keys group "Key area"
press $keys "Control+A Shift+Tab Enter"
wait text "Keys: Control+A Shift+Tab Enter"
find dbl button "Double-click me"
dblclick $dbl
wait text double-clicked
find later button "Enabled later"
click $later
wait text "later clicked"
find far button "Far away"
click $far
wait text "far clicked"
select $news Green
fill $news x
select $colour Purple
`)
	want := make([]string, 37)
	for i := range want {
		want[i] = "ok"
	}
	want[34], want[35], want[36] = "not_a_select", "not_editable", "option_not_found"
	expect(t, res, want...)
	if len(res) == 37 && !strings.Contains(res[36].message(), `"Blue"`) {
		t.Errorf("option_not_found should list the options: %s", res[36].message())
	}
}

func TestRunBadScript(t *testing.T) {
	srv := pagesServer(t)
	res, code := runTestScript(t, srv.URL, `
frobnicate
click
open {{URL}}/form.html
type e1 "unterminated
`, "--bail")
	expect(t, res, "bad_argument")
	if code != 1 {
		t.Errorf("exit status %d, want %d", code, 1)
	}
}

func TestRunDownload(t *testing.T) {
	srv := pagesServer(t)
	dir := t.TempDir()
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/download.html
find dl link "Download report"
click $dl
`, "--downloads", dir)
	expect(t, res, "ok", "ok", "ok")
	data, err := os.ReadFile(filepath.Join(dir, "report.csv"))
	if err != nil || !strings.Contains(string(data), "ada,10") {
		t.Fatalf("the download should be saved in --downloads: %v %q", err, data)
	}
	if len(res) == 3 {
		d, _ := res[2]["downloads"].([]any)
		if len(d) != 1 || d[0].(map[string]any)["path"] != filepath.Join(dir, "report.csv") {
			t.Errorf("the click should report the download: %v", res[2])
		}
	}
}

func TestRunBeforeUnload(t *testing.T) {
	srv := pagesServer(t)
	// Unanswered, the leave dialog is dismissed by the default policy and
	// the page stays, which Ariadne reports as such.
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/beforeunload.html
find draft textbox Draft
type $draft hello
open {{URL}}/form.html
`)
	expect(t, res, "ok", "ok", "ok", "navigation_failed")
	if len(res) == 4 && !strings.Contains(res[3].message(), "beforeunload") {
		t.Errorf("a refused leave should say why: %s", res[3].message())
	}
	// Answered beforehand, it lets the navigation go on.
	res, _ = runTestScript(t, srv.URL, `
open {{URL}}/beforeunload.html
find draft textbox Draft
type $draft hello
dialog accept
open {{URL}}/form.html
find email textbox Email
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok")
	if len(res) == 6 {
		d, _ := res[4]["dialogs"].([]any)
		if len(d) != 1 || d[0].(map[string]any)["type"] != "beforeunload" {
			t.Errorf("the accepted beforeunload dialog should be reported: %v", res[4])
		}
	}
}

func TestRunBackForward(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/navigate.html
find next link "Next page"
click $next
back
forward
back
back
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if len(res) == 7 {
		for i, want := range map[int]string{3: "/navigate.html", 4: "/navigate2.html", 5: "/navigate.html", 6: "about:blank"} {
			if got, _ := res[i]["url"].(string); !strings.HasSuffix(got, want) {
				t.Errorf("line %d: url %q, want ...%s", i+1, got, want)
			}
		}
	}
}

func TestRunHoverRightClickDrag(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/controls.html
find hover generic "Hover target"
hover $hover
wait text hovered
find ctx generic "Right-click me"
click $ctx --button right
wait text "context menu"
find item generic "Drag me"
find zone region "Drop zone"
drag $item $zone
wait text "dropped: drag-item"
scroll 0 400
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
}

// TestRunVarsOnlyInRefArguments: $NAME stands for a ref only where the
// command takes a ref; elsewhere it is text.
func TestRunVarsOnlyInRefArguments(t *testing.T) {
	srv := pagesServer(t)
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/form.html
find email textbox Email
fill $email '$5 off'
assert value $email '$5 off'
click $nope
`)
	expect(t, res, "ok", "ok", "ok", "ok", "bad_argument")
	if res[2]["value"] != "$5 off" {
		t.Errorf("fill: %v", res[2])
	}
}
