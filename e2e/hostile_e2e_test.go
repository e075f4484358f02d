//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The hostile-page suite: the pages of testdata/hostile (and the
// beforeunload page of testdata/pages) through snapshot, locators,
// replay, the explorer in tmux, and signals (the run scripts are
// testdata/scripts/hostile-*.txtar, of this tier). Each case asserts the
// coded error (or what the page shows) and a time bound: a generous upper
// limit derived from the timeouts the case sets, never a tight one.

const (
	hNav    = 8 * time.Second // --timeout
	hAction = 3 * time.Second // --action-timeout
)

var hostileFlags = []string{"--timeout", hNav.String(), "--action-timeout", hAction.String()}

// timed runs f and fails when it took longer than bound. The bounds below
// hold a margin for a loaded machine; a page that holds a command past its
// timeout breaks them many times over.
func timed(t *testing.T, what string, bound time.Duration, f func()) {
	t.Helper()
	start := time.Now()
	f()
	if took := time.Since(start); took > bound {
		t.Errorf("%s took %s, over its bound of %s", what, took.Round(time.Millisecond), bound)
	} else {
		t.Logf("%s: %s (bound %s)", what, took.Round(time.Millisecond), bound)
	}
}

// The bounds: a navigation or snapshot gets the navigation timeout, an
// action the action timeout, each plus the time to tell a hung page (a
// probe of a second, twice) and a margin for a loaded machine.
var (
	// timeoutShown is a timeout error on the explorer's screen.
	timeoutShown = regexp.MustCompile(`\[timeout\]`)
	// dismissedAlert is the explorer's status after dismissing an alert.
	dismissedAlert = regexp.MustCompile(`alert dialog "alert (\d+)" was dismissed`)

	navBound    = hNav + 4*time.Second + 10*time.Second
	actionBound = hAction + 2*time.Second + 4*time.Second + 10*time.Second
)

func TestHostileSnapshotAndLocators(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := hostileServer(t)
	cases := []struct {
		page  string
		codes []string // accepted: "" (exit 0) or an error code
		want  string   // text the output holds on success
	}{
		{"surrogate.html", []string{""}, "high \uFFFD low \uFFFD pair \U0001F600 end"},
		{"pushstate.html", []string{""}, `button "Go"`},
		{"refresh.html", []string{"", "page_navigating"}, `heading "Refresh loop"`},
		{"deep.html", []string{"", "page_crashed"}, "bottom"},
		{"spin.html", []string{""}, `button "Hang"`},
		{"alert-load.html", []string{""}, `heading "Alert on load"`},
	}
	for _, c := range cases {
		for _, cmd := range []string{"snapshot", "locators"} {
			t.Run(cmd+"/"+c.page, func(t *testing.T) {
				t.Parallel()
				var out, errOut string
				var code int
				timed(t, cmd+" "+c.page, 2*navBound, func() {
					out, errOut, code = ariadne(t, append(append([]string{cmd}, hostileFlags...), srv.URL+"/"+c.page)...)
				})
				got := ""
				if code != 0 {
					got = "?"
					if m := regexp.MustCompile(`ariadne: ([a-z_]+):`).FindStringSubmatch(errOut); m != nil {
						got = m[1]
					}
				}
				ok := false
				for _, w := range c.codes {
					ok = ok || w == got
				}
				if !ok {
					t.Fatalf("%s %s: exit %d, code %q (stderr %q), want one of %q", cmd, c.page, code, got, errOut, c.codes)
				}
				if got == "" && cmd == "snapshot" && !strings.Contains(out, c.want) {
					t.Errorf("the snapshot lacks %q:\n%s", c.want, out)
				}
			})
		}
	}
}

