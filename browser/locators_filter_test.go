package browser

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// containersPage has containers told apart only by a text that is not the
// first one: rows whose first cell is a number, list items with no
// heading, and cards that are plain divs with a class and a heading.
const containersPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Containers</title></head><body>
<table>
  <tr><th>Order</th><th>Customer</th><th>Total</th><th></th></tr>
  <tr><td>1001</td><td>Ada Lovelace</td><td>$12.00</td><td><button>Edit</button></td></tr>
  <tr><td>1002</td><td>Grace Hopper</td><td>$19.99</td><td><button>Edit</button></td></tr>
</table>
<ul>
  <li><span>Blue mug</span> <span>$12</span> <button>Add</button></li>
  <li><span>Brass pen</span> <span>$34</span> <button>Add</button></li>
</ul>
<div class="grid">
  <div class="card"><h3>Socks</h3><button>Buy</button></div>
  <div class="card"><h3>Scarf</h3><button>Buy</button></div>
</div>
</body></html>`

// TestLocatorsContainersByText locates elements of containers that need
// their distinguishing text (TestLocatorsContainersByTextInPlaywright
// checks each best locator in Playwright too).
func TestLocatorsContainersByText(t *testing.T) {
	t.Parallel()
	containersSelectors(t)
}

// containersSelectors locates the elements of containersPage, checks each
// best locator, and returns their selectors with the page's URL.
func containersSelectors(t *testing.T) (string, []string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(containersPage))
	}))
	t.Cleanup(srv.Close)
	b := launchTest(t)
	if _, err := b.Open(testContext(t, 20*time.Second), srv.URL); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		role, name string
		index      int
		want       string
	}{
		// The order number has digits: the customer tells the row.
		{"button", "Edit", 1, `getByRole('row', { name: 'Grace Hopper' }).getByRole('button', { name: 'Edit' })`},
		{"row", "1002 Grace Hopper $19.99 Edit", 0, `getByRole('row', { name: 'Grace Hopper' })`},
		// No heading: the item's first text of its own.
		{"listitem", "", 0, `getByRole('listitem').filter({ hasText: 'Blue mug' })`},
		{"button", "Add", 1, `getByRole('listitem').filter({ hasText: 'Brass pen' }).getByRole('button', { name: 'Add' })`},
		// A div is told by its class and heading (plain div would match
		// the grid around it too).
		{"button", "Buy", 1, `locator('div.card').filter({ hasText: 'Scarf' }).getByRole('button', { name: 'Buy' })`},
	}
	var selectors []string
	for _, tc := range tests {
		e := locateOne(t, b, refOf(t, b, tc.role, tc.name, tc.index))
		if e.Problem != "" {
			t.Errorf("%s %q: %s", tc.role, tc.name, e.Problem)
			continue
		}
		if got := e.Best.Locator.Code(refs.JavaScript); got != tc.want {
			t.Errorf("%s %q #%d:\n got %s\nwant %s\ncandidates:\n%s", tc.role, tc.name, tc.index, got, tc.want, describeCandidates(e.Candidates))
		}
		selectors = append(selectors, e.Best.Locator.Internal())
	}
	return srv.URL, selectors
}
