package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

func formatNames() string {
	var names []string
	for _, f := range recordings.Formats() {
		names = append(names, f.Name)
	}
	return strings.Join(names, "|")
}

func runExport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "export", "export --format "+formatNames()+" FILE [-o OUT]",
		"Export a recording as a test: Playwright Test (TypeScript), Playwright for Python (pytest),\n"+
			"Chrome DevTools Recorder JSON (for Chrome's Recorder panel and @puppeteer/replay), or a chromedp Go program.")
	format := fs.String("format", "playwright-test", "output `FORMAT`: "+formatNames())
	out := fs.String("o", "", "write to `OUT` instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("export takes one recording file (see 'ariadne export --help')")
	}
	path := pos[0]
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("loading %s: %w", path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		return usagef("export: %s is not a regular file: export reads a recording twice (to check it, then to write it); save it to a file first", path)
	}
	problem := func(p recordings.LoadProblem) {
		fmt.Fprintf(e.stderr, "ariadne: %s: %v (skipped; the other steps are kept)\n", path, p)
	}
	exportTo := func(w io.Writer) error {
		err := recordings.ExportFile(ctx, *format, f, w, problem)
		switch {
		case errors.Is(err, recordings.ErrNotRecording):
			err = fmt.Errorf("loading %s: %s: %w", path, path, err)
		case refs.CodeOf(err) == refs.CodeBadArgument: // a line over the limit
			err = refs.Errorf(refs.CodeBadArgument, "%s: %s", path, refs.MessageOf(err))
		}
		return err
	}
	var w *outFile
	if *out == "" {
		// Standard output gets the export whole or not at all: it is
		// written to an unnamed temporary file first.
		w, err = spoolOut()
	} else {
		w, err = createOut(*out)
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer w.Abort()
	err = interruptible(ctx, func() error {
		if err := exportTo(w); err != nil {
			return err
		}
		if *out == "" {
			return w.copyTo(e.stdout)
		}
		return w.Commit()
	})
	if errors.Is(err, recordings.ErrUnknownFormat) {
		err = usagef("export: unknown format %q; want %s", *format, formatNames())
	}
	return err
}
