package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
)

// cmdMsgs runs cmd and the commands of its batches, on goroutines with a
// deadline (a tea.Tick sleeps), and gives the messages that came by then.
func cmdMsgs(cmd tea.Cmd, wait time.Duration) []tea.Msg {
	out := make(chan tea.Msg, 16)
	n := 0
	start := func(c tea.Cmd) {
		if c == nil {
			return
		}
		n++
		go func() { out <- c() }()
	}
	start(cmd)
	var msgs []tea.Msg
	deadline := time.After(wait)
	for n > 0 {
		select {
		case msg := <-out:
			n--
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					start(c)
				}
				continue
			}
			if msg != nil {
				msgs = append(msgs, msg)
			}
		case <-deadline:
			return msgs
		}
	}
	return msgs
}

// raws is the text of the RawMsgs among msgs.
func raws(msgs []tea.Msg) []string {
	var out []string
	for _, msg := range msgs {
		if r, ok := msg.(tea.RawMsg); ok {
			out = append(out, r.Msg.(string))
		}
	}
	return out
}

// With an image protocol the preview opens an overlay and draws the image
// in it at its place, but only after the overlay's box is on screen: the
// Update that opens it sends no image (Bubble Tea writes raw output before
// the next frame, which would paint the box over it); the image is encoded
// next, then a Primary Device Attributes query goes out after the frame
// with the box, and the terminal's reply sends the image. Any key closes
// it and clears the image. Without a protocol the file is all there is.
func TestModelInlinePreview(t *testing.T) {
	t.Parallel()
	data := testPNG(t, 64, 36)
	for _, g := range []string{GraphicsKitty, GraphicsITerm, GraphicsSixel, ""} {
		o := fakeOptions(newFake())
		o.Graphics = GraphicsSetup{Protocol: g}
		o.PreviewDrawAfter = time.Millisecond // the test waits for every message, the tick's too
		h := newHarness(t, o, 100, 30)
		h.ready()
		_, cmd := h.m.Update(previewMsg{png: data, inline: true, text: "screenshot of e8 outlined saved to /tmp/p.png"})
		if h.m.StatusText() != "screenshot of e8 outlined saved to /tmp/p.png" {
			t.Errorf("%q: status %q", g, h.m.StatusText())
		}
		if g == "" {
			if cmd != nil || h.m.over != overlayNone {
				t.Errorf("no protocol: an overlay (%v) or a sequence", h.m.over)
			}
			continue
		}
		// 1. The overlay's box is drawn; no image yet.
		if h.m.over != overlayPreview || !strings.Contains(h.screen(), "any key closes the preview") {
			t.Fatalf("%q: no overlay:\n%s", g, h.screen())
		}
		msgs := cmdMsgs(cmd, 10*time.Second)
		if len(raws(msgs)) > 0 || len(msgs) != 1 {
			t.Fatalf("%q: the Update that opens the overlay sends %d raw sequences (%d messages): the box would paint over the image", g, len(raws(msgs)), len(msgs))
		}
		img, ok := msgs[0].(previewImageMsg)
		if !ok || img.err != nil {
			t.Fatalf("%q: %T %v, want the encoded image", g, msgs[0], img.err)
		}
		// 2. The image is kept; a query goes out, after this frame.
		_, cmd = h.m.Update(img)
		_ = h.screen()
		msgs = cmdMsgs(cmd, 10*time.Second) // all of them: the fallback tick is a millisecond away
		if r := raws(msgs); len(r) != 1 || r[0] != ansi.RequestPrimaryDeviceAttributes || len(msgs) != 2 {
			t.Fatalf("%q: after the encoding %q (%d messages), want the DA1 query and the fallback tick", g, r, len(msgs))
		}
		// 3. The terminal's reply sends the image, once.
		_, cmd = h.m.Update(uv.PrimaryDeviceAttributesEvent{62, 22})
		r := raws(cmdMsgs(cmd, time.Second))
		if len(r) != 1 {
			t.Fatalf("%q: the reply sent %d sequences", g, len(r))
		}
		want := map[string]string{GraphicsKitty: "\x1b_Ga=T,f=100", GraphicsITerm: "\x1b]1337;File=inline=1", GraphicsSixel: "\x1bP0;1q\"1;1;"}[g]
		if s := r[0]; !strings.HasPrefix(s, "\x1b7\x1b[5;") || !strings.Contains(s, want) || !strings.HasSuffix(s, "\x1b8") {
			t.Errorf("%q: sequence %q…", g, s[:min(len(s), 60)])
		}
		if _, again := h.m.Update(previewDrawMsg{gen: h.m.previewGen}); again != nil {
			t.Errorf("%q: the fallback draws the image a second time", g)
		}
		h.keys("esc")
		if h.m.over != overlayNone {
			t.Errorf("%q: esc did not close the preview", g)
		}
	}
}

