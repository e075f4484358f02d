package cli

import (
	"context"
	"fmt"

	"github.com/ariadne-tui/ariadne/demo"
)

func runDemo(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "demo", "demo [--port N]", "Serve Ariadne's built-in demo site on 127.0.0.1 and print its URL. Stop with Ctrl-C.")
	port := fs.Int("port", 0, "serve on this loopback `PORT` (default: any free port)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("demo takes no arguments, got %q (see 'ariadne demo --help')", pos[0])
	}
	if *port < 0 || *port > 65535 {
		return usagef("--port: want 1-65535 (or 0 for any free port), not %d", *port)
	}
	srv, err := demo.StartPort(ctx, *port)
	if err != nil {
		return fmt.Errorf("starting the demo site: %w", err)
	}
	defer srv.Close()
	fmt.Fprintln(e.Stdout, srv.URL())
	<-ctx.Done()
	return nil
}
