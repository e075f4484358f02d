package browser

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Everything a session writes to the temporary directory lives under one
// directory of its own, ariadne-<pid>-XXXX: the browser profile
// (profile/), the browser's own temporary files (t/, given to Chromium
// as TMPDIR, where it makes its org.chromium.Chromium.* directories, when
// the path is short enough for a socket) and,
// unless --downloads names another place, the downloads (downloads/). A
// file named ownerFile holds the pid of the Ariadne process that made it.
// Close removes the directory; a directory whose owner is gone (a run
// killed with SIGKILL, a crash) is removed by the next session, when it
// starts and again when it ends. Nothing without that mark is ever touched.

const (
	tempPrefix = "ariadne-"
	ownerFile  = "ariadne-owner"
)

// sessionDir is a session's temporary directory.
type sessionDir struct{ root string }

// newSessionDir removes stale session directories, then makes this one.
func newSessionDir() (*sessionDir, error) {
	cleanStaleDirs(os.TempDir())
	root, err := os.MkdirTemp("", tempPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("making the session's temporary directory: %w", err)
	}
	d := &sessionDir{root: root}
	if err := os.WriteFile(filepath.Join(root, ownerFile), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600); err != nil {
		d.remove()
		return nil, fmt.Errorf("marking the session's temporary directory: %w", err)
	}
	for _, sub := range []string{"profile", "t"} {
		if err := os.Mkdir(filepath.Join(root, sub), 0o700); err != nil {
			d.remove()
			return nil, fmt.Errorf("making the session's temporary directory: %w", err)
		}
	}
	return d, nil
}

func (d *sessionDir) profile() string { return filepath.Join(d.root, "profile") }

// tmp is the TMPDIR for the browser, or "" when a path under it would be
// too long for the Unix socket Chromium makes there (about 100 bytes).
func (d *sessionDir) tmp() string {
	t := filepath.Join(d.root, "t")
	if len(t)+len("/org.chromium.Chromium.XXXXXX/SingletonSocket") > 100 {
		return ""
	}
	return t
}
func (d *sessionDir) downloads() string { return filepath.Join(d.root, "downloads") }

// remove deletes the directory; the browser must have exited (it may
// still be writing for a moment, so it tries a few times).
func (d *sessionDir) remove() {
	if d == nil {
		return
	}
	// Stale directories once more: a killed run's helper processes can
	// outlive it for a moment and write into its directory.
	defer cleanStaleDirs(filepath.Dir(d.root))
	for range 10 {
		if err := os.RemoveAll(d.root); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cleanStaleDirs removes the session directories under dir whose owner
// process no longer runs. A directory without its owner file (not ours,
// or still being made) is left alone, as is anything not named
// ariadne-<pid>-… by the pid its owner file holds.
func cleanStaleDirs(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), tempPrefix) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		raw, err := os.ReadFile(filepath.Join(path, ownerFile))
		if err != nil {
			continue // not marked: not ours, or still being made
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
		if err != nil || pid <= 0 || !strings.HasPrefix(e.Name(), tempPrefix+strconv.Itoa(pid)+"-") {
			continue
		}
		if processAlive(pid) {
			continue
		}
		os.RemoveAll(path)
	}
}

// processAlive reports whether a process with that pid exists.
func processAlive(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	if runtime.GOOS == "windows" {
		return true // FindProcess opened it: it exists
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// activePort reads the DevTools port Chromium chose (--remote-debugging-port=0)
// from the DevToolsActivePort file it writes in the profile: its first line.
// The browser writes it as its DevTools server starts, which is before the
// websocket Launch connected on, but the write may still be under way: it
// is read again for a few seconds.
func (d *sessionDir) activePort() (int, error) {
	path := filepath.Join(d.profile(), "DevToolsActivePort")
	deadline := time.Now().Add(5 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil {
			first, _, _ := strings.Cut(string(b), "\n")
			if port, err := strconv.Atoi(strings.TrimSpace(first)); err == nil && port > 0 {
				return port, nil
			}
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("reading the DevTools port the browser chose from %s: %v", path, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