// A terminal that does not answer the query gets the image from the
// fallback tick; a preview closed before it is not drawn.
func TestModelInlinePreviewFallback(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Graphics = GraphicsSetup{Protocol: GraphicsKitty}
	o.PreviewDrawAfter = 10 * time.Millisecond
	h := newHarness(t, o, 100, 30)
	h.ready()
	data := testPNG(t, 64, 36)
	for _, closeFirst := range []bool{false, true} {
		_, cmd := h.m.Update(previewMsg{png: data, inline: true, text: "screenshot"})
		msgs := cmdMsgs(cmd, 10*time.Second)
		_, cmd = h.m.Update(msgs[0])
		if closeFirst {
			h.keys("esc")
		}
		var drawn []string
		for _, msg := range cmdMsgs(cmd, 20*time.Second) {
			if d, ok := msg.(previewDrawMsg); ok {
				_, c := h.m.Update(d)
				drawn = raws(cmdMsgs(c, time.Second))
			}
		}
		if want := map[bool]int{false: 1, true: 0}[closeFirst]; len(drawn) != want {
			t.Errorf("closed first %v: %d images drawn by the fallback, want %d", closeFirst, len(drawn), want)
		}
		h.keys("esc")
	}
}

// The terminal's Primary Device Attributes reply with attribute 4 makes
// the preview sixel; without it, nothing changes. The query is sent at
// start only when the environment named no protocol.
func TestModelDetectsSixel(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		setup GraphicsSetup
		reply uv.PrimaryDeviceAttributesEvent
		ask   bool
		want  string
	}{
		{GraphicsSetup{}, uv.PrimaryDeviceAttributesEvent{62, 4, 6, 22}, true, GraphicsSixel},
		{GraphicsSetup{}, uv.PrimaryDeviceAttributesEvent{64, 1, 2, 6, 9, 15, 18, 21, 22}, true, ""}, // xterm without -ti vt340
		{GraphicsSetup{Tmux: true}, uv.PrimaryDeviceAttributesEvent{1, 2, 4}, true, GraphicsSixel},   // tmux 3.4 built with sixel
		{GraphicsSetup{}, uv.PrimaryDeviceAttributesEvent{4, 6}, true, ""},                           // ESC [ ? 4 ; 6 c: level 4, no sixel
		{GraphicsSetup{}, uv.PrimaryDeviceAttributesEvent{4}, true, ""},
		{GraphicsSetup{Protocol: GraphicsKitty}, uv.PrimaryDeviceAttributesEvent{62, 4}, false, GraphicsKitty},
	} {
		o := fakeOptions(newFake())
		o.Graphics = tc.setup
		m := New(o)
		asked := m.askGraphics() != nil
		if asked != tc.ask {
			t.Errorf("%+v: asked %v", tc.setup, asked)
		}
		if asked {
			if r, _ := m.askGraphics()().(tea.RawMsg); !strings.Contains(r.Msg.(string), ansi.RequestPrimaryDeviceAttributes) {
				t.Errorf("%+v: the query is %q", tc.setup, r.Msg)
			}
		}
		m.Update(tc.reply)
		if m.graphics.Protocol != tc.want {
			t.Errorf("%+v, reply %v: protocol %q, want %q", tc.setup, tc.reply, m.graphics.Protocol, tc.want)
		}
		if tc.want == GraphicsSixel && m.graphics.Tmux {
			t.Errorf("%+v: tmux's own sixels wrapped for passthrough", tc.setup)
		}
	}
	m := New(fakeOptions(newFake()))
	m.Update(uv.CellSizeEvent{Width: 9, Height: 18})
	if m.cellW != 9 || m.cellH != 18 {
		t.Errorf("cell size %dx%d after the terminal said 9x18", m.cellW, m.cellH)
	}
}

