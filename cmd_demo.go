package main

import (
	"context"
	"fmt"

	"github.com/ariadne-tui/ariadne/demo"
)

func runDemo(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "demo", "demo", "Serve Ariadne's built-in demo site on 127.0.0.1 and print its URL. Stop with Ctrl-C.")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	srv, err := demo.Start(ctx)
	if err != nil {
		return fmt.Errorf("starting the demo site: %w", err)
	}
	defer srv.Close()
	fmt.Fprintln(e.stdout, srv.URL())
	<-ctx.Done()
	return nil
}
