package recordings

import (
	"bytes"
	"context"
	"errors"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

// exportFile is ExportFile over the recording file at path.
func exportFile(t *testing.T, format, path string) ([]byte, []LoadProblem, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	var problems []LoadProblem
	err = ExportFile(context.Background(), format, f, &out, func(p LoadProblem) { problems = append(problems, p) })
	return out.Bytes(), problems, err
}

// TestExportFileGolden streams every golden recording file through
// ExportFile: the output is the golden export, byte for byte.
func TestExportFileGolden(t *testing.T) {
	t.Parallel()
	for _, fx := range fixtures() {
		for _, f := range Formats() {
			t.Run(fx.name+"/"+f.Name, func(t *testing.T) {
				got, problems, err := exportFile(t, f.Name, filepath.Join("testdata", fx.name+".jsonl.golden"))
				if err != nil || len(problems) > 0 {
					t.Fatal(err, problems)
				}
				want, err := os.ReadFile(filepath.Join("testdata", fx.name+goldenExt(f)+".golden"))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("the streamed export differs from testdata/%s%s.golden", fx.name, goldenExt(f))
				}
			})
		}
	}
}

// cycled is a recording that repeats the steps of the fixtures (all but
// the popup one, whose tab opens once) n times under the sign-in header.
func cycled(n int) *Recording {
	rec := &Recording{Header: signinRecording(goldenOrigin).Header}
	for range n {
		for _, fx := range fixtures() {
			if fx.name != "popup" {
				rec.Steps = append(rec.Steps, fx.rec(goldenOrigin).Steps...)
			}
		}
	}
	return rec
}

// TestExportFileLarge exports a recording of over 20,000 steps from its
// file: the same output as the export of the recording in memory, which
// is the export of one cycle of steps with the cycle's own output
// repeated; the chromedp program, formatted in pieces, is what gofmt
// makes of it whole. A bad line in the middle is reported once and
// skipped.
func TestExportFileLarge(t *testing.T) {
	t.Parallel()
	one, two := cycled(1), cycled(2)
	n := 20_000/len(one.Steps) + 1
	rec := cycled(n)
	path := filepath.Join(t.TempDir(), "large.jsonl")
	var file bytes.Buffer
	if err := Encode(&file, rec); err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(file.Bytes(), []byte("\n"))
	mid := len(lines) / 2
	bad := append(append(bytes.Join(lines[:mid], nil), "{\"kind\":\"warp\"}\n"...), bytes.Join(lines[mid:], nil)...)
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats() {
		t.Run(f.Name, func(t *testing.T) {
			got, problems, err := exportFile(t, f.Name, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 1 || problems[0].Line != mid+1 {
				t.Errorf("problems %v, want line %d only", problems, mid+1)
			}
			var mem bytes.Buffer
			if err := Export(f.Name, rec, &mem); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, mem.Bytes()) {
				t.Fatalf("the file's export (%d bytes) differs from the recording's in memory (%d bytes)", len(got), mem.Len())
			}
			if f.Name == "chromedp" {
				// Steps are numbered: no cycle repeats; gofmt checks it.
				whole, err := format.Source(got)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(whole, got) {
					t.Error("gofmt changes the program formatted in pieces")
				}
				if c := strings.Count(string(got), "\n\t// Step "); c != len(rec.Steps)-dialogSteps(rec) {
					t.Errorf("%d steps in the program, want %d", c, len(rec.Steps)-dialogSteps(rec))
				}
				return
			}
			var o1, o2 bytes.Buffer
			if err := Export(f.Name, one, &o1); err != nil {
				t.Fatal(err)
			}
			if err := Export(f.Name, two, &o2); err != nil {
				t.Fatal(err)
			}
			if want := repeatCycle(t, o1.String(), o2.String(), n); string(got) != want {
				t.Errorf("%d bytes, want %d: the output of one cycle with its steps %d times", len(got), len(want), n)
			}
		})
	}
}

func dialogSteps(rec *Recording) int {
	n := 0
	for _, s := range rec.Steps {
		if s.Kind == Dialog {
			n++
		}
	}
	return n
}

// repeatCycle is the output of n cycles of steps from those of one (o1)
// and two (o2): o2 is o1 with the cycle's text inserted at the first byte
// where they differ.
func repeatCycle(t *testing.T, o1, o2 string, n int) string {
	t.Helper()
	p := 0
	for p < len(o1) && o1[p] == o2[p] {
		p++
	}
	d := len(o2) - len(o1)
	if d <= 0 || o2[p+d:] != o1[p:] {
		t.Fatal("two cycles are not one cycle with its steps repeated")
	}
	return o1[:p] + strings.Repeat(o2[p:p+d], n-1) + o1[p:]
}

