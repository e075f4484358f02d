package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ariadne-tui/ariadne/recordings"
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
	if err := checkSize(pos[0], maxRecordingSize, "a recording"); err != nil {
		return err
	}
	var rec *recordings.Recording
	if err := interruptible(ctx, func() (err error) { rec, err = loadRecording(e, pos[0]); return err }); err != nil {
		return err
	}
	if *out == "" {
		err = interruptible(ctx, func() error { return recordings.Export(*format, rec, e.stdout) })
	} else {
		var w *outFile
		if w, err = createOut(*out); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer w.Abort()
		if err = interruptible(ctx, func() error { return recordings.Export(*format, rec, w) }); err == nil {
			err = w.Commit()
		}
	}
	if errors.Is(err, recordings.ErrUnknownFormat) {
		err = usagef("export: unknown format %q; want %s", *format, formatNames())
	}
	return err
}

// maxRecordingSize is the largest recording export reads (a recording of
// a long session is a few megabytes).
const maxRecordingSize = 64 << 20
