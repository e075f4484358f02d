package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// These tests run the server on a real Chromium (a session in the test
// binary's shared one, internal/browsertest), through the go-sdk's
// client on an in-memory transport, against the demo site and
// testdata/pages on loopback, and check what happened on the page.

type client struct {
	t  *testing.T
	cs *sdk.ClientSession
	b  *browser.Browser
}

func startServer(t *testing.T, mod ...func(*browser.Options)) *client {
	t.Helper()
	return startServerWith(t, Options{}, mod...)
}

// startServerWith is startServer with the server's own options (its Dir
// is the test's).
func startServerWith(t *testing.T, so Options, mod ...func(*browser.Options)) *client {
	t.Helper()
	opts := browser.Options{NavTimeout: 15 * time.Second, ActionTimeout: 3 * time.Second, Dialogs: "wait", TextContainers: true}
	for _, m := range mod {
		m(&opts)
	}
	// A session in the test binary's shared browser; with a DebugPort (a
	// port another client attaches to: the process is the point) a
	// browser of its own, and with Remote the browser it names
	// (browsertest.Launch routes them).
	b := browsertest.New(t, opts)
	so.Dir, so.Remote = t.TempDir(), opts.Remote != ""
	s, err := New(b, so)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	sctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	go s.Run(sctx, st)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return &client{t: t, cs: cs, b: b}
}

// call calls a tool and returns its text and whether it was a tool error.
func (c *client) call(name string, args map[string]any) (string, bool) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := c.cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		c.t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, x := range res.Content {
		if tc, ok := x.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// ok calls a tool that must succeed.
func (c *client) ok(name string, args map[string]any) string {
	c.t.Helper()
	text, isErr := c.call(name, args)
	if isErr {
		c.t.Fatalf("%s %v failed:\n%s", name, args, text)
	}
	return text
}

// eval reads the page with browser_evaluate and decodes the JSON value.
func (c *client) eval(fn string) any {
	c.t.Helper()
	text := c.ok("browser_evaluate", map[string]any{"function": fn})
	m := regexp.MustCompile(`(?s)### Result\n(.*?)\n`).FindStringSubmatch(text)
	if m == nil {
		c.t.Fatalf("evaluate answered %q", text)
	}
	var v any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		c.t.Fatalf("evaluate answered %q: %v", m[1], err)
	}
	return v
}

// ref finds the ref of the nth line with that role and name in text.
func ref(t *testing.T, text, role, name string, nth int) string {
	t.Helper()
	label := ` "` + regexp.QuoteMeta(name) + `"`
	if name == "" {
		label = ""
	}
	re := regexp.MustCompile(`- ` + role + label + `[^\n]*\[ref=(e\d+)\]`)
	all := re.FindAllStringSubmatch(text, -1)
	if len(all) <= nth {
		t.Fatalf("no %s %q #%d in\n%s", role, name, nth, text)
	}
	return all[nth][1]
}

func errorCode(text string) string {
	m := regexp.MustCompile(`code: (\w+)`).FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return m[1]
}

func demoSite(t *testing.T) string {
	srv := httptest.NewServer(demo.Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

func testPages(t *testing.T) string {
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("testdata", "pages"))))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestActionsAnswerWithWhatChanged(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	page := c.ok("browser_navigate", map[string]any{"url": demoSite(t) + "/products.html"})
	second := ref(t, page, "button", "Add to cart", 1)
	got := c.ok("browser_click", map[string]any{"target": second})
	if strings.Contains(got, "### Snapshot") || !strings.Contains(got, "### Changes since the last snapshot") {
		t.Fatalf("a click should answer with the changes only:\n%s", got)
	}
	if !regexp.MustCompile(`(?m)^~ +- status [^\n]*Cart: 1 item`).MatchString(got) {
		t.Errorf("the changes do not show the cart:\n%s", got)
	}
	if n := strings.Count(got, "\n"); n > 15 {
		t.Errorf("the answer has %d lines; the page changed in two places:\n%s", n, got)
	}
	if v := c.eval(`() => document.querySelectorAll('article')[1].querySelector('.in-cart').textContent`); v != "1 in cart" {
		t.Errorf("the second card says %v", v)
	}
	whole := c.ok("browser_click", map[string]any{"target": second, "snapshot": true})
	if !strings.Contains(whole, "### Snapshot") || !strings.Contains(whole, "Cart: 2 items") {
		t.Errorf("snapshot: true should answer with the whole page:\n%s", whole)
	}
}