// Inside tmux without passthrough the status line says how to enable it;
// with it, the image goes wrapped and moved by the pane's origin.
func TestModelInlinePreviewTmux(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Graphics = GraphicsSetup{Tmux: true, Hint: tmuxHint}
	h := newHarness(t, o, 100, 30)
	h.ready()
	if _, cmd := h.m.Update(previewMsg{png: testPNG(t, 64, 36), inline: true, text: "screenshot saved to /tmp/p.png"}); cmd != nil || h.m.over != overlayNone {
		t.Errorf("without passthrough: an overlay or a sequence")
	}
	if s := h.m.StatusText(); !strings.Contains(s, "/tmp/p.png") || !strings.Contains(s, "allow-passthrough on") {
		t.Errorf("status %q", s)
	}

	o = fakeOptions(newFake())
	o.Graphics = GraphicsSetup{Protocol: GraphicsKitty, Tmux: true, Origin: func() (int, int, error) { return 3, 40, nil }}
	h = newHarness(t, o, 100, 30)
	h.ready()
	_, cmd := h.m.Update(previewMsg{png: testPNG(t, 64, 36), inline: true, text: "screenshot"})
	img := cmdMsgs(cmd, 10*time.Second)[0].(previewImageMsg)
	parts := splitTmux(t, img.image)
	first, last := unwrapTmux(t, parts[0]), unwrapTmux(t, parts[len(parts)-1])
	if !strings.HasPrefix(first, "\x1b_Ga=t,f=100") || !strings.HasPrefix(last, "\x1b7\x1b[8;") || !strings.Contains(last, "\x1b_Ga=p,") {
		t.Errorf("the wrapped sequences are %q… and %q, want the image sent, then placed at row 5+3", first[:min(len(first), 40)], last)
	}
}

// openPreview opens the inline preview and gives the message with its
// encoded image, not yet delivered.
func openPreview(t *testing.T, h *harness) previewImageMsg {
	t.Helper()
	_, cmd := h.m.Update(previewMsg{png: testPNG(t, 64, 36), inline: true, text: "screenshot"})
	msgs := cmdMsgs(cmd, 10*time.Second)
	if h.m.over != overlayPreview || len(msgs) != 1 {
		t.Fatalf("no preview overlay (%v) or %d messages", h.m.over, len(msgs))
	}
	return msgs[0].(previewImageMsg)
}

