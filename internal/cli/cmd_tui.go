package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/keymap"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/ui"
)

// tuiConfig is the explorer's command line.
type tuiConfig struct {
	url      string // "" opens the demo site
	keys     string // the key config file
	noFollow bool
	lang     refs.Lang
	browser  browser.Options
	// record is the recording file --record starts at once; secrets
	// stores passwords as text (--record-secrets).
	record  string
	secrets bool
}

// ExplorerOptions returns the browser options the explorer starts with for
// its command line args, for whoever starts the explorer's model itself
// (the end-to-end tests).
func ExplorerOptions(args []string) (browser.Options, error) {
	cfg, err := parseTUI(&Env{Stdout: io.Discard, Stderr: io.Discard}, args)
	if err != nil {
		return browser.Options{}, err
	}
	return cfg.browser, nil
}

func parseTUI(e *Env, args []string) (*tuiConfig, error) {
	fs := newFlags(e, "tui", "[tui] [flags] [URL]",
		"Open the interactive explorer on URL: the page's ARIA tree on the left, the selected element's\n"+
			"details and locators on the right. With no URL, the built-in demo site (with --remote, the browser's\n"+
			"page as it is). Press ? for the keys.\n"+
			"Page dialogs wait for you to answer them in the explorer. --log FILE keeps the browser's own output.")
	keys := fs.String("keys", keymap.DefaultPath(), "key config `FILE` (TOML; see docs/explorer.md, \"Keys\")")
	noFollow := fs.Bool("no-follow", false, "start with live follow off (F toggles it): the tree changes only after your actions or r")
	lang := fs.String("lang", "javascript", "locator `LANGUAGE` at start: javascript, python, java or csharp (c cycles it)")
	record := fs.String("record", "", "record from the first page on into the recording `FILE` (ctrl+r pauses; without this flag ctrl+r starts one)")
	secrets := fs.Bool("record-secrets", false, "store what is typed into password fields in recordings as plain text instead of a secret")
	bf := addBrowserFlags(fs, false)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 1 {
		return nil, usagef("ariadne takes one URL to explore, got %d arguments (%s); for a command, run 'ariadne help'",
			len(pos), quoteArgs(pos))
	}
	cfg := &tuiConfig{keys: *keys, noFollow: *noFollow, record: *record, secrets: *secrets}
	if len(pos) == 1 {
		cfg.url = pos[0]
	}
	if cfg.lang, err = refs.ParseLang(*lang); err != nil {
		return nil, usagef("--lang: %v", err)
	}
	if cfg.browser, err = bf.options(); err != nil {
		return nil, err
	}
	// Page dialogs wait for the user, who answers them in the explorer.
	cfg.browser.Dialogs = "wait"
	return cfg, nil
}

func runTUI(ctx context.Context, e *Env, args []string) error {
	cfg, err := parseTUI(e, args)
	if err != nil {
		return err
	}
	out, ok := e.Stdout.(*os.File)
	if !ok || !term.IsTerminal(out.Fd()) {
		return usagef("the explorer needs a terminal; for a one-off snapshot use 'ariadne snapshot [URL]'")
	}
	km, kerr := keymap.Load(cfg.keys)
	notice := ""
	if kerr != nil {
		notice = fmt.Sprintf("key config: %v (using the default keys)", kerr)
	}
	url, demoURL := cfg.url, ""
	// With --remote and no URL, show the browser's page as it is.
	if url == "" && cfg.browser.Remote == "" {
		srv, moved, err := demo.StartDefault(ctx)
		if err != nil {
			return fmt.Errorf("starting the demo site: %w", err)
		}
		defer srv.Close()
		url, demoURL = srv.URL(), srv.URL()
		if moved {
			notice = strings.TrimPrefix(notice+" · "+demoMovedNotice(url), " · ")
		}
	}
	l := &launcher{opts: cfg.browser, start: e.launch}
	defer l.closeAll()
	m := ui.New(ui.Options{
		Launch:       l.launch,
		URL:          url,
		Keys:         km,
		Notice:       notice,
		NoticeErr:    kerr != nil,
		Follow:       !cfg.noFollow,
		Headful:      cfg.browser.Headful,
		Locators:     ui.BrowserLocators,
		LocatorBatch: ui.BrowserLocatorBatch,
		Copy:         ui.SystemCopyEnv(e.getenv), // else OSC 52 through Bubble Tea
		LookupEnv:    e.lookupEnv,
		Lang:         cfg.lang,
		Graphics:     ui.DetectGraphics(e.getenv, runTmux), // the preview inline, where the terminal draws images

		RecordFile:    cfg.record,
		RecordSecrets: cfg.secrets,
		Demo:          demoURL,
	})
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithOutput(out))
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return fmt.Errorf("the explorer stopped: %w", err)
	}
	return nil
}

// launcher starts browser sessions for the explorer and closes them all
// when it ends, including one whose start was still under way.
type launcher struct {
	opts   browser.Options
	start  func(context.Context, browser.Options) (*browser.Browser, error)
	mu     sync.Mutex
	all    []*browser.Browser
	wg     sync.WaitGroup
	closed bool
}

func (l *launcher) launch(ctx context.Context) (ui.Browser, error) {
	l.wg.Add(1)
	defer l.wg.Done()
	b, err := l.start(ctx, l.opts)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		b.Close()
		return nil, refs.Errorf(refs.CodeBrowserClosed, "the explorer is closing")
	}
	l.all = append(l.all, b)
	return b, nil
}

func (l *launcher) closeAll() {
	done := make(chan struct{})
	go func() { l.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
	}
	l.mu.Lock()
	l.closed = true
	all := l.all
	l.all = nil
	l.mu.Unlock()
	for _, b := range all {
		b.Close()
	}
}

// demoMovedNotice tells the user that the demo is not on its usual port,
// and how to serve it there again for what they record.
func demoMovedNotice(url string) string {
	port := strings.TrimSuffix(url[strings.LastIndex(url, ":")+1:], "/")
	return fmt.Sprintf("port %d is taken: the demo is on %s this time; replay serves it again by itself, an exported test needs 'ariadne demo --port %s' in another terminal", demo.DefaultPort, url, port)
}

// runTmux runs a tmux command against the server the explorer runs in
// (TMUX names it) and gives its output; DetectGraphics asks it about the
// outer terminal and passthrough, the preview where the pane is.
func runTmux(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "tmux", args...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %w", strings.Join(args, " "), err)
	}
	return string(out), nil
}

// quoteArgs quotes each argument as Go quotes a string, space-separated.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}
