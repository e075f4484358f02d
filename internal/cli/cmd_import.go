package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

func runImport(ctx context.Context, e *Env, args []string) error {
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
	if err := checkSize(pos[0], maxImportSize, "a DevTools recording"); err != nil {
		return err
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	var rec *recordings.Recording
	err = interruptible(ctx, func() (err error) {
		rec, err = recordings.ImportDevTools(f)
		return err
	})
	var ie *recordings.ImportError
	if errors.As(err, &ie) && rec != nil {
		for _, p := range ie.Problems {
			fmt.Fprintf(e.Stderr, "ariadne: %s: %s (skipped)\n", pos[0], refs.EscapeHidden(p.Error()))
		}
		err = nil
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", pos[0], err)
	}
	if *out == "" {
		return interruptible(ctx, func() error { return recordings.Encode(e.Stdout, rec) })
	}
	w, err := createOut(*out, false)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer w.Abort()
	if err := interruptible(ctx, func() error { return recordings.Encode(w, rec) }); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return w.Commit()
}

// maxImportSize is the largest DevTools recording import reads: Chrome's
// are a few kilobytes.
const maxImportSize = 64 << 20