func TestStaleAndUnknownRefs(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	base := demoSite(t)
	page := c.ok("browser_navigate", map[string]any{"url": base + "/products.html"})
	old := ref(t, page, "button", "Add to cart", 0)
	c.ok("browser_navigate", map[string]any{"url": base + "/signin.html"})
	text, isErr := c.call("browser_click", map[string]any{"target": old})
	if !isErr || errorCode(text) != "stale_ref" || !strings.Contains(text, "snapshot") {
		t.Errorf("a ref of the old page: want a stale_ref error that says to take a snapshot, got\n%s", text)
	}
	text, isErr = c.call("browser_click", map[string]any{"target": "e999"})
	if !isErr || errorCode(text) != "unknown_ref" {
		t.Errorf("a ref never issued: want unknown_ref, got\n%s", text)
	}
	text, isErr = c.call("browser_click", map[string]any{"target": "Sign in"})
	if !isErr || errorCode(text) != "bad_ref" || !strings.Contains(text, "Next:") {
		t.Errorf("not a ref: want bad_ref with what to do next, got\n%s", text)
	}
}

func TestLongListsElidedRefsStayValid(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	page := c.ok("browser_navigate", map[string]any{"url": testPages(t) + "/catalog.html"})
	m := regexp.MustCompile(`… 37 more listitem like these \((e\d+)…(e\d+), refs valid\); browser_snapshot target=(e\d+) full=true shows them`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("40 alike items should show 3 and one line for 37:\n%s", page)
	}
	if strings.Contains(page, "Item 4\"") || strings.Contains(page, "Item 40") {
		t.Errorf("elided items are shown:\n%s", page)
	}
	full := c.ok("browser_snapshot", map[string]any{"target": m[3], "full": true})
	if n := strings.Count(full, `- button "Buy"`); n != 40 {
		t.Fatalf("full=true shows %d Buy buttons, want 40", n)
	}
	// The 30th item's button, never shown in the first answer, by its ref.
	buy30 := ref(t, full, "button", "Buy", 29)
	c.ok("browser_click", map[string]any{"target": buy30})
	if v := c.eval(`() => document.getElementById('status').textContent`); v != "Bought item 30" {
		t.Errorf("the page says %v after clicking the 30th Buy", v)
	}
	found := c.ok("browser_find", map[string]any{"role": "button", "name": "Buy"})
	if !strings.Contains(found, "40 matches") || !strings.Contains(found, `with "Item 30"`) {
		t.Errorf("browser_find role=button name=Buy:\n%s", found)
	}
	small := c.ok("browser_snapshot", map[string]any{"interactive": true, "depth": 2})
	if strings.Contains(small, "heading") || strings.Contains(small, "Item 1") || len(small) > len(page)/2 {
		t.Errorf("interactive, depth 2 should be smaller than the page:\n%s", small)
	}
}

func TestDialogsNeverBlock(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	page := c.ok("browser_navigate", map[string]any{"url": demoSite(t) + "/dialog.html"})
	got := c.ok("browser_click", map[string]any{"target": ref(t, page, "button", "Ask to confirm", 0)})
	if !strings.Contains(got, "### Modal state") || !strings.Contains(got, `"confirm" dialog with message "Leave the labyrinth?"`) {
		t.Fatalf("the click should report the waiting dialog:\n%s", got)
	}
	text, isErr := c.call("browser_click", map[string]any{"target": ref(t, page, "button", "Show alert", 0)})
	if !isErr || errorCode(text) != "dialog_open" || !strings.Contains(text, "browser_handle_dialog") {
		t.Errorf("an action while the dialog waits: want dialog_open, got\n%s", text)
	}
	done := c.ok("browser_handle_dialog", map[string]any{"accept": true})
	if !strings.Contains(done, "accepted the confirm dialog") || !strings.Contains(done, "confirm: true") {
		t.Errorf("handle_dialog should report the answer and the page's change:\n%s", done)
	}
	if v := c.eval(`() => document.getElementById('status').textContent`); v != "confirm: true" {
		t.Errorf("the page says %v", v)
	}
	// Answered in advance, as Playwright's page.once('dialog'): the click
	// returns with the dialog it answered and no modal state.
	armed := c.ok("browser_handle_dialog", map[string]any{"accept": false})
	if !strings.Contains(armed, "the next one will be dismissed") {
		t.Errorf("arming:\n%s", armed)
	}
	got = c.ok("browser_click", map[string]any{"target": ref(t, page, "button", "Ask to confirm", 0)})
	if strings.Contains(got, "Modal state") || !strings.Contains(got, `confirm dialog "Leave the labyrinth?" was dismissed`) {
		t.Errorf("an armed answer: want the dialog reported as dismissed, no modal state:\n%s", got)
	}
	if v := c.eval(`() => document.getElementById('status').textContent`); v != "confirm: false" {
		t.Errorf("the page says %v", v)
	}
}

