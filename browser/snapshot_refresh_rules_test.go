package browser

import (
	"context"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestRefreshFollowsStateRules: live.html's rules whose match depends on
// another element (a hidden checkbox's :checked read by :has() and +, an
// attribute before a + rule, :placeholder-shown, the form's :invalid)
// follow each change, made by a script with no event, in an incremental
// refresh that equals a full walk. The first three steps are the case of
// seed 8594069360728482504 (TestRefreshMatchesFullWalk), made plain.
func TestRefreshFollowsStateRules(t *testing.T) {
	t.Parallel()
	b, _, tab, ctx := liveTab(t)
	if _, err := tab.Snapshot(ctx); err != nil {
		t.Fatal(err)
	}
	shown := func(s *refs.Snapshot, texts ...string) bool {
		for _, x := range texts {
			if findText(s.Root, x) == "" {
				return false
			}
		}
		return true
	}
	gone := func(s *refs.Snapshot, texts ...string) bool {
		for _, x := range texts {
			if findText(s.Root, x) != "" {
				return false
			}
		}
		return true
	}
	runSilentSteps(t, ctx, b, tab, []silentStep{
		{"the terms checkbox clicked", `document.querySelector("#terms .toggle").click()`, false, func(s *refs.Snapshot) bool {
			return gone(s, "Terms apply", "Read them first", "Thanks") && findRole(s.Root, "checkbox", "Agree") != nil
		}},
		// A rule added through the CSSOM makes the refresh a full walk,
		// which reads the checkbox no more.
		{"the checked checkbox hidden, a rule added", `(() => {
  document.querySelector("#terms .toggle").hidden = true;
  const sheet = document.querySelector("style").sheet;
  sheet.insertRule(".unused { color: red }", sheet.cssRules.length);
})()`, true, func(s *refs.Snapshot) bool {
			return gone(s, "Terms apply", "Read them first", "Thanks") && findRole(s.Root, "checkbox", "Agree") == nil
		}},
		{"the hidden checkbox unchecked by a script", `document.querySelector("#terms .toggle").checked = false`, false, func(s *refs.Snapshot) bool {
			return shown(s, "Terms apply", "Read them first", "Thanks")
		}},
		{"an attribute before a + rule", `document.querySelector("[role=tab]").setAttribute("aria-pressed", "true")`, false, func(s *refs.Snapshot) bool {
			return findRole(s.Root, "tab", "Grid") != nil && findRole(s.Root, "tab", "List") == nil
		}},
		{"the attribute removed", `document.querySelector("[role=tab]").removeAttribute("aria-pressed")`, false, func(s *refs.Snapshot) bool {
			return findRole(s.Root, "tab", "List") != nil
		}},
		{"a note typed by a script (:placeholder-shown)", `document.querySelector("[aria-label=Note]").value = "gift"`, false, func(s *refs.Snapshot) bool {
			return gone(s, "Type a note")
		}},
		{"an invalid quantity (the form's :invalid)", `document.querySelector("[type=number]").value = "9"`, false, func(s *refs.Snapshot) bool {
			return findRole(s.Root, "button", "Pay") == nil
		}},
		{"a valid quantity", `document.querySelector("[type=number]").value = "2"`, false, func(s *refs.Snapshot) bool {
			return findRole(s.Root, "button", "Pay") != nil
		}},
	})
}

// silentStep is one change of a silent-change test: expr makes it (a
// script, often with no mutation and no event), it moves the DOM version,
// and the refresh that follows shows it (check), is a full walk or not
// (full), and equals a full walk.
type silentStep struct {
	what, expr string
	full       bool
	check      func(*refs.Snapshot) bool
}

// runSilentSteps makes each change of steps in turn and checks it.
func runSilentSteps(t *testing.T, ctx context.Context, b *Browser, tab *Tab, steps []silentStep) {
	t.Helper()
	for _, st := range steps {
		v1, err := b.DOMVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		evalMain[any](t, b, st.expr)
		if v2, err := b.DOMVersion(ctx); err != nil || v2 == v1 {
			t.Fatalf("%s left the DOM version at %q (%v)", st.what, v1, err)
		}
		nextFrame(t, ctx, tab)
		got, err := tab.Refresh(ctx)
		if err != nil {
			t.Fatalf("%s: refresh: %v", st.what, err)
		}
		if tab.live.full != st.full {
			t.Errorf("after %s: full walk %v, want %v", st.what, tab.live.full, st.full)
		}
		if !st.check(got) {
			t.Fatalf("the refresh after %s does not show it:\n%s", st.what, refs.Text(got.Root, refs.TextOptions{}))
		}
		if d := sameTree(got, untracked(t, ctx, tab)); d != "" {
			t.Fatalf("after %s the refresh differs from a full walk: %s", st.what, d)
		}
	}
}
