package ui

import (
	"fmt"
	"testing"
)

// bigPicker is a picker of n rows that wrap (a long select's options,
// every label two or three lines at 76 columns), as a country or product
// list gives.
func bigPicker(n int) *picker {
	p := &picker{kind: pickOptions, title: "Select an option of e1"}
	for i := range n {
		label := fmt.Sprintf("  Option %d: a long label of a product that wraps over more than one line of the box, with words %d", i, i)
		p.items = append(p.items, pickItem{label: label, hint: fmt.Sprintf("value opt-%d", i), value: fmt.Sprint(i)})
	}
	return p
}

// BenchmarkPickerView is one cursor move in a picker of 2,000 wrapping
// rows and its redraw at 80x30 (the box of a 160x48 screen), the cursor
// walking down the list and back to the top.
func BenchmarkPickerView(b *testing.B) {
	p := bigPicker(2000)
	s := DefaultStyles(true).Pane
	_ = p.view(s, 80, 30)
	for b.Loop() {
		if p.cursor == len(p.items)-1 {
			p.cursor = 0
		} else {
			p.move(1)
		}
		_ = p.view(s, 80, 30)
	}
}

// BenchmarkPickerViewNearTop is the same near the top of the list, where
// the wrapping of the whole tail below the cursor cost most.
func BenchmarkPickerViewNearTop(b *testing.B) {
	p := bigPicker(2000)
	s := DefaultStyles(true).Pane
	for b.Loop() {
		p.cursor = (p.cursor + 1) % 40
		_ = p.view(s, 80, 30)
	}
}

// The cached line counts follow the box: after a redraw at another width
// (a resize) or with more rows, the picker draws as a fresh one does.
func TestPickerLineCountsFollowWidth(t *testing.T) {
	t.Parallel()
	s := DefaultStyles(true).Pane
	p := bigPicker(50)
	p.cursor = 20
	for _, w := range []int{120, 40, 120, 70} {
		fresh := bigPicker(50)
		fresh.cursor, fresh.offset = p.cursor, p.offset
		if got, want := p.view(s, w, 30), fresh.view(s, w, 30); got != want {
			t.Errorf("at %d columns after other widths:\n%s\nwant\n%s", w, got, want)
		}
	}
	p.items = append(p.items, bigPicker(60).items[50:]...)
	p.cursor = 59
	fresh := bigPicker(60)
	fresh.cursor, fresh.offset = p.cursor, p.offset
	if got, want := p.view(s, 70, 30), fresh.view(s, 70, 30); got != want {
		t.Errorf("with rows added:\n%s\nwant\n%s", got, want)
	}
}