func TestDownloadsAndUploadsAreReported(t *testing.T) {
	t.Parallel()
	dl := t.TempDir()
	c := startServer(t, func(o *browser.Options) { o.DownloadDir = dl })
	page := c.ok("browser_navigate", map[string]any{"url": testPages(t) + "/catalog.html"})
	got := c.ok("browser_click", map[string]any{"target": ref(t, page, "link", "Download the report", 0)})
	if !strings.Contains(got, "downloaded") || !strings.Contains(got, "report.txt") {
		t.Errorf("the click should report the download:\n%s", got)
	}
	data, err := os.ReadFile(filepath.Join(dl, "report.txt"))
	if err != nil || string(data) != "quarterly numbers\n" {
		t.Errorf("the download holds %q (%v)", data, err)
	}
	file := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	input := regexp.MustCompile(`- button "Attachment" \[ref=(e\d+)\]|- button "Choose File" \[ref=(e\d+)\]|- textbox "Attachment" \[ref=(e\d+)\]`).FindStringSubmatch(page)
	if input == nil {
		t.Fatalf("no file input in\n%s", page)
	}
	target := input[1] + input[2] + input[3]
	c.ok("browser_click", map[string]any{"target": target})
	c.ok("browser_file_upload", map[string]any{"paths": []string{file}})
	if v := c.eval(`() => document.getElementById('picked').textContent`); v != "Picked notes.txt" {
		t.Errorf("the page says %v after the upload", v)
	}
}

func TestLocatorLadderAndDiff(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	page := c.ok("browser_navigate", map[string]any{"url": demoSite(t) + "/products.html"})
	second := ref(t, page, "button", "Add to cart", 1)
	loc := c.ok("browser_generate_locator", map[string]any{"target": second, "language": "python"})
	if !strings.Contains(loc, `get_by_role("article").filter(has_text="Linen notebook").get_by_role("button", name="Add to cart")`) {
		t.Errorf("the second card's button should be scoped in its card:\n%s", loc)
	}
	if !regexp.MustCompile(`role\s+4\s+get_by_role\("button", name="Add to cart"\)`).MatchString(loc) {
		t.Errorf("the ladder should show the unscoped role locator matching 4:\n%s", loc)
	}
	c.ok("browser_evaluate", map[string]any{"function": `() => { document.getElementById('cart').textContent = 'Cart: 9 items'; }`})
	d := c.ok("browser_snapshot_diff", nil)
	if !regexp.MustCompile(`(?m)^~ +- status [^\n]*Cart: 9 items`).MatchString(d) || strings.Contains(d, "### Snapshot") {
		t.Errorf("the diff should show the changed status only:\n%s", d)
	}
	if d2 := c.ok("browser_snapshot_diff", nil); !strings.Contains(d2, "no change") {
		t.Errorf("a second diff has nothing new:\n%s", d2)
	}
}

