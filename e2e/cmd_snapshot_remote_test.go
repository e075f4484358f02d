package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// TestSnapshotRemoteShowsTheOpenPage: snapshot --remote with no URL prints
// the page the browser shows, and leaves its tab open.
func TestSnapshotRemoteShowsTheOpenPage(t *testing.T) {
	needBrowser(t)
	srv := pagesServer(t)
	url := startChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Someone else (an agent) opened the page in the browser's tab.
	other, err := browser.Launch(ctx, browser.Options{Remote: url})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Open(ctx, srv.URL+"/table.html"); err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch}
	if code := cli.Main(ctx, e, []string{"snapshot", "--json", "--remote", url}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var snap refs.Snapshot
	if err := json.Unmarshal(out.Bytes(), &snap); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	cells := map[string]bool{}
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "cell" {
			cells[n.Name] = true
		}
		return true
	})
	if snap.URL != srv.URL+"/table.html" || !cells["Grace Hopper"] {
		t.Errorf("want the open table page, got %q with cells %v", snap.URL, cells)
	}
	resp, err := http.Get(url + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ Type, URL string }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, l := range list {
		if l.Type == "page" && l.URL == srv.URL+"/table.html" {
			pages++
		}
	}
	if pages != 1 {
		t.Errorf("the page's tab should stay open, alone: %+v", list)
	}
}
