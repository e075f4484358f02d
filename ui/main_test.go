package ui

import (
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// TestMain shares one browser among the tests that need one
// (internal/browsertest): each gets a browser context of its own. The
// tests of what belongs to a process (--remote, the measurement of a
// Chromium's CPU, the real binary in tmux) start their own.
func TestMain(m *testing.M) { browsertest.Main(m) }
