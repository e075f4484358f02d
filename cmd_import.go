package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/ariadne-tui/ariadne/recordings"
)

func runImport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "import", "import FILE [-o OUT]",
		"Read a Chrome DevTools Recorder JSON recording and write it as an Ariadne recording\n"+
			"(which replay heals and export turns into Playwright tests).")
	out := fs.String("o", "", "write the recording to `OUT` instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("import takes one DevTools Recorder JSON file")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	rec, err := recordings.ImportDevTools(f)
	var ie *recordings.ImportError
	if errors.As(err, &ie) && rec != nil {
		for _, p := range ie.Problems {
			fmt.Fprintf(e.stderr, "ariadne: %s: %v (skipped)\n", pos[0], p)
		}
		err = nil
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", pos[0], err)
	}
	if *out == "" {
		return recordings.Encode(e.stdout, rec)
	}
	w, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	if err := recordings.Encode(w, rec); err != nil {
		w.Close()
		return fmt.Errorf("import: %w", err)
	}
	return w.Close()
}
