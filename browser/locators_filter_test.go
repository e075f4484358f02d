package browser

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/refs"
)

// filterPage holds the text shapes filter({ hasText }) must read as
// Playwright does: markup inside the text, runs of whitespace, elements
// without space between them, zero-width characters, non-ASCII case, the
// value of a submit button, hidden elements and an open shadow root.
const filterPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Filters</title></head><body>
<ul>
  <li>Blue <b>Mug</b> $12</li>
  <li>blue   mug
      extra</li>
  <li>Blue mugs</li>
  <li><span>Teal</span><span>cup</span></li>
  <li style="display:none">Blue mug hidden</li>
  <li>Zero&#8203;width and soft&shy;hyphen</li>
  <li>ÇA VA ÉTÉ</li>
  <li><input type="submit" value="Send now"></li>
</ul>
<table><tr><td>Ada</td><td>Lovelace</td></tr><tr><td>Grace</td><td>Hopper</td></tr></table>
<div id="host"></div>
<article><h2>Blue mug</h2><button>Buy</button></article>
<script>
  document.getElementById('host').attachShadow({mode: 'open'}).innerHTML =
    '<article><h2>Shadow mug</h2><button>Buy</button></article>';
</script>
</body></html>`

// countScript prints, for a URL and a JSON list of selectors on stdin,
// Playwright's count of each.
const countScript = `
const { chromium } = require('playwright-core');
(async () => {
  const selectors = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const args = process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [];
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH, args });
  try {
    const page = await browser.newPage();
    await page.goto(process.argv[1]);
    const out = [];
    for (const s of selectors) out.push(await page.locator(s).count());
    process.stdout.write(JSON.stringify(out));
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
`

func playwrightCounts(t *testing.T, url string, selectors []string) []int {
	t.Helper()
	chrome, err := FindChrome("")
	if err != nil {
		t.Skipf("no browser: %v", err)
	}
	data, err := json.Marshal(selectors)
	if err != nil {
		t.Fatal(err)
	}
	defer nodetools.Acquire(testContext(t, 10*time.Minute), t)()
	cmd := exec.CommandContext(testContext(t, 60*time.Second), "node", "-e", countScript, url)
	cmd.Dir = playwrightDir
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chrome)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var counts []int
	if err := json.Unmarshal(out, &counts); err != nil {
		t.Fatalf("node output %q: %v", out, err)
	}
	if len(counts) != len(selectors) {
		t.Fatalf("%d counts for %d selectors", len(counts), len(selectors))
	}
	return counts
}

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
