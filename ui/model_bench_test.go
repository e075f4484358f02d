package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
)

// The model's cost per keypress on a big page: Update with the key, then
// the whole screen (header, tree, details, status, help) drawn by Render,
// as Bubble Tea does after every message.

// bigModel returns a model showing a 20,000-node page at w×h, with the
// locators of the selection known, as after the selection settled.
func bigModel(w, h int) *Model {
	m := New(Options{Browser: newFake(), Locators: fakeLocators, LivePeriod: -1})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.applyPage(pageState{snap: &refs.Snapshot{URL: "https://big.test/", Title: "Big", Root: genTree(20000, 1), Count: 20000}}, 1)
	return m
}

func benchKeys(b *testing.B, w, h int, keys ...string) {
	m := bigModel(w, h)
	msgs := make([]tea.KeyPressMsg, len(keys))
	for i, k := range keys {
		msgs[i] = keyPress(k)
	}
	m.Render()
	i := 0
	for b.Loop() {
		m.Update(msgs[i%len(msgs)])
		i++
		_ = m.Render()
	}
}

// BenchmarkKeypressMove is j (and k back) with a redraw at 160x48.
func BenchmarkKeypressMove(b *testing.B) { benchKeys(b, 160, 48, "j", "j", "k") }

// BenchmarkKeypressMove80 is the same at 80x24.
func BenchmarkKeypressMove80(b *testing.B) { benchKeys(b, 80, 24, "j", "j", "k") }

// BenchmarkKeypressPage is pgdown and back to the top.
func BenchmarkKeypressPage(b *testing.B) { benchKeys(b, 160, 48, "pgdown", "pgdown", "pgdown", "g") }

// BenchmarkKeypressFold folds and unfolds the selected row.
func BenchmarkKeypressFold(b *testing.B) { benchKeys(b, 160, 48, "space") }

// BenchmarkModelFilterKeystroke types a filter into the prompt, one key per
// iteration, starting over after the last.
func BenchmarkModelFilterKeystroke(b *testing.B) { benchTyping(b, "button") }

// benchTyping types text into the filter prompt, one key (with its
// redraw) per iteration, erasing it after the last.
func benchTyping(b *testing.B, text string) {
	m := bigModel(160, 48)
	m.Update(keyPress("/"))
	i := 0
	for b.Loop() {
		if i%(len(text)+1) == len(text) {
			for range len(text) {
				m.Update(keyPress("backspace"))
			}
		} else {
			r := rune(text[i%(len(text)+1)])
			m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		i++
		_ = m.Render()
	}
}

// BenchmarkApplySnapshot folds a fresh 20,000-node snapshot into the view
// (as a live update does), keeping folds and the cursor, and redraws.
func BenchmarkApplySnapshot(b *testing.B) {
	m := bigModel(160, 48)
	for range 300 {
		m.tree.Down()
	}
	m.tree.Collapse()
	m.tree.Move(500)
	trees := []*refs.Node{genTree(20000, 1), genTree(20000, 1)}
	seq := 1
	for b.Loop() {
		seq++
		m.Update(liveMsg{seq: seq, alive: true, page: &pageState{snap: &refs.Snapshot{URL: "https://big.test/", Root: trees[seq%2]}}})
		_ = m.Render()
	}
}

// BenchmarkKeypressCollapseAll is z (fold everything) then Z (unfold
// everything), each with its redraw.
func BenchmarkKeypressCollapseAll(b *testing.B) { benchKeys(b, 160, 48, "z", "Z") }

// BenchmarkFilterFirstLetter opens the filter and types its first letter,
// which matches thousands of the 20,000 nodes, then erases it: one
// keystroke with its redraw per iteration.
func BenchmarkFilterFirstLetter(b *testing.B) {
	m := bigModel(160, 48)
	m.Update(keyPress("/"))
	m.Render()
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
		} else {
			m.Update(keyPress("backspace"))
		}
		i++
		_ = m.Render()
	}
}

// BenchmarkFilterRoleName types "button save" (role and name) one key at
// a time.
func BenchmarkFilterRoleName(b *testing.B) { benchTyping(b, "button save") }
