package browser

import (
	"context"
	"testing"
)

// TestRefreshSeesSilentChangesInEveryControlList: on a page with more
// controls than one check reads (silent.js, sweepBudget: 2,000) of the
// three kinds (text fields, checkboxes, selects), each read in turns from
// a position of its own, a state a script set without an event, at the
// end of any list, moves the DOM version within ceil(controls / 2,000)
// checks, also after a refresh added 700 more text fields (before them in
// the order of the old single position, which then moved every checkbox
// and select along) and the refresh saw the change.
func TestRefreshSeesSilentChangesInEveryControlList(t *testing.T) {
	t.Parallel()
	b, _, tab, ctx := liveTab(t)
	evalMain[any](t, b, `(() => {
  const box = document.createElement("section");
  box.setAttribute("aria-label", "Many controls");
  for (let k = 0; k < 1500; k++) {
    const i = document.createElement("input");
    i.setAttribute("aria-label", "Field " + k);
    const c = document.createElement("input");
    c.type = "checkbox";
    c.setAttribute("aria-label", "Box " + k);
    box.append(i, c);
  }
  for (let k = 0; k < 300; k++) {
    const s = document.createElement("select");
    s.setAttribute("aria-label", "Pick " + k);
    s.innerHTML = "<option>a</option><option>b</option>";
    box.append(s);
  }
  const more = document.createElement("section");
  more.id = "more";
  more.setAttribute("aria-label", "More fields");
  document.body.append(box, more);
  return true;
})()`)
	if _, err := tab.Snapshot(ctx); err != nil {
		t.Fatal(err)
	}
	changes := []struct{ what, js string }{
		{"the last checkbox", `document.querySelector('[aria-label="Box 1499"]').checked = true`},
		{"the last select", `document.querySelector('[aria-label="Pick 299"]').selectedIndex = 1`},
		{"the last field", `document.querySelector('[aria-label="Field 1499"]').value = "set"`},
		{"the first checkbox", `document.querySelector('[aria-label="Box 0"]').checked = true`},
	}
	total := 3300
	for i, c := range changes {
		if i == 2 {
			// A refresh notes 700 more fields: the first list grows.
			evalMain[any](t, b, `(() => { const m = document.getElementById("more"); for (let k = 0; k < 700; k++) { const i = document.createElement("input"); i.setAttribute("aria-label", "More " + k); m.append(i); } return true; })()`)
			if _, err := tab.Refresh(ctx); err != nil {
				t.Fatal(err)
			}
			total += 700
		}
		checks := (total + 1999) / 2000
		v1, err := b.DOMVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		evalMain[any](t, b, c.js)
		if !versionMoves(t, ctx, b, v1, checks) {
			t.Fatalf("%s set by a script: %d checks (%d controls) left the DOM version at %q", c.what, checks, total, v1)
		}
		if _, err := tab.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
	}
	got, err := tab.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameTree(got, untracked(t, ctx, tab)); d != "" {
		t.Fatalf("the refresh differs from a full walk: %s", d)
	}
}

// versionMoves reports whether the DOM version moves from v1 within the
// given number of checks.
func versionMoves(t *testing.T, ctx context.Context, b *Browser, v1 string, checks int) bool {
	t.Helper()
	for range checks {
		v2, err := b.DOMVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if v2 != v1 {
			return true
		}
	}
	return false
}