func TestEvaluateConsoleResizeTabs(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	base := demoSite(t)
	page := c.ok("browser_navigate", map[string]any{"url": base + "/products.html"})
	got := c.ok("browser_evaluate", map[string]any{"target": ref(t, page, "heading", "Linen notebook", 0), "function": "(el) => el.closest('article').querySelector('.price').textContent"})
	if !strings.Contains(got, `"$19.99"`) {
		t.Errorf("evaluate on an element:\n%s", got)
	}
	c.ok("browser_evaluate", map[string]any{"function": "() => { console.log('hello', 42); console.error('bad thing'); }"})
	errs := c.ok("browser_console_messages", map[string]any{"level": "error"})
	if !strings.Contains(errs, "[error] bad thing") || strings.Contains(errs, "hello") {
		t.Errorf("level error:\n%s", errs)
	}
	if all := c.ok("browser_console_messages", map[string]any{"level": "debug"}); !strings.Contains(all, "[log] hello 42") {
		t.Errorf("level debug:\n%s", all)
	}
	c.ok("browser_resize", map[string]any{"width": 800, "height": 600})
	if w := c.eval("() => window.innerWidth"); w != float64(800) {
		t.Errorf("innerWidth %v after resizing to 800", w)
	}
	if text, isErr := c.call("browser_evaluate", map[string]any{"function": "() => { throw new Error('nope') }"}); !isErr || !strings.Contains(text, "nope") {
		t.Errorf("a throwing function should be a tool error naming the exception:\n%s", text)
	}
	opened := c.ok("browser_tabs", map[string]any{"action": "new", "url": base + "/popup.html"})
	if !strings.Contains(opened, "1: (current) [Popup") {
		t.Errorf("tabs new:\n%s", opened)
	}
	c.ok("browser_tabs", map[string]any{"action": "select", "index": 0})
	if v := c.eval("() => location.pathname"); v != "/products.html" {
		t.Errorf("tab 0 is %v", v)
	}
	c.ok("browser_navigate", map[string]any{"url": base + "/signin.html"})
	back := c.ok("browser_navigate_back", nil)
	if !strings.Contains(back, "went back to "+base+"/products.html") || !strings.Contains(back, "### Snapshot") {
		t.Errorf("navigate_back:\n%s", back)
	}
}

func TestFormToolsOnTheControlsPage(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	page := c.ok("browser_navigate", map[string]any{"url": demoSite(t) + "/controls.html"})
	got := c.ok("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": ref(t, page, "combobox", "Favourite fruit", 0), "name": "Favourite fruit", "type": "combobox", "value": "Cherry"},
		{"target": ref(t, page, "checkbox", "Email me", 0), "name": "Email me", "type": "checkbox", "value": "false"},
		{"target": ref(t, page, "checkbox", "Text me", 0), "name": "Text me", "type": "checkbox", "value": "true"},
		{"target": ref(t, page, "radio", "Dark", 0), "name": "Dark", "type": "radio", "value": "true"},
		{"target": ref(t, page, "textbox", "Note", 0), "name": "Note", "type": "textbox", "value": "Bring string"},
	}})
	if !strings.Contains(got, `set "Note"`) || !strings.Contains(got, "Theme: dark; notify: text") {
		t.Errorf("fill_form should report each field and what changed:\n%s", got)
	}
	v := c.eval(`() => ['fruit-status', 'prefs-status', 'note-status'].map((id) => document.getElementById(id).textContent)`)
	want := []any{"Fruit: Cherry", "Theme: dark; notify: text", "Note: Bring string"}
	if fmt.Sprint(v) != fmt.Sprint(want) {
		t.Errorf("the page shows %v, want %v", v, want)
	}
	c.ok("browser_select_option", map[string]any{"target": ref(t, page, "combobox", "Favourite fruit", 0), "values": []string{"fig"}})
	if v := c.eval(`() => document.getElementById('fruit-status').textContent`); v != "Fruit: Fig" {
		t.Errorf("after select_option the page shows %v", v)
	}
	text, isErr := c.call("browser_select_option", map[string]any{"target": ref(t, page, "combobox", "Favourite fruit", 0), "values": []string{"durian"}})
	if !isErr || errorCode(text) != "option_not_found" || !strings.Contains(text, "Banana") {
		t.Errorf("an option that is not there: want option_not_found listing the options, got\n%s", text)
	}
	note := ref(t, page, "textbox", "Note", 0)
	c.ok("browser_type", map[string]any{"target": note, "text": " twice", "slowly": true})
	c.ok("browser_press_key", map[string]any{"key": "Backspace"})
	if v := c.eval(`() => document.getElementById('note-status').textContent`); v != "Note: Bring string twic" {
		t.Errorf("after typing slowly and a Backspace the page shows %v", v)
	}
	c.ok("browser_hover", map[string]any{"target": ref(t, page, "heading", "Select", 0)})
	text, isErr = c.call("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": note, "name": "Note", "type": "checkbox", "value": "maybe"}}})
	if !isErr || errorCode(text) != "bad_argument" || !strings.Contains(text, "true or false") {
		t.Errorf("a checkbox value that is not true/false: got\n%s", text)
	}
}

