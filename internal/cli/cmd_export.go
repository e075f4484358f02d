package cli

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

func runExport(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "export", "export [--format FORMAT] FILE [-o OUT [-n]]",
		"Export a recording as a test: Playwright Test (TypeScript), Playwright for Python (pytest),\n"+
			"Chrome DevTools Recorder JSON (for Chrome's Recorder panel and @puppeteer/replay), or a chromedp Go program.\n"+
			"Without --format the format is the one OUT's extension names (.spec.ts and .ts playwright-test,\n"+
			".py playwright-python, .json devtools-recorder, .go chromedp), else playwright-test.\n"+
			"-o replaces an existing OUT, as cp does (whole: it is written beside it and renamed); -n refuses to.")
	format := fs.String("format", "", "output `FORMAT`: "+formatNames()+" (default: from OUT's extension, else playwright-test)")
	out := fs.String("o", "", "write to `OUT` instead of standard output")
	var noClobber bool
	fs.BoolVar(&noClobber, "n", false, "do not replace OUT if it exists (exit 1, nothing written)")
	fs.BoolVar(&noClobber, "no-clobber", false, "the same as -n")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("export takes one recording file (see 'ariadne export --help')")
	}
	if noClobber && *out == "" {
		return usagef("export: -n keeps an existing OUT: give one with -o")
	}
	if *format == "" {
		var ext string
		*format, ext = formatOfOut(*out)
		if ext != "" {
			fmt.Fprintf(e.Stderr, "ariadne: export: writing %s, as %s names it (--format chooses another)\n", *format, ext)
		}
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
		fmt.Fprintf(e.Stderr, "ariadne: %s: %s (skipped; the other steps are kept)\n", refs.EscapeHidden(path), refs.EscapeHidden(p.Error()))
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
		w, err = createOut(*out, noClobber)
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
			return w.copyTo(e.Stdout)
		}
		return w.Commit()
	})
	if errors.Is(err, recordings.ErrUnknownFormat) {
		err = usagef("export: unknown format %q; want %s", *format, formatNames())
	}
	return err
}

// formatOfOut is the export format the extension of out names and that
// extension, else playwright-test and "" (as when out is "", standard
// output).
func formatOfOut(out string) (format, ext string) {
	name := strings.ToLower(out)
	for _, f := range recordings.Formats() {
		if strings.HasSuffix(name, f.Ext) {
			return f.Name, f.Ext
		}
	}
	if strings.HasSuffix(name, ".ts") {
		return "playwright-test", ".ts"
	}
	return "playwright-test", ""
}
