package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestClickDiagnosis: a click on an inert element (inside an inert
// section, or outside an open modal dialog) says so with the inert code and
// does not click; an interceptor is named by its own role, name, tag and id,
// not by an ancestor's.
func TestClickDiagnosis(t *testing.T) {
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "inert.html")
	o := ActionOptions{Timeout: 700 * time.Millisecond}
	status := func() string {
		return evalMain[string](t, b, `document.getElementById("status").textContent`)
	}

	_, err := b.Click(testContext(t, 20*time.Second), refOf(t, b, "button", "Archive", 0), o)
	if refs.CodeOf(err) != refs.CodeInert || !strings.Contains(err.Error(), "inert attribute") {
		t.Errorf("click on Archive (inert section): %v, want code inert", err)
	}
	if s := status(); s != "" {
		t.Errorf("the inert button was clicked: status %q", s)
	}

	_, err = b.Click(testContext(t, 20*time.Second), refOf(t, b, "button", "Track value", 0), o)
	if refs.CodeOf(err) != refs.CodeClickIntercepted {
		t.Fatalf("click on the covered button: %v, want click_intercepted", err)
	}
	t.Logf("intercepted: %v", err)
	if msg := err.Error(); !strings.Contains(msg, "<text> inside") || !strings.Contains(msg, "(<svg>#thumb)") || strings.Contains(msg, `main "`) {
		t.Errorf("the interceptor should be the svg itself, not its landmark: %s", msg)
	}

	save := refOf(t, b, "button", "Save draft", 0)
	if _, err := b.Click(testContext(t, 20*time.Second), refOf(t, b, "button", "Open dialog", 0), ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := status(); s != "Clicked: Open dialog" {
		t.Fatalf("status %q after opening the dialog", s)
	}
	_, err = b.Click(testContext(t, 20*time.Second), save, o)
	if refs.CodeOf(err) != refs.CodeInert || !strings.Contains(err.Error(), "modal dialog") || !strings.Contains(err.Error(), `"Confirm delete"`) {
		t.Errorf("click behind the modal dialog: %v, want code inert naming the dialog", err)
	}
	if s := status(); s != "Clicked: Open dialog" {
		t.Errorf("the button behind the dialog was clicked: status %q", s)
	}
	if _, err := b.Click(testContext(t, 20*time.Second), refOf(t, b, "button", "Cancel", 0), ActionOptions{}); err != nil {
		t.Fatalf("click inside the modal dialog: %v", err)
	}
	if _, err := b.Click(testContext(t, 20*time.Second), save, ActionOptions{}); err != nil {
		t.Fatalf("click once the dialog is closed: %v", err)
	}
	if s := status(); s != "Clicked: Save draft" {
		t.Errorf("status %q, want Clicked: Save draft", s)
	}
}
