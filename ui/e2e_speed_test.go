//go:build e2e

package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTmuxSpeed measures the explorer end to end on a page of about 20,000
// nodes: the time from tmux send-keys to the first screen that differs, for
// the keys of issue 12, and from a cursor move to the details pane showing
// the new selection's locators. It asserts nothing about time (the machine
// is shared); it logs the medians. Run it with
//
//	ARIADNE_E2E_SPEED=1 go test -tags e2e ./ui -run TestTmuxSpeed -v
func TestTmuxSpeed(t *testing.T) {
	if os.Getenv("ARIADNE_E2E_SPEED") == "" {
		t.Skip("a measurement; set ARIADNE_E2E_SPEED=1")
	}
	needTmux(t)
	var page strings.Builder
	page.WriteString("<!doctype html><title>Big</title><main>")
	for i := range 2000 {
		fmt.Fprintf(&page, `<article><h2>Item %d</h2><p>Description of item %d with some words</p><ul><li>Alpha %d</li><li>Beta %d</li></ul><button>Save %d</button> <a href="#x%d">Details %d</a><label>Qty <input value="%d"></label></article>`, i, i, i, i, i, i, i, i)
	}
	page.WriteString("</main>")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(page.String()))
	}))
	defer srv.Close()
	dir := t.TempDir()
	tm := newTmux(t, 160, 48, fmt.Sprintf("XDG_CONFIG_HOME=%s %s --no-follow --keys %s/none.toml %s/", dir, buildBinary(t), dir, srv.URL))
	tm.waitLogged(0, "✓ opened", 120*time.Second)
	// Start on a button deep in the page: its locators are quick to read,
	// so the measurements do not wait behind the main landmark's.
	tm.keys(":")
	tm.text("find button Save 1000")
	tm.keys("Enter")
	tm.waitUntil("the button selected", 20*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), `button "Save 1000"`) })
	locatorsRead(tm)
	pause := func() { time.Sleep(300 * time.Millisecond) } // let the settle timer and its read pass

	// changed polls the screen as fast as capture-pane allows (waitUntil
	// polls every 100 ms, too coarse for this).
	changed := func(keys ...string) time.Duration {
		before := tm.screen()
		start := time.Now()
		tm.keys(keys...)
		for tm.screen() == before {
			if time.Since(start) > 20*time.Second {
				t.Fatalf("%v changed nothing:\n%s", keys, before)
			}
			time.Sleep(2 * time.Millisecond)
		}
		return time.Since(start)
	}
	report := func(name string, ds []time.Duration) {
		slices.Sort(ds)
		t.Logf("%-28s median %6.1f ms  max %6.1f ms  (n=%d)", name, ms(ds[len(ds)/2]), ms(ds[len(ds)-1]), len(ds))
	}
	measure := func(name string, n int, keys ...string) {
		var ds []time.Duration
		for range n {
			ds = append(ds, changed(keys...))
			pause()
		}
		report(name, ds)
	}
	measure("j", 9, "j")
	measure("k", 9, "k")
	measure("pgdown", 5, "PageDown")
	tm.keys(":")
	tm.text("find article")
	tm.keys("Enter")
	tm.waitUntil("an article selected", 20*time.Second, func(s string) bool { return strings.HasPrefix(selectedLine(s), "▾ article") })
	measure("space (fold)", 9, "Space")
	var zs, Zs, first, second, pane []time.Duration
	for range 5 {
		zs = append(zs, changed("z"))
		pause()
		Zs = append(Zs, changed("Z"))
		pause()
	}
	for range 5 {
		tm.keys("/")
		tm.waitUntil("the prompt", 5*time.Second, func(s string) bool { return strings.Contains(s, "\n/") })
		first = append(first, changed("-l", "e"))
		second = append(second, changed("-l", "x"))
		tm.esc("the filter prompt closed", func(s string) bool { return !strings.Contains(s, "\n/") })
	}
	tm.keys(":")
	tm.text("find button Save 1500")
	tm.keys("Enter")
	tm.waitUntil("the button selected", 20*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), `button "Save 1500"`) })
	for range 10 {
		key := "j" // a new ref every time: nothing cached
		if strings.Contains(selectedLine(tm.screen()), "[e") {
			locatorsRead(tm)
		}
		start := time.Now()
		before := selectedLine(tm.screen())
		tm.keys(key)
		text := false
		for {
			s := tm.screen()
			sel := selectedLine(s)
			if sel != before && !strings.Contains(sel, "[e") {
				text = true // a text row has no locators
				break
			}
			if sel != before && strings.Contains(s, "Locators ·") && !strings.Contains(s, "reading…") {
				break
			}
			if time.Since(start) > 20*time.Second {
				t.Fatalf("the locators never showed:\n%s", s)
			}
			time.Sleep(2 * time.Millisecond)
		}
		if !text {
			pane = append(pane, time.Since(start))
		}
	}
	report("z (collapse all)", zs)
	report("Z (expand all)", Zs)
	report("filter: first letter", first)
	report("filter: second letter", second)
	report("j until locators shown", pane)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
