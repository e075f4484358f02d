package main

import (
	"fmt"
	"io"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file is shared by the commands that read recordings (export,
// replay).

// loadRecording loads a recording file, reporting (on stderr) the lines it
// had to skip; a file that is not a recording at all is an error.
func loadRecording(e *env, path string) (*recordings.Recording, error) {
	return loadRecordingTo(e.stderr, path)
}

// loadRecordingTo is loadRecording reporting skipped lines to stderr.
func loadRecordingTo(stderr io.Writer, path string) (*recordings.Recording, error) {
	rec, problems, err := recordings.Load(path)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", path, err)
	}
	for _, p := range problems {
		fmt.Fprintf(stderr, "ariadne: %s: %s (skipped; the other steps are kept)\n", refs.EscapeHidden(path), refs.EscapeHidden(p.Error()))
	}
	return rec, nil
}