// TestLineLimit: a line over MaxLineSize is refused (bad_argument, with
// its line number) by Load, the replay's LoadLimited and ExportFile, after
// reading no more than the limit of it.
func TestLineLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "long.jsonl")
	var b bytes.Buffer
	if err := Encode(&b, signinRecording(goldenOrigin)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(b.String(), "\n")
	b.WriteString(`{"kind":"fill","text":"`)
	b.WriteString(strings.Repeat("x", MaxLineSize))
	b.WriteString("\"}\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(what string, err error) {
		t.Helper()
		if refs.CodeOf(err) != refs.CodeBadArgument || !strings.Contains(err.Error(), "line "+strconv.Itoa(lines+1)+" is longer than 16 MiB") ||
			!strings.Contains(err.Error(), "remove or shorten that line") {
			t.Errorf("%s: got %v, want bad_argument naming line %d", what, err, lines+1)
		}
	}
	_, _, err := Load(path)
	check("Load", err)
	_, _, err = LoadLimited(path, MaxReplaySize)
	check("LoadLimited", err)
	if err == nil || !strings.HasPrefix(refs.MessageOf(err), path+": ") {
		t.Errorf("LoadLimited: %v does not name the file", err)
	}
	out, _, err := exportFile(t, "playwright-test", path)
	check("ExportFile", err)
	if len(out) > 0 {
		t.Errorf("ExportFile wrote %d bytes before refusing the file", len(out))
	}
	// A line of exactly the limit is read (and skipped: a fill needs a
	// target).
	b.Truncate(b.Len() - 3 - MaxLineSize)
	b.WriteString(strings.Repeat("x", MaxLineSize-len(`{"kind":"fill","text":""}`)) + "\"}\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, problems, err := Load(path); err != nil || len(problems) != 1 || problems[0].Line != lines+1 {
		t.Errorf("a line of %d bytes: %v %v", MaxLineSize, err, problems)
	}
}

// TestLoadLimited refuses a file over the limit before reading it, with
// its size and the limit, and a pipe once it has given more than the
// limit.
func TestLoadLimited(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "big.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 65 MB that are never read.
	if err := f.Truncate(MaxReplaySize + 1<<20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, _, err = LoadLimited(path, MaxReplaySize)
	if refs.CodeOf(err) != refs.CodeBadArgument || !strings.Contains(err.Error(), path+" is 65.0 MB; a recording to replay may be at most 64.0 MB: replay a shorter one") {
		t.Errorf("got %v", err)
	}
	var rec bytes.Buffer
	if err := Encode(&rec, cycled(3)); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() { w.Write(rec.Bytes()); w.Close() }()
	defer r.Close()
	pipe := "/dev/fd/" + strconv.Itoa(int(r.Fd()))
	if _, err := os.Stat(pipe); err != nil {
		t.Skip(err)
	}
	_, _, err = LoadLimited(pipe, int64(rec.Len()/2))
	if refs.CodeOf(err) != refs.CodeBadArgument || !strings.Contains(err.Error(), "is over ") {
		t.Errorf("a pipe: got %v", err)
	}
	if got, _, err := LoadLimited(filepath.Join("testdata", "signin.jsonl.golden"), MaxReplaySize); err != nil || len(got.Steps) == 0 {
		t.Errorf("a small file: %v", err)
	}
	if _, _, err := LoadLimited(filepath.Join("testdata", "missing.jsonl"), MaxReplaySize); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// BenchmarkExportFile exports a recording file of about 2,000 steps in
// each format, streaming, beside the export of the same recording loaded
// whole first (what export did before it streamed).
func BenchmarkExportFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "rec.jsonl")
	var file bytes.Buffer
	if err := Encode(&file, cycled(20)); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, f := range Formats() {
		b.Run(f.Name+"/stream", func(b *testing.B) {
			for range b.N {
				in, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				err = ExportFile(context.Background(), f.Name, in, io.Discard, nil)
				in.Close()
				if err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(file.Len()))
		})
		b.Run(f.Name+"/whole", func(b *testing.B) {
			for range b.N {
				rec, _, err := Load(path)
				if err != nil {
					b.Fatal(err)
				}
				if err := Export(f.Name, rec, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(file.Len()))
		})
	}
}

// growing is a file that steps are appended to after the first pass
// began reading it, as when a recording still being made is exported.
type growing struct {
	data, more []byte
	pos        int
	seeks      int
}

func (g *growing) Read(p []byte) (int, error) {
	if g.pos >= len(g.data) {
		return 0, io.EOF
	}
	n := copy(p, g.data[g.pos:])
	g.pos += n
	return n, nil
}

func (g *growing) Seek(off int64, whence int) (int64, error) {
	if whence != io.SeekStart {
		return 0, errors.New("only from the start")
	}
	if g.seeks++; g.seeks == 2 {
		g.data = append(g.data, g.more...)
	}
	g.pos = int(off)
	return off, nil
}

// TestExportFileGrowing: steps appended while an export reads the file
// are left out whole; the export is that of the file as its first pass
// read it.
func TestExportFileGrowing(t *testing.T) {
	t.Parallel()
	rec := signinRecording(goldenOrigin)
	var file bytes.Buffer
	if err := Encode(&file, rec); err != nil {
		t.Fatal(err)
	}
	more := `{"kind":"dialog","dialog":{"type":"alert","accept":true}}` + "\n" + `{"kind":"click","tab":3,"target":{"locator":{"parts":[{"kind":"css","css":"#x"}]}}}` + "\n"
	for _, f := range Formats() {
		g := &growing{data: bytes.Clone(file.Bytes()), more: []byte(more)}
		var got, want bytes.Buffer
		if err := ExportFile(context.Background(), f.Name, g, &got, nil); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if g.seeks != 2 || len(g.data) == file.Len() {
			t.Fatalf("%s: the file did not grow between the passes (the test is void)", f.Name)
		}
		if err := Export(f.Name, rec, &want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: the export has what was appended during it", f.Name)
		}
	}
}
