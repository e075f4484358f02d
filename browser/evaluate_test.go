package browser

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestEvaluateInThePagesWorld(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	ctx := testContext(t, 30*time.Second)
	// The page's own globals are visible (not Ariadne's isolated world).
	if _, err := b.Evaluate(ctx, "", "() => { window.appState = {user: 'ada'}; }"); err != nil {
		t.Fatal(err)
	}
	out, err := b.Evaluate(ctx, "", "() => window.appState.user")
	if err != nil || string(out) != `"ada"` {
		t.Fatalf("page global: %s, %v", out, err)
	}
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var email string
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "textbox" && n.Name == "Email" {
			email = n.Ref
		}
		return email == ""
	})
	if email == "" {
		t.Fatalf("no Email textbox:\n%s", refs.Text(snap.Root, refs.TextOptions{}))
	}
	out, err = b.Evaluate(ctx, email, "(el) => el.tagName + ':' + (window.appState.user)")
	var got string
	if err != nil || json.Unmarshal(out, &got) != nil || got != "INPUT:ada" {
		t.Errorf("element and page world: %s, %v", out, err)
	}
	if _, err := b.Evaluate(ctx, "", "() => { throw new Error('nope') }"); refs.CodeOf(err) != refs.CodeBadArgument || !strings.Contains(err.Error(), "nope") {
		t.Errorf("a throwing function: %v", err)
	}
	if _, err := b.Evaluate(ctx, "", " "); refs.CodeOf(err) != refs.CodeBadArgument {
		t.Errorf("no function: %v", err)
	}
}

func TestConsoleAndResize(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	ctx := testContext(t, 30*time.Second)
	if _, err := b.Evaluate(ctx, "", "() => { console.warn('careful', 3); setTimeout(() => { throw new Error('late') }, 0); }"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		msgs, err := b.Console()
		if err != nil {
			t.Fatal(err)
		}
		var warn, exc bool
		for _, m := range msgs {
			warn = warn || (m.Type == "warning" && m.Text == "careful 3")
			exc = exc || (m.Type == "error" && strings.Contains(m.Text, "late"))
		}
		if warn && exc {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("console has %+v", msgs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := b.Resize(ctx, 640, 480); err != nil {
		t.Fatal(err)
	}
	out, err := b.Evaluate(ctx, "", "() => innerWidth + 'x' + innerHeight")
	if err != nil || string(out) != `"640x480"` {
		t.Errorf("after resizing: %s, %v", out, err)
	}
	if err := b.Resize(ctx, 0, 480); refs.CodeOf(err) != refs.CodeBadArgument {
		t.Errorf("a zero width: %v", err)
	}
}
