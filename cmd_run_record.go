package main

import (
	"context"
	"time"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/session"
)

// This file reads the script's assert command; session.Session.Assert
// checks it (and records it with --record).

const assertUsage = "assert visible|enabled|checked REF | assert text|value REF [TEXT] | assert url|title [TEXT] | assert snapshot [REF]; add --not to negate"

// assert runs the script's assert command. Without an expected text,
// text, value, url, title and snapshot take the page's current one.
func (r *runner) assert(ctx context.Context, pos []string, flags map[string]string, timeout time.Duration) (map[string]any, error) {
	if len(pos) == 0 {
		return nil, bad("usage: %s", assertUsage)
	}
	c := session.Expect{Assertion: recordings.Assertion{Kind: recordings.AssertKind(pos[0]), Not: flags["not"] == "true"}, Timeout: timeout}
	if pos[0] == "snapshot" {
		c.Kind = recordings.AssertAriaSnapshot
	}
	args := pos[1:]
	switch c.Kind {
	case recordings.AssertVisible, recordings.AssertEnabled, recordings.AssertChecked:
		if len(args) != 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		c.Ref = args[0]
	case recordings.AssertText, recordings.AssertValue:
		if len(args) < 1 || len(args) > 2 {
			return nil, bad("usage: %s", assertUsage)
		}
		c.Ref = args[0]
		if len(args) == 2 {
			c.Expected = args[1]
		}
	case recordings.AssertURL, recordings.AssertTitle:
		if len(args) > 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		if len(args) == 1 {
			c.Expected = args[0]
		}
	case recordings.AssertAriaSnapshot:
		if len(args) > 1 {
			return nil, bad("usage: %s", assertUsage)
		}
		if len(args) == 1 {
			c.Ref = args[0]
		}
	default:
		return nil, bad("unknown assertion %q; %s", pos[0], assertUsage)
	}
	out, err := r.s.Assert(ctx, c)
	if out == nil {
		return nil, err
	}
	a := out.Assertion
	res := map[string]any{"assert": string(a.Kind), "expected": a.Expected, "not": a.Not}
	if len(out.Steps) > 0 {
		res["recorded"] = describeSteps(out.Steps)
	}
	return res, err
}

// describeSteps is what a result says it recorded.
func describeSteps(steps []recordings.Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = recordings.Summary(s)
	}
	return out
}
