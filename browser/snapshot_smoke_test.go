package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestSnapshotFormPage(t *testing.T) {
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	snap, err := b.Snapshot(testContext(t, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	text := refs.Text(snap.Root, refs.TextOptions{})
	for _, want := range []string{`textbox "Email"`, `checkbox "Remember me"`, `button "Sign in"`} {
		if !strings.Contains(text, want) {
			t.Errorf("snapshot lacks %s:\n%s", want, text)
		}
	}
}
