package cli

import (
	"context"
	"fmt"
	"io"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ariadne-tui/ariadne/mcp"
	"github.com/ariadne-tui/ariadne/refs"
)

// mcpVersion is what the server reports to clients as its version.
const mcpVersion = "0.1.0"

const mcpSummary = `Serve the Model Context Protocol on standard input and output, for coding
agents: one browser session for the life of the server, driven by
Playwright MCP's tools (same names and arguments) and Ariadne's own
(browser_generate_locator, browser_find, browser_snapshot_diff, recording,
replay). Diagnostics go to standard error. With --cdp-port N the browser
serves the DevTools protocol on 127.0.0.1:N, for another DevTools client to
attach to the agent's tab (its pages: http://127.0.0.1:N/json/list).`

func runMCP(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "mcp", "mcp [flags]", mcpSummary)
	port := fs.Int("cdp-port", 0, "serve the DevTools protocol of the launched browser on 127.0.0.1:`PORT`, for another client to watch the agent's tab")
	lang := fs.String("lang", "javascript", "default language of browser_generate_locator: `javascript|python|java|csharp`")
	dir := fs.String("output-dir", "", "`DIR` for screenshots, recordings and exports given with relative names (default: the working directory)")
	bf := addBrowserFlags(fs, true)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("mcp takes no arguments, got %q", pos)
	}
	l, err := refs.ParseLang(*lang)
	if err != nil {
		return usagef("--lang: %v", err)
	}
	if *port < 0 || *port > 65535 {
		return usagef("--cdp-port: %d is not a port", *port)
	}
	opts, err := bf.options()
	if err != nil {
		return err
	}
	// Dialogs wait for browser_handle_dialog, unless --dialogs was given.
	if !flagSet(fs, "dialogs") {
		opts.Dialogs = "wait"
	}
	opts.DebugPort = *port
	opts.OwnTab = true // with --remote, the agent works in a tab of its own
	opts.Logf = func(format string, args ...any) {
		fmt.Fprintf(e.Stderr, "ariadne mcp: %s\n", refs.EscapeHidden(fmt.Sprintf(format, args...)))
	}
	b, err := e.launch(ctx, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	if *port > 0 && opts.Remote == "" {
		fmt.Fprintf(e.Stderr, "ariadne mcp: the browser's DevTools protocol is on http://127.0.0.1:%d (its pages: http://127.0.0.1:%d/json/list)\n", *port, *port)
	}
	srv, err := mcp.New(b, mcp.Options{Version: mcpVersion, Lang: l, Dir: *dir, Remote: opts.Remote != ""})
	if err != nil {
		return err
	}
	defer srv.Close()
	t := &sdk.IOTransport{Reader: io.NopCloser(e.Stdin), Writer: nopWriteCloser{e.Stdout}}
	if err := srv.Run(ctx, t); err != nil && ctx.Err() == nil {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}

// nopWriteCloser lets the server write to the command's stdout without
// closing it.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
