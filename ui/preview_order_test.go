package ui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// fakeTerminal is the other end of a Bubble Tea program: it keeps what
// the program writes and answers its Primary Device Attributes queries.
type fakeTerminal struct {
	mu  sync.Mutex
	out bytes.Buffer
	in  *io.PipeWriter
}

func (f *fakeTerminal) Write(p []byte) (int, error) {
	f.mu.Lock()
	f.out.Write(p)
	f.mu.Unlock()
	if bytes.Contains(p, []byte("\x1b[c")) {
		go f.in.Write([]byte("\x1b[?62;22c")) // a VT220-class terminal, no sixel
	}
	return len(p), nil
}

func (f *fakeTerminal) written() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.out.String()
}

// Under a real Bubble Tea program the image reaches the terminal after
// the overlay's blank box: Bubble Tea writes tea.Raw output before the
// frame of the same tick, so an image sent with the Update that opens the
// overlay came first and the box was painted over it.
func TestProgramDrawsPreviewAfterTheBox(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Graphics = GraphicsSetup{Protocol: GraphicsKitty}
	o.LivePeriod = -1
	inR, inW := io.Pipe()
	term := &fakeTerminal{in: inW}
	ctx, cancel := context.WithCancel(context.Background())
	p := tea.NewProgram(New(o), tea.WithContext(ctx), tea.WithInput(inR), tea.WithOutput(term), tea.WithWindowSize(100, 30), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run()
	}()
	defer func() {
		cancel()
		inW.Close()
		<-done
	}()
	poll := func(what string, cond func(string) bool) string {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			s := term.written()
			if cond(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s; the terminal got %d bytes", what, len(s))
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	poll("the page", func(s string) bool { return strings.Contains(s, "Save") })
	start := len(term.written())
	p.Send(previewMsg{png: testPNG(t, 64, 36), inline: true, text: "screenshot of e8 outlined saved to /tmp/p.png"})
	s := poll("the image", func(s string) bool { return strings.Contains(s[start:], "\x1b_Ga=T") })[start:]
	// "closes" is a word of the box's last line found nowhere else on the
	// screen: the renderer may cut the line between words (cursor moves
	// over cells that did not change), not inside a short new word.
	box, img := strings.Index(s, "closes"), strings.Index(s, "\x1b_Ga=T")
	if box < 0 || img < box {
		t.Errorf("the image went out at byte %d, the box at %d: the frame paints the box over the image", img, box)
	}
}
