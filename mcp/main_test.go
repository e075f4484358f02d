package mcp

import (
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// TestMain shares one browser among the tests that need one
// (internal/browsertest): each gets a browser context of its own.
func TestMain(m *testing.M) { browsertest.Main(m) }
