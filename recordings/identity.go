package recordings

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// This file holds the rule that keeps healing honest: a locator's element
// is the recorded one only if it has the recorded identity. A fallback
// that finds some other element (the heading that now says "Payment
// failed", the Add to cart button of another card) is not taken.

// Identity is who a target's element was when it was recorded: its role
// and accessible name and, when those alone do not tell it from other
// elements (no name, or a name several elements share), the container it
// sat in: "radiogroup: Shipping", or the first text of its card ("Linen
// notebook").
type Identity struct {
	Role   string `json:"role"`
	Name   string `json:"name,omitempty"`
	Within string `json:"within,omitempty"`
}

// Seen is who an element found at replay is: its identity, and the
// digit-free texts of its container (Within among them).
type Seen struct {
	Identity
	Texts []string
}

// String describes the element: `button "Add to cart" in "Linen notebook"`.
func (id Identity) String() string {
	s := roleOrGeneric(id.Role)
	if id.Role == "" && id.Name != "" {
		s = "element"
	}
	if id.Name != "" {
		s += fmt.Sprintf(" %q", id.Name)
	}
	if id.Within != "" {
		s += fmt.Sprintf(" in %q", id.Within)
	}
	return s
}

func roleOrGeneric(r string) string {
	if r == "" || r == "none" || r == "presentation" {
		return "generic"
	}
	return r
}

// Is reports whether an element seen at replay is the recorded one:
// same role, the same name (case, spacing and digit-bearing words aside,
// so that a new price does not change who a radio is; an identity with no
// role, from an imported aria/NAME, is any role), and, when the
// recorded identity has a container, the same container.
func (id Identity) Is(s Seen) bool {
	if (id.Role != "" && roleOrGeneric(id.Role) != roleOrGeneric(s.Role)) || !sameWords(id.Name, s.Name) {
		return false
	}
	if id.Within == "" {
		return true
	}
	return sameWords(id.Within, s.Within) || slices.ContainsFunc(s.Texts, func(t string) bool { return sameWords(id.Within, t) })
}

// sameWords compares two names as Is does: equal once lower-cased and
// stripped of spacing and punctuation ("E-mail" is "Email"), or once the
// words holding digits are dropped from both.
func sameWords(a, b string) bool {
	na, nb := strings.ToLower(normalizeWS(a)), strings.ToLower(normalizeWS(b))
	if na == nb || (letters(na) != "" && letters(na) == letters(nb)) {
		return true
	}
	da, db := letters(digitFree(na)), letters(digitFree(nb))
	return da != "" && da == db
}

// letters keeps the letters and digits of s.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// digitFree drops the words that hold a digit and the punctuation left
// hanging: "express (next day) — $14.99" gives "express (next day)".
func digitFree(s string) string {
	var keep []string
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			continue
		}
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		keep = append(keep, w)
	}
	return strings.Join(keep, " ")
}
