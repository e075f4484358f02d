package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
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
	rec, err := loadRecording(e, pos[0])
	if err != nil {
		return err
	}
	var w io.Writer = e.stdout
	var f *os.File
	if *out != "" {
		if f, err = os.Create(*out); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		w = f
	}
	err = recordings.Export(*format, rec, w)
	if errors.Is(err, recordings.ErrUnknownFormat) {
		err = usagef("export: unknown format %q; want %s", *format, formatNames())
	}
	if f != nil {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("export: %w", cerr)
		}
		if err != nil {
			os.Remove(*out)
		}
	}
	return err
}