func TestPopupsAndSecrets(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	base := demoSite(t)
	page := c.ok("browser_navigate", map[string]any{"url": base + "/windows.html"})
	got := c.ok("browser_click", map[string]any{"target": ref(t, page, "button", "Open popup window", 0)})
	if !strings.Contains(got, "a new tab opened: 1 [") || !strings.Contains(got, "popup.html") || !strings.Contains(got, "index=1") {
		t.Errorf("the click should say which tab the popup became:\n%s", got)
	}
	if !strings.Contains(got, "Popup opened") {
		t.Errorf("the page's status should change:\n%s", got)
	}
	page = c.ok("browser_navigate", map[string]any{"url": base + "/signin.html"})
	typed := c.ok("browser_type", map[string]any{"target": ref(t, page, "textbox", "Password", 0), "text": "correct horse"})
	filled := c.ok("browser_fill_form", map[string]any{"fields": []map[string]any{{"target": ref(t, page, "textbox", "Password", 0), "name": "Password", "type": "textbox", "value": "battery staple"}}})
	// Keys pressed into the password field, with its ref and with no ref
	// while it has focus, and keys that fail (a key name that is the
	// password): no answer says which.
	pressed := c.ok("browser_press_key", map[string]any{"target": ref(t, page, "textbox", "Password", 0), "key": "x"})
	focused := c.ok("browser_press_key", map[string]any{"key": "y"})
	failed, isErr := c.call("browser_press_key", map[string]any{"key": "battery-staple"})
	if !isErr || errorCode(failed) != "bad_argument" {
		t.Errorf("a key name that is no key: want bad_argument, got\n%s", failed)
	}
	for _, text := range []string{pressed, focused} {
		if !strings.Contains(text, "pressed [secret]") {
			t.Errorf("a press into the password field should say pressed [secret]:\n%s", text)
		}
	}
	// The same through browser_run (ariadne run's press), with the ref and
	// with none, a key name that is the password failing.
	pw := ref(t, page, "textbox", "Password", 0)
	runFailed, isErr := c.call("browser_run", map[string]any{"command": "press", "args": []string{pw, "battery-staple"}})
	if !isErr || errorCode(runFailed) != "bad_argument" {
		t.Errorf("browser_run press with a key name that is no key: want bad_argument, got\n%s", runFailed)
	}
	runFocused, isErr := c.call("browser_run", map[string]any{"command": "press", "args": []string{"battery-staple"}})
	if !isErr {
		t.Errorf("browser_run press with no ref and a key name that is no key should fail:\n%s", runFocused)
	}
	snap := c.ok("browser_snapshot", nil)
	for _, text := range []string{typed, filled, snap, pressed, focused, failed, runFailed, runFocused} {
		if strings.Contains(text, "correct horse") || strings.Contains(text, "battery") || strings.Contains(text, "pressed x") || strings.Contains(text, "pressed y") {
			t.Errorf("a password reached the answer:\n%s", text)
		}
	}
	if v := c.eval(`() => document.getElementById('password').value`); v != "battery staplexy" {
		t.Errorf("the password field holds %v", v)
	}
}

