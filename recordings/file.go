package recordings

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sync"

	"github.com/ariadne-tui/ariadne/refs"
)

// A recording file is JSON Lines (UTF-8, one JSON object per line, "\n"
// line ends), written as the user records so that a crash or a SIGKILL
// loses at most the step being written:
//
//	{"format":"ariadne-recording","version":1,"created":"2026-05-01T10:00:00Z","startUrl":"http://127.0.0.1:8080/form.html","title":"Sign in"}
//	{"kind":"navigate","url":"http://127.0.0.1:8080/form.html"}
//	{"kind":"fill","target":{"locator":{"parts":[{"kind":"label","text":"Email"}]},"role":"textbox","name":"Email"},"text":"ada@example.com"}
//	{"kind":"fill","target":{"locator":{"parts":[{"kind":"label","text":"Password"}]}},"text":{"secret":"ARIADNE_SECRET_PASSWORD"}}
//	{"kind":"click","target":{"locator":{"parts":[{"kind":"role","role":"button","text":"Sign in"}]},"role":"button","name":"Sign in"}}
//
// The first line is the header (type Header): "format" is always
// "ariadne-recording" and "version" the format version, 1. Readers refuse a
// file with another format or a newer version. Each later line is one Step;
// fields left out are empty. A locator is a refs.Locator: {"parts":[...]},
// each part a refs.Part. A typed value is a string, or {"secret":"NAME"}
// for a value read from the environment variable NAME (see secrets.go).
//
// Blank lines are ignored. A line that does not parse, or a step that is
// not valid for its kind, is reported by Load with its line number and
// skipped; the steps around it are kept. A new field may be added within a
// version (readers ignore fields they do not know); removing or changing
// the meaning of one needs a new version.

// The name and version written in the header.
const (
	FormatName    = "ariadne-recording"
	FormatVersion = 1
)

// ErrNotRecording is wrapped by Load's error when the file is not an
// Ariadne recording: no header, a header that does not parse, another
// format, or a version this package does not read.
var ErrNotRecording = errors.New("not_a_recording")

// LoadProblem is a line Load skipped.
type LoadProblem struct {
	Line int // 1-based
	Err  error
}

func (p LoadProblem) Error() string { return fmt.Sprintf("line %d: %v", p.Line, p.Err) }

// Load reads a recording file. It returns an error only when the file
// cannot be read or its header is bad; a bad step line is reported in the
// problems and skipped.
func Load(path string) (*Recording, []LoadProblem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rec, problems, err := Decode(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, problems, nil
}

// Decode reads a recording in the file format from r, as Load does. A
// line over MaxLineSize is an error.
func Decode(r io.Reader) (*Recording, []LoadProblem, error) {
	var problems []LoadProblem
	sc, err := newScanner(r, func(p LoadProblem) { problems = append(problems, p) })
	if err != nil {
		return nil, nil, err
	}
	rec := &Recording{Header: sc.header, Steps: []Step{}}
	for sc.next() {
		rec.Steps = append(rec.Steps, sc.step)
	}
	if sc.err != nil {
		return nil, nil, sc.err
	}
	return rec, problems, nil
}

func decodeHeader(b []byte, line int) (Header, error) {
	var h Header
	if err := json.Unmarshal(b, &h); err != nil {
		return h, fmt.Errorf("%w: line %d: header: %v", ErrNotRecording, line, err)
	}
	switch {
	case h.Format != FormatName:
		return h, fmt.Errorf("%w: line %d: format is %q, want %q", ErrNotRecording, line, h.Format, FormatName)
	case h.Version > FormatVersion:
		return h, fmt.Errorf("%w: format version %d is newer than this Ariadne reads (%d): upgrade Ariadne", ErrNotRecording, h.Version, FormatVersion)
	case h.Version < 1:
		return h, fmt.Errorf("%w: line %d: format version %d is not a version", ErrNotRecording, line, h.Version)
	}
	return h, nil
}

func decodeStep(b []byte) (Step, error) {
	var s Step
	if err := json.Unmarshal(b, &s); err != nil {
		return s, err
	}
	return s, s.Validate()
}

// Encode writes rec in the file format.
func Encode(w io.Writer, rec *Recording) error {
	bw := bufio.NewWriter(w)
	if err := writeLine(bw, headerOf(rec.Header)); err != nil {
		return err
	}
	for _, s := range rec.Steps {
		if err := writeLine(bw, s); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func headerOf(h Header) Header {
	h.Format, h.Version = FormatName, FormatVersion
	return h
}

// writeLine writes v as one line of JSON, hidden characters escaped.
func writeLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(refs.EscapeJSON(b), '\n'))
	return err
}

// Writer appends steps to a recording file as they are recorded. Each
// write reaches the disk (fsync) before it returns. A Writer is safe for
// use by several goroutines.
type Writer struct {
	mu     sync.Mutex
	path   string
	f      *os.File
	header Header
	steps  []Step
}

// Create starts a new recording file at path, which must not exist, and
// writes the header.
func Create(path string, h Header) (*Writer, error) {
	h = headerOf(h)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	w := &Writer{path: path, f: f, header: h}
	if err := w.writeSynced(h); err != nil {
		f.Close()
		return nil, err
	}
	syncDir(path)
	return w, nil
}

// Path returns the file the writer writes.
func (w *Writer) Path() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.path
}

