package cli

import (
	"strings"
	"testing"
)

func TestDemoMovedNotice(t *testing.T) {
	got := demoMovedNotice("http://127.0.0.1:40123/")
	for _, want := range []string{"port 8080 is taken", "http://127.0.0.1:40123/", "replay serves it again", "'ariadne demo --port 40123'"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}