// TestRecordExportReplay records a sign-in with a password, exports and
// replays it; the replay reads the secret from the server's Lookup (the
// environment, in ariadne mcp), so the test owns it and runs in parallel.
func TestRecordExportReplay(t *testing.T) {
	t.Parallel()
	secrets := map[string]string{}
	c := startServerWith(t, Options{Lookup: func(name string) (string, bool) {
		v, ok := secrets[name]
		return v, ok
	}})
	base := brokenToo(t)
	dir := t.TempDir()
	rec := filepath.Join(dir, "cart.jsonl")
	page := c.ok("browser_navigate", map[string]any{"url": base + "/signin.html"})
	c.ok("browser_record_start", map[string]any{"filename": rec})
	got := c.ok("browser_type", map[string]any{"target": ref(t, page, "textbox", "Email", 0), "text": "ada@example.com"})
	if !strings.Contains(got, "recorded: fill") {
		t.Errorf("the answer should say what was recorded:\n%s", got)
	}
	got = c.ok("browser_type", map[string]any{"target": ref(t, page, "textbox", "Password", 0), "text": "correct horse", "submit": true})
	if !strings.Contains(got, "ARIADNE_SECRET_PASSWORD") || strings.Contains(got, "correct horse") {
		t.Errorf("the password should be recorded as a secret, and never shown:\n%s", got)
	}
	asserted := c.ok("browser_record_assert", map[string]any{"kind": "text", "target": ref(t, page, "status", "", 0)})
	if !strings.Contains(asserted, `holds: text "Signed in as ada@example.com"`) || !strings.Contains(asserted, "recorded: expect") {
		t.Errorf("the assertion should hold and be recorded:\n%s", asserted)
	}
	text, isErr := c.call("browser_record_assert", map[string]any{"kind": "title", "expected": "Elsewhere"})
	if !isErr || errorCode(text) != "assertion_failed" {
		t.Errorf("a wrong title: want assertion_failed, got\n%s", text)
	}
	stop := c.ok("browser_record_stop", nil)
	if !strings.Contains(stop, "to "+rec) || !strings.Contains(stop, "1. ") {
		t.Errorf("record_stop should list the steps:\n%s", stop)
	}
	data, _ := os.ReadFile(rec)
	if strings.Contains(string(data), "correct horse") {
		t.Error("the password is in the recording")
	}
	for _, f := range []struct{ format, ext, want string }{
		{"playwright-test", ".spec.ts", "getByRole('textbox', { name: 'Email' })"},
		{"playwright-python", ".py", `get_by_role("textbox", name="Email")`},
		{"devtools-recorder", ".json", `"aria/Email[role=\"textbox\"]"`},
		{"chromedp", ".go", "chromedp"},
	} {
		got := c.ok("browser_record_export", map[string]any{"format": f.format})
		out := strings.TrimSuffix(rec, ".jsonl") + f.ext
		body, err := os.ReadFile(out)
		if err != nil || !strings.Contains(got, out) {
			t.Errorf("export %s: %v\n%s", f.format, err, got)
			continue
		}
		if !strings.Contains(string(body), f.want) || strings.Contains(string(body), "correct horse") {
			t.Errorf("export %s lacks %q (or has the password):\n%s", f.format, f.want, body)
		}
	}
	secrets["ARIADNE_SECRET_PASSWORD"] = "correct horse"
	c.ok("browser_navigate", map[string]any{"url": base + "/products.html"})
	replayed := c.ok("browser_replay", map[string]any{"filename": rec})
	if !strings.Contains(replayed, "passed:") {
		t.Errorf("the replay should pass:\n%s", replayed)
	}
	if v := c.eval(`() => document.getElementById('status').textContent`); v != "Signed in as ada@example.com" {
		t.Errorf("after the replay the page says %v", v)
	}
	// The same recording on the broken page (its script removed) fails.
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, []byte(strings.ReplaceAll(string(data), base+"/signin.html", base+"/broken/signin.html")), 0o644)
	text, isErr = c.call("browser_replay", map[string]any{"filename": broken})
	if !isErr || errorCode(text) != "assertion_failed" || !strings.Contains(text, "broken.failure.png") {
		t.Errorf("the replay on the broken page: want assertion_failed with the failure files, got\n%s", text)
	}
}