// A dialog takes the preview's place: an image not yet drawn is never
// drawn (neither by the terminal's reply nor by the fallback, nor when its
// encoding comes late), and a kitty image already drawn is cleared.
func TestModelInlinePreviewDialog(t *testing.T) {
	t.Parallel()
	dialog := func(h *harness) {
		h.m.Update(eventMsg{bgen: h.m.bgen, ev: browser.Event{Kind: browser.EventDialog, Dialog: &browser.Dialog{Type: "alert", Message: "Saved"}}})
		if h.m.over != overlayDialog || h.m.inline != nil {
			t.Fatalf("after the dialog: overlay %v, preview %v", h.m.over, h.m.inline != nil)
		}
	}
	for _, g := range []string{GraphicsKitty, GraphicsSixel} {
		for _, encoded := range []bool{true, false} {
			o := fakeOptions(newFake())
			o.Graphics = GraphicsSetup{Protocol: g}
			h := newHarness(t, o, 100, 30)
			h.ready()
			img := openPreview(t, h)
			if encoded {
				h.m.Update(img)
			}
			dialog(h)
			var sent []string
			for _, msg := range []tea.Msg{img, uv.PrimaryDeviceAttributesEvent{62, 22}, previewDrawMsg{gen: img.gen}} {
				_, cmd := h.m.Update(msg)
				sent = append(sent, raws(cmdMsgs(cmd, 10*time.Second))...)
			}
			if len(sent) > 0 {
				t.Errorf("%q, encoded %v: after the dialog %d sequences were sent: %q…", g, encoded, len(sent), sent[0][:min(len(sent[0]), 30)])
			}
			if !strings.Contains(h.screen(), "Saved") {
				t.Errorf("%q: the dialog is not on screen:\n%s", g, h.screen())
			}
		}
	}

	o := fakeOptions(newFake())
	o.Graphics = GraphicsSetup{Protocol: GraphicsKitty}
	h := newHarness(t, o, 100, 30)
	h.ready()
	h.m.Update(openPreview(t, h))
	_, cmd := h.m.Update(uv.PrimaryDeviceAttributesEvent{62, 22})
	if len(raws(cmdMsgs(cmd, 10*time.Second))) != 1 {
		t.Fatal("the image was not drawn")
	}
	r := raws(cmdMsgs(h.m.showDialog(&browser.Dialog{Type: "alert", Message: "Saved"}), 10*time.Second))
	if len(r) != 1 || r[0] != kittyClear {
		t.Errorf("a dialog over a drawn kitty image sends %q, want the clear", r)
	}
}

// A terminal that does not say its cell size gets a sixel image sized for
// small cells, which fits in the box for 8×16 pixel cells; one that says
// its window's size in pixels gets that divided by the cells, unless it
// also said the cell size.
func TestModelSixelCellSize(t *testing.T) {
	t.Parallel()
	m := New(fakeOptions(newFake()))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if r, _ := m.askGraphics()().(tea.RawMsg); !strings.Contains(r.Msg.(string), ansi.WindowOp(16)) || !strings.Contains(r.Msg.(string), ansi.WindowOp(14)) {
		t.Errorf("the query %q asks for neither the cell size nor the window's", r.Msg)
	}
	x, _, cols, rows := m.previewLayout()
	box := previewBox{row: 5, col: x + 3, cols: cols, rows: rows, cellW: m.cellW, cellH: m.cellH}
	seq, err := previewImage(twoColours(t, 1280, 720), GraphicsSetup{Protocol: GraphicsSixel}, box)
	if err != nil {
		t.Fatal(err)
	}
	seq = seq[strings.Index(seq, "\x1bP"):strings.LastIndex(seq, "\x1b8")] // DECSC, CUP … DECRC
	if p := parseSixel(t, seq); p.w > cols*8 || p.h > rows*16 {
		t.Errorf("unknown cell size: the sixel takes %dx%d pixels, over the %dx%d cells' %dx%d at 8x16", p.w, p.h, cols, rows, cols*8, rows*16)
	}

	m.Update(uv.PixelSizeEvent{Width: 800, Height: 480})
	if m.cellW != 8 || m.cellH != 16 {
		t.Errorf("cell size %dx%d from an 800x480 window of 100x30 cells, want 8x16", m.cellW, m.cellH)
	}
	m.Update(uv.CellSizeEvent{Width: 9, Height: 18})
	m.Update(uv.PixelSizeEvent{Width: 1000, Height: 600})
	if m.cellW != 9 || m.cellH != 18 {
		t.Errorf("cell size %dx%d: the window's size overrode the 9x18 the terminal said", m.cellW, m.cellH)
	}
}
