package cli

import (
	"context"
	"fmt"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/refs"
)

func runSnapshot(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "snapshot", "snapshot [flags] [URL]",
		"Print the ARIA snapshot of a page (with [ref=eN] labels) and exit. With no URL, the built-in demo site\n"+
			"(with --remote, the page the browser shows, as it is).")
	asJSON := fs.Bool("json", false, "print the snapshot as JSON (every field; see docs/commands.md)")
	interactive := fs.Bool("interactive", false, "keep only interactive nodes and their ancestors")
	noRefs := fs.Bool("no-refs", false, "leave out [ref=eN] and print iframes as leaves, as Playwright's ariaSnapshot() does, for toMatchAriaSnapshot")
	var wait waitFlag
	fs.Var(&wait, "wait", "after load, wait for "+waitUsage+" (repeatable; each within --timeout)")
	bf := addBrowserFlags(fs, true)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("snapshot takes one URL, got %d arguments", len(pos))
	}
	url := ""
	if len(pos) == 1 {
		url = pos[0]
	} else if bf.remote == "" { // with --remote, the page as it is
		srv, err := demo.Start(ctx)
		if err != nil {
			return fmt.Errorf("starting the demo site: %w", err)
		}
		defer srv.Close()
		url = srv.URL()
	}
	opts, err := bf.options()
	if err != nil {
		return err
	}
	// Without refs the text is for toMatchAriaSnapshot: exactly Playwright's tree.
	opts.TextContainers = !*noRefs
	b, err := e.launch(ctx, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	nav := &browser.NavResult{}
	if url != "" {
		if nav, err = b.Open(ctx, url); err != nil {
			return err
		}
	}
	if err := wait.run(ctx, b, bf.timeout); err != nil {
		return err
	}
	snap, err := b.Snapshot(ctx)
	if err != nil {
		return err
	}
	snap.Partial = nav.Partial
	if *interactive {
		snap.Root = refs.InteractiveOnly(snap.Root)
	}
	if *asJSON {
		return writeJSON(e.Stdout, snap, true)
	}
	if nav.Partial {
		fmt.Fprintf(e.Stderr, "ariadne: %s did not finish loading within %s; this snapshot shows it as it was\n", refs.EscapeHidden(url), bf.timeout)
	}
	_, err = fmt.Fprint(e.Stdout, refs.Text(snap.Root, refs.TextOptions{NoRefs: *noRefs, LeafFrames: *noRefs}))
	return err
}
