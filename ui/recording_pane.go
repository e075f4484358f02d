package ui

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/recordings"
)

// stepsPane lists the recording's steps in the details pane's place, the
// latest at the bottom.
func (m *Model) stepsPane(width, height int) []string {
	s := &m.styles
	r := &m.rec
	path, steps := r.state.Path, r.state.Steps
	var lines []string
	add := func(l string) { lines = append(lines, ansi.Truncate(l, width, "…")) }
	state := s.Dim.Render("not recording")
	switch {
	case r.on:
		state = s.Rec.Render("● recording")
	case path != "":
		state = s.Flag.Render("paused")
	}
	body := m.stepLines(width)
	shown, start := tailWindow(body, height-m.stepsHead(), m.sideOff)
	add(s.Title.Render("Recording") + "  " + state + "  " + s.Dim.Render(counted(len(steps), "step", "steps")+noteAfter(m.scrollNote(start, len(shown), len(body)))))
	if path != "" {
		add(s.Label.Render("file") + " " + Sanitize(path))
	}
	km := &m.keys.Record
	add(s.Dim.Render(km.Toggle.Help().Key + " start/pause · " + km.Assert.Help().Key + " assert · " +
		km.DeleteStep.Help().Key + " delete last · " + km.SaveAs.Help().Key + " save as · " + km.Steps.Help().Key + " hide"))
	if len(steps) == 0 {
		add(s.Dim.Render("no steps yet"))
		return lines
	}
	return append(lines, shown...)
}

// stepsHead is how many lines the steps pane's header takes.
func (m *Model) stepsHead() int {
	if m.rec.state.Path != "" {
		return 3
	}
	return 2
}

// stepLines is every recorded step, numbered, wrapped to width under its
// summary.
func (m *Model) stepLines(width int) []string {
	var out []string
	for i, st := range m.rec.state.Steps {
		out = append(out, wrapHanging(fmt.Sprintf("%3d ", i+1)+Sanitize(recordings.Summary(st)), width, 4)...)
	}
	return out
}
