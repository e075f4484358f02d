package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ariadne-tui/ariadne/refs"
)

// codeInterrupted is the code of a command stopped by SIGINT or SIGTERM.
const codeInterrupted refs.Code = "interrupted"

// interruptible runs f, which does not watch ctx (decoding or writing a
// large file), and returns as soon as ctx is done: Ctrl-C and SIGTERM stop
// the command within a second whatever f is doing. The caller cleans up
// (removes a half-written file); f's goroutine ends with the process.
func interruptible(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return refs.Errorf(codeInterrupted, "stopped by a signal; nothing was written")
	}
}

// outFile is an output file written under a temporary name beside it and
// renamed into place by Commit, so that a failed or interrupted command
// leaves no half-written file behind. An output that exists and is not a
// regular file (/dev/null, /dev/stdout, a named pipe) is written in place:
// renaming over it would replace the device with a file.
type outFile struct {
	f      *os.File
	path   string
	direct bool
	// noClobber makes Commit refuse to replace a file at path.
	noClobber bool
}

func createOut(path string, noClobber bool) (*outFile, error) {
	if noClobber {
		if _, err := os.Lstat(path); err == nil {
			return nil, existsError(path)
		}
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &outFile{f: f, path: path, direct: true}, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".partial-*")
	if errors.Is(err, fs.ErrNotExist) {
		dir := refs.EscapeHidden(filepath.Dir(path))
		return nil, refs.Errorf(refs.CodeBadArgument, "no directory %s to write %s in; create it first (mkdir -p %s) or give -o a path in one that exists",
			dir, refs.EscapeHidden(filepath.Base(path)), dir)
	}
	if err != nil {
		return nil, err
	}
	return &outFile{f: f, path: path, noClobber: noClobber}, nil
}

// existsError is the error of an output that -n keeps.
func existsError(path string) error {
	return refs.Errorf(refs.CodeBadArgument, "%s exists; give a new file name, or leave out -n to replace it (nothing is overwritten)", refs.EscapeHidden(path))
}

// spoolOut is an outFile with no name, which copyTo sends on: an output
// that must arrive whole or not at all (standard output) is written to it
// first. It is removed as soon as it is made, so that nothing is left
// behind whatever happens.
func spoolOut() (*outFile, error) {
	f, err := os.CreateTemp("", "ariadne-export-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	return &outFile{f: f, direct: true}, nil
}

// copyTo sends what was written to a spoolOut to w.
func (o *outFile) copyTo(w io.Writer) error {
	if _, err := o.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, o.f)
	return err
}

func (o *outFile) Write(p []byte) (int, error) { return o.f.Write(p) }

// Commit closes the file and moves it to its name.
func (o *outFile) Commit() error {
	if o.direct {
		return o.f.Close()
	}
	if err := o.f.Close(); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	if o.noClobber {
		// A link fails if the name was taken meanwhile; a rename
		// would replace it.
		err := os.Link(o.f.Name(), o.path)
		os.Remove(o.f.Name())
		if errors.Is(err, os.ErrExist) {
			return existsError(o.path)
		}
		return err
	}
	return os.Rename(o.f.Name(), o.path)
}

// Abort closes and removes the file; it is safe after Commit. An output
// written in place is only closed.
func (o *outFile) Abort() {
	o.f.Close()
	if !o.direct {
		os.Remove(o.f.Name())
	}
}

// checkSize refuses a file larger than limit with a clear error.
func checkSize(path string, limit int64, what string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st.Size() > limit {
		return refs.Errorf(refs.CodeBadArgument, "%s is %s; %s may be at most %s", path, megabytes(st.Size()), what, megabytes(limit))
	}
	return nil
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }
