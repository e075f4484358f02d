//go:build compat

package refs

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// The compat tier (go test -tags compat): the literals of the seed corpus
// evaluated by node and python3 themselves (locator_emit_fuzz_test.go
// checks them with decoders written from the language references).

// TestLiteralsInInterpreters evaluates the emitted literals of the seed
// corpus with node and python3 themselves.
func TestLiteralsInInterpreters(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, tn := range trickyNames {
		texts = append(texts, strings.ToValidUTF8(tn.text, "\uFFFD"))
	}
	texts = append(texts, "\\u0041", "\x00\x01\x1f\x7f\u0085\ufeff")
	for _, s := range hostileSeeds {
		texts = append(texts, strings.ToValidUTF8(s, "\uFFFD"))
	}
	run := func(t *testing.T, bin string, args []string, lits []string) []string {
		t.Helper()
		path, err := exec.LookPath(bin)
		if err != nil {
			skipLoudly(t, "%s not found: literals NOT checked by the real interpreter", bin)
		}
		in, _ := json.Marshal(lits)
		cmd := exec.Command(path, args...)
		cmd.Stdin = bytes.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				t.Fatalf("%s: %v\n%s", bin, err, ee.Stderr)
			}
			t.Fatal(err)
		}
		var got []string
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s output: %v\n%s", bin, err, out)
		}
		return got
	}
	check := func(t *testing.T, got []string, lits []string) {
		t.Helper()
		for i, want := range texts {
			if got[i] != want {
				t.Errorf("%s evaluates to %q, want %q", lits[i], got[i], want)
			}
		}
	}
	t.Run("node", func(t *testing.T) {
		for _, quote := range []func(string) string{QuoteJS, quoteJSDouble} {
			var lits []string
			for _, s := range texts {
				lits = append(lits, quote(s))
			}
			got := run(t, "node", []string{"-e", `
const lits = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(lits.map(l => { 'use strict'; return new Function('"use strict"; return ' + l)(); })));
`}, lits)
			check(t, got, lits)
		}
	})
	t.Run("python3", func(t *testing.T) {
		var lits []string
		for _, s := range texts {
			lits = append(lits, QuotePython(s))
		}
		got := run(t, "python3", []string{"-c",
			"import ast, json, sys; print(json.dumps([ast.literal_eval(l) for l in json.load(sys.stdin)]))"}, lits)
		check(t, got, lits)
	})
}
