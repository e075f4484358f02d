package browser

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestFixSurrogates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{`"plain"`, `"plain"`},
		{`"a\ud800b"`, `"a\ufffdb"`},
		{`"a\uDC00b"`, `"a\ufffdb"`},
		{`"\ud83d\ude00"`, `"\ud83d\ude00"`},
		{`"\ud83d\ud83d\ude00"`, `"\ufffd\ud83d\ude00"`},
		{`"\\ud800"`, `"\\ud800"`}, // an escaped backslash, then text
		{`"\\\ud800"`, `"\\\ufffd"`},
		{`"end\ud800"`, `"end\ufffd"`},
		{`"\u00e9\n\u001b"`, `"\u00e9\n\u001b"`},
		{"\"bad \xed\xa0\x80 utf8\"", "\"bad \uFFFD utf8\""},
	} {
		if got := string(fixSurrogates([]byte(c.in))); got != c.want {
			t.Errorf("fixSurrogates(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

// serveHostile serves testdata/hostile on a loopback httptest server.
func serveHostile(t testing.TB) *httptest.Server {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "hostile"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv
}

// A lone surrogate anywhere on the page, also in an iframe, becomes U+FFFD;
// the snapshot and the frame's content are all there.
func TestSnapshotLoneSurrogates(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := serveHostile(t)
	if _, err := b.Open(testContext(t, 20*time.Second), srv.URL+"/surrogate.html"); err != nil {
		t.Fatal(err)
	}
	snap, err := b.Snapshot(testContext(t, 20*time.Second))
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	if len(snap.Problems) > 0 {
		t.Errorf("problems: %q", snap.Problems)
	}
	var texts []string
	var walk func(n *refs.Node)
	walk = func(n *refs.Node) {
		texts = append(texts, n.Role+" "+n.Name)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(snap.Root)
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"high \uFFFD low \uFFFD pair \U0001F600 end",
		"button Buy \uFFFD now",
		"inner \uFFFD text",
		"button Inner button",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, all)
		}
	}
}