func TestHostileReplay(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := hostileServer(t)
	dir := t.TempDir()
	write := func(name string, steps ...string) string {
		p := filepath.Join(dir, name)
		head := `{"format":"ariadne-recording","version":1,"created":"2026-12-01T10:00:00Z","startUrl":"` + srv.URL + `/spin.html","viewport":{"width":1280,"height":720}}`
		if err := os.WriteFile(p, []byte(head+"\n"+strings.Join(steps, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hang := write("hang.jsonl",
		`{"kind":"navigate","url":"`+srv.URL+`/spin.html"}`,
		`{"kind":"click","target":{"locator":{"parts":[{"kind":"role","role":"button","text":"Hang","exact":true}]},"role":"button","name":"Hang"}}`)
	var out, errOut string
	var code int
	timed(t, "replay of the endless loop", navBound+actionBound, func() {
		out, errOut, code = replayCmd(t, append(hostileFlags, hang)...)
	})
	if code != 1 || !strings.Contains(out+errOut, "page_unresponsive") {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, errOut)
	}
	push := write("push.jsonl",
		`{"kind":"navigate","url":"`+srv.URL+`/pushstate.html"}`,
		`{"kind":"click","target":{"locator":{"parts":[{"kind":"role","role":"button","text":"Go","exact":true}]},"role":"button","name":"Go"}}`,
		`{"kind":"assert","target":{"locator":{"parts":[{"kind":"css","css":"#s"}]}},"assert":{"kind":"text","expected":"clicked"}}`)
	timed(t, "replay of the pushState page", navBound+2*actionBound, func() {
		out, errOut, code = replayCmd(t, append(hostileFlags, push)...)
	})
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, errOut)
	}
}

// shortTemp makes a private TMPDIR short enough for Chromium's sockets.
func shortTemp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "ah")
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// SIGINT and SIGTERM stop every command within a second (bound: three, on
// a loaded machine), with the browser and the temporary files gone; after
// SIGKILL the next start removes what the killed run left. Not parallel:
// the bound is tight.
func TestHostileSignals(t *testing.T) {
	bin := buildAriadne(t)
	srv := hostileServer(t)
	for _, c := range []struct {
		name string
		sig  os.Signal
		args []string
	}{
		{"run/SIGTERM", syscall.SIGTERM, []string{"run"}},
		{"run/SIGINT", os.Interrupt, []string{"run"}},
		{"snapshot/SIGINT", os.Interrupt, []string{"snapshot", srv.URL + "/refresh.html"}},
		{"run/SIGKILL", os.Kill, []string{"run"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := shortTemp(t)
			cmd := exec.Command(bin, append(c.args, hostileFlags...)...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Stdin = strings.NewReader("open " + srv.URL + "/spin.html\nwait ms 60000\n")
			stdout, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			if c.args[0] == "run" {
				// Wait for the first result: the browser is up, the page open.
				if !bufio.NewScanner(stdout).Scan() {
					t.Fatal("no first result")
				}
			} else {
				waitDir(t, tmp, true, 30*time.Second)
				time.Sleep(time.Second) // into the loop's snapshot
			}
			if entries, _ := os.ReadDir(tmp); len(entries) == 0 {
				t.Fatal("no session directory while running")
			}
			start := time.Now()
			cmd.Process.Signal(c.sig)
			cmd.Wait()
			took := time.Since(start)
			if c.sig == os.Kill {
				// The killed run's directory stays; the next start removes it.
				if entries, _ := os.ReadDir(tmp); len(entries) == 0 {
					t.Fatal("SIGKILL left nothing to clean (the test is void)")
				}
				// The killed run's Chromium dies after it (its parent-death
				// signal), and on a loaded machine it can still be writing its
				// profile for a while: the next start cleans up after that.
				waitNoProcessUnder(t, tmp, 60*time.Second)
				next := exec.Command(bin, append([]string{"snapshot"}, append(hostileFlags, srv.URL+"/spin.html")...)...)
				next.Env = cmd.Env
				if out, err := next.CombinedOutput(); err != nil {
					t.Fatalf("the next run: %v\n%s", err, out)
				}
				waitDir(t, tmp, false, 10*time.Second)
				return
			}
			t.Logf("%s: stopped in %s", c.name, took.Round(time.Millisecond))
			if took > 3*time.Second {
				t.Errorf("%s took %s to stop, over its bound of 3s", c.name, took)
			}
			waitDir(t, tmp, false, 5*time.Second)
		})
	}
}

// waitNoProcessUnder waits until no process's command line names dir
// (the browser of a killed run uses its profile there). Without /proc it
// returns at once.
func waitNoProcessUnder(t *testing.T, dir string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		procs, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		alive := 0
		for _, p := range procs {
			if cmdline, err := os.ReadFile("/proc/" + p.Name() + "/cmdline"); err == nil && strings.Contains(string(cmdline), dir) {
				alive++
			}
		}
		if alive == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d processes still use %s after %s", alive, dir, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitDir waits until dir has entries (full) or none.
func waitDir(t *testing.T, dir string, full bool, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		entries, _ := os.ReadDir(dir)
		if (len(entries) > 0) == full {
			return
		}
		if time.Now().After(deadline) {
			out, _ := exec.Command("find", dir).Output()
			t.Fatalf("%s: entries %v after %s, want full=%v:\n%s", dir, entries, d, full, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The explorer in tmux: an alert during load shows at once; a storm of
// 1,000 alerts queues them in order, and one key dismisses them all; the
// last tab closed leaves a tab to open a URL in. Not parallel: the alert
// must show well before the navigation timeout.
func TestHostileExplorerTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no tmux: %v", err)
		}
		t.Skipf("no tmux: %v", err)
	}
	probe := fmt.Sprintf("hostile-probe-%d", os.Getpid())
	if out, err := exec.Command("tmux", "-L", "hostile", "-f", "/dev/null", "new-session", "-d", "-s", probe, "sleep", "600").CombinedOutput(); err != nil {
		// tmux cannot run here at all (for one, its server refuses to
		// start when /dev/null is not the null device).
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("tmux cannot start a server: %v %s", err, out)
		}
		t.Skipf("tmux cannot start a server: %v %s", err, out)
	}
	// The probe session goes once the test's own session has started: the
	// last session's end stops the server, and a new-session that reaches
	// the server while it stops fails ("server exited unexpectedly").
	t.Cleanup(func() { exec.Command("tmux", "-L", "hostile", "kill-session", "-t", probe).Run() })
	bin := buildAriadne(t)
	srv := hostileServer(t)
	tm := &htmux{t: t, name: fmt.Sprintf("hostile-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command("tmux", "-L", "hostile", "kill-session", "-t", tm.name).Run() })
	tmp := shortTemp(t)
	tm.run("new-session", "-d", "-s", tm.name, "-x", "120", "-y", "40",
		"env", "TMPDIR="+tmp, "XDG_CONFIG_HOME="+t.TempDir(), bin, "--timeout", hNav.String(), "--action-timeout", hAction.String(), srv.URL+"/alert-load.html")
	exec.Command("tmux", "-L", "hostile", "kill-session", "-t", probe).Run()
	// The alert shows while the page is still loading: the navigation has
	// not given up waiting for a load the alert holds back.
	tm.waitFor("The page shows an alert", 2*navBound)
	if s := tm.screen(); timeoutShown.MatchString(s) {
		t.Fatalf("the navigation timed out before the alert showed:\n%s", s)
	}
	tm.waitFor("Welcome: this alert opens during load", 5*time.Second)
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor(`heading "Alert on load"`, navBound)

	tm.run("send-keys", "-t", tm.name, "o")
	tm.waitFor("open:", 5*time.Second)
	tm.run("send-keys", "-t", tm.name, "C-u")
	tm.run("send-keys", "-t", tm.name, "-l", srv.URL+"/alert-storm.html")
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor(`button "Storm"`, navBound)
	tm.run("send-keys", "-t", tm.name, ":")
	ref := regexp.MustCompile(`button "Storm" \[(e\d+)\]`).FindStringSubmatch(tm.screen())
	if ref == nil {
		t.Fatalf("no Storm button ref:\n%s", tm.screen())
	}
	tm.run("send-keys", "-t", tm.name, "-l", ref[1])
	tm.run("send-keys", "-t", tm.name, "Enter", "Enter")
	tm.waitFor("alert 1", actionBound)
	tm.run("send-keys", "-t", tm.name, "Escape")
	tm.waitFor("alert 2", actionBound) // capture-pane reads the whole screen

	// C-x dismisses the rest: the status names each alert dismissed, and
	// the storm must keep moving until the page's counter reads 1000.
	tm.run("send-keys", "-t", tm.name, "C-x")
	last, lastMove, stormEnd := 0, time.Now(), time.Now().Add(5*time.Minute)
	for {
		tm.run("send-keys", "-t", tm.name, "r")
		s := tm.screen()
		if !strings.Contains(s, "The page shows an alert") && strings.Contains(s, "1000") {
			break
		}
		if m := dismissedAlert.FindStringSubmatch(s); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > last {
				last, lastMove = n, time.Now()
			}
		}
		if time.Since(lastMove) > 30*time.Second {
			t.Fatalf("the storm stopped at alert %d:\n%s", last, s)
		}
		if time.Now().After(stormEnd) {
			t.Fatalf("the storm did not end within 5 minutes (at alert %d):\n%s", last, s)
		}
		time.Sleep(500 * time.Millisecond)
	}

	// Close the only tab: a blank one takes its place, and a URL opens in it.
	// T while the last r still runs says busy: press it until the list shows.
	for i := 0; !strings.Contains(tm.screen(), "● 1  Alert storm"); i++ {
		if i == 20 {
			t.Fatalf("no tab list:\n%s", tm.screen())
		}
		tm.run("send-keys", "-t", tm.name, "T")
		time.Sleep(500 * time.Millisecond)
	}
	tm.run("send-keys", "-t", tm.name, "x")
	tm.waitFor("about:blank", 10*time.Second)
	// The tab list may still show: close it (apart from the next key, or
	// the terminal reads escape and o as alt+o).
	tm.waitFor("1/1", 10*time.Second)
	tm.run("send-keys", "-t", tm.name, "Escape")
	time.Sleep(500 * time.Millisecond)
	tm.run("send-keys", "-t", tm.name, "o")
	tm.waitFor("open:", 5*time.Second)
	tm.run("send-keys", "-t", tm.name, "C-u")
	tm.run("send-keys", "-t", tm.name, "-l", srv.URL+"/pushstate.html")
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor(`button "Go"`, navBound)
	tm.run("send-keys", "-t", tm.name, "q")
	waitDir(t, tmp, false, 15*time.Second)
}

type htmux struct {
	t    *testing.T
	name string
}

func (tm *htmux) run(args ...string) {
	tm.t.Helper()
	if out, err := exec.Command("tmux", append([]string{"-L", "hostile", "-f", "/dev/null"}, args...)...).CombinedOutput(); err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func (tm *htmux) screen() string {
	out, _ := exec.Command("tmux", "-L", "hostile", "capture-pane", "-p", "-t", tm.name).Output()
	return string(out)
}

func (tm *htmux) waitFor(want string, d time.Duration) {
	tm.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for ctx.Err() == nil {
		if strings.Contains(tm.screen(), want) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	tm.t.Fatalf("waited %s for %q; screen:\n%s", d, want, tm.screen())
}
