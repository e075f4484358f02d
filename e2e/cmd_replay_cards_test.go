package e2e

import (
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// TestReplayCardFallback records the store (div cards with hashed classes,
// remounted on every cart change) with 'ariadne run --record' and checks
// that each Add to cart step carries a fallback by role and name inside
// the card told by its product's name
// (getByText('Linen notebook', { exact: true }).locator('..').getByRole('button', …)).
// A copy of the recording whose Add to cart steps keep only that fallback
// (the chosen locator replaced by one that finds nothing) must heal by it
// and add the same two products on the original and the reworked store
// (reordered, re-priced, a product inserted: the cart assertions check
// the names) and on one with a "Linen notebook refill" inserted, whose
// name holds the notebook's (the fallback's name is exact), and fail at the notebook's step on the store whose notebook
// is renamed, as the whole recording does: no heal takes another
// product's button.
func TestReplayCardFallback(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv, use := appsServer(t)
	use("")
	file := recordScript(t, srv.URL, "store.jsonl", storeScript)
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading: %v %v", err, problems)
	}
	only := *rec
	only.Steps = nil
	var products []string
	for _, s := range rec.Steps {
		if s.Target.Name == "Add to cart" {
			card := cardFallback(s.Target)
			if card.IsZero() {
				t.Fatalf("the step %s has no fallback by role inside its card: %v", recordings.Summary(s), s.Target.Fallbacks)
			}
			products = append(products, card.Parts[0].Text)
			t.Logf("%s: card fallback %s", recordings.Summary(s), card.Code(refs.JavaScript))
			s.Target.Locator = refs.ByCSS("[data-gone]")
			s.Target.Fallbacks = []refs.Locator{card}
		}
		only.Steps = append(only.Steps, s)
	}
	if strings.Join(products, ", ") != "Linen notebook, Brass pen" {
		t.Fatalf("the card fallbacks name the cards %q, want the Linen notebook and the Brass pen", products)
	}
	cardOnly := strings.TrimSuffix(file, ".jsonl") + "-card.jsonl"
	if err := recordings.Save(cardOnly, &only); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"", "reworked", "lookalike"} {
		use(v)
		stdout, stderr, code := replayCmd(t, cardOnly)
		if code != 0 {
			t.Fatalf("release %q: the card fallbacks alone should pass: exit %d\n%s\n%s", v, code, stdout, stderr)
		}
		if !strings.Contains(stdout, "2 healed") {
			t.Errorf("release %q: both Add to cart steps should heal by their card fallback:\n%s", v, stdout)
		}
	}
	use("renamed")
	notebook := stepOf(t, rec, "Add to cart")
	for _, f := range []string{cardOnly, file} {
		stdout, stderr, code := replayCmd(t, f)
		m := failedAt.FindStringSubmatch(stderr)
		if code != 1 || m == nil {
			t.Fatalf("%s on the renamed store should fail: exit %d\n%s\n%s", f, code, stdout, stderr)
		}
		if got := atoi(t, m[1]); got != notebook || !strings.Contains(stderr, "not_locatable") {
			t.Errorf("%s failed at step %s, want %d (the notebook's Add to cart), not_locatable:\n%s", f, m[1], notebook, stderr)
		}
	}
}

// cardFallback returns t's fallback that finds a role inside a card told
// by its text: getByText(…, exact).locator('..')….getByRole(…).
func cardFallback(t recordings.Target) refs.Locator {
	for _, l := range t.Fallbacks {
		n := len(l.Parts)
		if n >= 3 && l.Parts[0].Kind == refs.KindText && l.Parts[0].Exact && l.Parts[1].Kind == refs.KindParent &&
			l.Parts[n-1].Kind == refs.KindRole && l.Parts[n-1].Text == t.Name {
			return l
		}
	}
	return refs.Locator{}
}
