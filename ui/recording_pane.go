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
	add(s.Title.Render("Recording") + "  " + state + "  " + s.Dim.Render(counted(len(steps), "step", "steps")))
	if path != "" {
		add(s.Label.Render("file") + " " + Sanitize(path))
	}
	km := &m.keys.Record
	add(s.Dim.Render(km.Toggle.Help().Key + " start/pause · " + km.Assert.Help().Key + " assert · " +
		km.DeleteStep.Help().Key + " delete last · " + km.SaveAs.Help().Key + " save as · " + km.Steps.Help().Key + " hide"))
	room := height - len(lines)
	if len(steps) == 0 {
		add(s.Dim.Render("no steps yet"))
		return lines
	}
	first := max(len(steps)-room, 0)
	if first > 0 {
		first++ // leave a line for the "more" note
		add(s.Dim.Render(fmt.Sprintf("… %d earlier steps", first)))
	}
	for i := first; i < len(steps); i++ {
		add(fmt.Sprintf("%3d ", i+1) + Sanitize(recordings.Summary(steps[i])))
	}
	return lines
}