// brokenToo serves the demo site, and under /broken/ its pages without
// their scripts.
func brokenToo(t *testing.T) string {
	site := demo.Handler()
	scripts := regexp.MustCompile(`(?s)<script>.*?</script>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := strings.CutPrefix(r.URL.Path, "/broken/")
		if !ok {
			site.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		r2 := r.Clone(r.Context())
		r2.URL.Path = "/" + rest
		site.ServeHTTP(rec, r2)
		w.Header().Set("Content-Type", rec.Header().Get("Content-Type"))
		w.Write(scripts.ReplaceAll(rec.Body.Bytes(), nil))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// browser_run is ariadne run's command table: the same commands, results
// and error codes.
func TestRunToolServesTheCommandTable(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	base := demoSite(t)
	c.ok("browser_run", map[string]any{"command": "open", "args": []string{base + "/products.html"}})
	found := c.ok("browser_run", map[string]any{"command": "find", "args": []string{"cart", "status"}})
	if !strings.Contains(found, `"var":"$cart"`) {
		t.Fatalf("find should set $cart:\n%s", found)
	}
	clicked := c.ok("browser_run", map[string]any{"command": "click", "args": []string{"$cart"}})
	if !strings.Contains(clicked, `"navigated":false`) {
		t.Errorf("click's result should be run's JSON:\n%s", clicked)
	}
	got := c.ok("browser_run", map[string]any{"command": "assert", "args": []string{"text", "$cart", "Cart: 0 items"}})
	if !strings.Contains(got, "Cart: 0 items") {
		t.Errorf("assert:\n%s", got)
	}
	text, isErr := c.call("browser_run", map[string]any{"command": "assert", "args": []string{"text", "$cart", "Cart: 5 items"}})
	if !isErr || errorCode(text) != "assertion_failed" {
		t.Errorf("a false assert: want assertion_failed, got\n%s", text)
	}
	text, isErr = c.call("browser_run", map[string]any{"command": "click", "args": []string{"$nope"}})
	if !isErr || errorCode(text) != "bad_argument" || !strings.Contains(text, "find nope") {
		t.Errorf("an unset variable: got\n%s", text)
	}
	text, isErr = c.call("browser_run", map[string]any{"command": "click"})
	if !isErr || errorCode(text) != "bad_argument" {
		t.Errorf("a missing ref: got\n%s", text)
	}
	// line is quoted as ariadne run reads a script line: '$10 off' and
	// \$10 are text, an unquoted $10 is an error that says how to quote.
	got = c.ok("browser_run", map[string]any{"command": "assert", "line": `text "$cart" 'Cart: 0 items'`})
	if !strings.Contains(got, "Cart: 0 items") {
		t.Errorf("assert with line:\n%s", got)
	}
	for line, want := range map[string]string{`text $cart '$10 off'`: "assertion_failed", `text $cart \$10`: "assertion_failed",
		`text $cart $10`: "bad_argument", `text $cart 'open`: "bad_argument"} {
		text, isErr = c.call("browser_run", map[string]any{"command": "assert", "line": line, "args": []string{"--timeout", "1s"}})
		if !isErr || errorCode(text) != want {
			t.Errorf("line %s: want %s, got\n%s", line, want, text)
		}
		if want == "assertion_failed" && strings.Contains(text, "is not set") {
			t.Errorf("line %s: the quoted $ was read as a variable:\n%s", line, text)
		}
	}
}

func TestBadInputIsAToolError(t *testing.T) {
	t.Parallel()
	c := startServer(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	text, isErr := c.call("browser_navigate", map[string]any{"url": "http://" + closed + "/"})
	if !isErr || errorCode(text) != "connection_refused" || !strings.Contains(text, "Next:") {
		t.Errorf("a closed port: want connection_refused, got\n%s", text)
	}
	text, isErr = c.call("browser_click", map[string]any{"target": 12})
	if !isErr || !strings.Contains(text, "target") {
		t.Errorf("a number for target: want a tool error naming the argument, got\n%s", text)
	}
	text, isErr = c.call("browser_tabs", map[string]any{"action": "select", "index": 7})
	if !isErr || errorCode(text) != "no_tab" {
		t.Errorf("a tab that is not there: want no_tab, got\n%s", text)
	}
	text, isErr = c.call("browser_find", map[string]any{"regex": "/(unclosed/"})
	if !isErr || errorCode(text) != "bad_argument" {
		t.Errorf("a bad regex: want bad_argument, got\n%s", text)
	}
}