// Recording returns a copy of what has been written.
func (w *Writer) Recording() *Recording {
	w.mu.Lock()
	defer w.mu.Unlock()
	return &Recording{Header: w.header, Steps: append([]Step(nil), w.steps...)}
}

// Append writes s as the next line, as recorded, and syncs the file.
func (w *Writer) Append(s Step) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := s.Validate(); err != nil {
		return err
	}
	if err := w.writeSynced(s); err != nil {
		return err
	}
	w.steps = append(w.steps, s)
	return nil
}

// Add adds s through the collapse rules (see Add). When they only append,
// it appends one line; when they rewrite the last steps, it rewrites the
// file.
func (w *Writer) Add(s Step) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := s.Validate(); err != nil {
		return err
	}
	next := Add(w.steps, s)
	if len(next) == len(w.steps)+1 && reflect.DeepEqual(next[:len(w.steps)], w.steps) {
		if err := w.writeSynced(s); err != nil {
			return err
		}
		w.steps = next
		return nil
	}
	if err := w.rewrite(w.path, next); err != nil {
		return err
	}
	w.steps = next
	return nil
}

// SetHeader replaces the header (its format and version stay those of
// the writer), rewriting the file.
func (w *Writer) SetHeader(h Header) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	old := w.header
	w.header = headerOf(h)
	if err := w.rewrite(w.path, w.steps); err != nil {
		w.header = old
		return err
	}
	return nil
}

// DeleteLast removes the last step, rewriting the file.
func (w *Writer) DeleteLast() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.steps) == 0 {
		return errors.New("the recording has no steps to delete")
	}
	next := w.steps[: len(w.steps)-1 : len(w.steps)-1]
	if err := w.rewrite(w.path, next); err != nil {
		return err
	}
	w.steps = next
	return nil
}

// SaveAs writes the recording to path (replacing it if it exists) and
// carries on writing there; the old file is left as it is.
func (w *Writer) SaveAs(path string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.rewrite(path, w.steps)
}

// Close closes the file.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}

func (w *Writer) writeSynced(v any) error {
	if w.f == nil {
		return os.ErrClosed
	}
	if err := writeLine(w.f, v); err != nil {
		return err
	}
	return w.f.Sync()
}

// rewrite writes the header and steps to a temporary file beside path,
// syncs it, renames it over path and reopens it for appending, so that a
// crash leaves either the old file or the new one.
func (w *Writer) rewrite(path string, steps []Step) error {
	if w.f == nil {
		return os.ErrClosed
	}
	if err := writeAtomic(path, &Recording{Header: w.header, Steps: steps}); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	w.f.Close()
	w.f, w.path = f, path
	return nil
}

// writeAtomic writes rec to a temporary file beside path, syncs it and
// renames it over path.
func writeAtomic(path string, rec *Recording) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		// Renaming over a device or a pipe would replace it with a file.
		return fmt.Errorf("%s is not a regular file; save the recording to a file", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	err = Encode(tmp, rec)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return err
	}
	syncDir(path)
	return nil
}

// syncDir syncs the directory holding path, so that a new or renamed file
// is on disk; errors are ignored, as some systems cannot sync directories.
func syncDir(path string) {
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
}
