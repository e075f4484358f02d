package recordings

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file reads a recording file line by line (see file.go for the
// format), so that a reader holds one line at a time: Decode keeps the
// steps it reads, ExportFile keeps none.

// MaxLineSize is the longest line a recording file may have. A step
// Ariadne records is a few kilobytes; the largest, an ARIA snapshot
// assertion of a big page, a few hundred.
const MaxLineSize = 16 << 20

// MaxReplaySize is the largest recording a replay reads (LoadLimited): a
// replay holds its steps in memory, and 64 MB is some 300,000 steps, days
// of replaying. Export streams and has no such limit.
const MaxReplaySize = 64 << 20

// lineReader reads lines of at most MaxLineSize bytes.
type lineReader struct {
	br   *bufio.Reader
	buf  []byte
	line int // the number of the line last read, from 1
}

// next returns the next line without its "\n", valid until the next call,
// and io.EOF after the last line. A line over MaxLineSize is an error.
func (r *lineReader) next() ([]byte, error) {
	r.buf = r.buf[:0]
	r.line++
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.buf)+len(chunk) > MaxLineSize+1 { // +1: the "\n"
			return nil, refs.Errorf(refs.CodeBadArgument,
				"line %d is longer than %s, the most a recording line may hold; a step Ariadne records is a few kilobytes: remove or shorten that line",
				r.line, mebibytes(MaxLineSize))
		}
		r.buf = append(r.buf, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(r.buf) > 0:
			return r.buf, nil // a last line without "\n"
		case err != nil:
			return nil, err
		}
		return r.buf[:len(r.buf)-1], nil
	}
}

// scanner reads a recording file: its header, then one step at a time.
// A line that does not parse or is not a valid step goes to problem (when
// set) and is skipped, as Load skips it.
type scanner struct {
	lines   lineReader
	header  Header
	step    Step
	problem func(LoadProblem)
	err     error
}

// newScanner reads the header from r.
func newScanner(r io.Reader, problem func(LoadProblem)) (*scanner, error) {
	s := &scanner{lines: lineReader{br: bufio.NewReaderSize(r, 64<<10)}, problem: problem}
	for {
		b, err := s.lines.next()
		if err == io.EOF {
			return nil, fmt.Errorf("%w: the file is empty: no header line", ErrNotRecording)
		}
		if err != nil {
			return nil, err
		}
		if s.lines.line == 1 {
			b = bytes.TrimPrefix(b, []byte("\ufeff")) // a BOM some editors write
		}
		if b = bytes.TrimSpace(b); len(b) > 0 {
			if s.header, err = decodeHeader(b, s.lines.line); err != nil {
				return nil, err
			}
			return s, nil
		}
	}
}

// next reads the next valid step, reporting false at the end of the file
// or at an error (then in s.err).
func (s *scanner) next() bool {
	for s.err == nil {
		b, err := s.lines.next()
		if err == io.EOF {
			return false
		}
		if err != nil {
			s.err = err
			return false
		}
		if b = bytes.TrimSpace(b); len(b) == 0 {
			continue
		}
		st, err := decodeStep(b)
		if err == nil {
			s.step = st
			return true
		}
		if s.problem != nil {
			s.problem(LoadProblem{Line: s.lines.line, Err: err})
		}
	}
	return false
}

// LoadLimited is Load refusing a file over limit bytes (a bad_argument
// error that gives the size and the limit) before it reads any of it.
func LoadLimited(path string, limit int64) (*Recording, []LoadProblem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	tooBig := func(size string) error {
		return refs.Errorf(refs.CodeBadArgument,
			"%s is %s; a recording to replay may be at most %s: replay a shorter one (split it into files and replay them together as a suite)",
			path, size, megabytes(limit))
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, nil, tooBig(megabytes(st.Size()))
	}
	// A pipe has no size: count what it gives.
	lr := &io.LimitedReader{R: f, N: limit + 1}
	rec, problems, err := Decode(lr)
	if lr.N <= 0 {
		return nil, nil, tooBig("over " + megabytes(limit))
	}
	if c := refs.CodeOf(err); c != "" {
		return nil, nil, refs.Errorf(c, "%s: %s", path, refs.MessageOf(err))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, problems, nil
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

func mebibytes(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }
