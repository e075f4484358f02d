package recordings

import (
	"errors"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestSecretName(t *testing.T) {
	t.Parallel()
	for label, want := range map[string]string{
		"Password":           "ARIADNE_SECRET_PASSWORD",
		"Confirm password!":  "ARIADNE_SECRET_CONFIRM_PASSWORD",
		"  PIN (4 digits) ":  "ARIADNE_SECRET_PIN_4_DIGITS",
		"Mot de passe écrit": "ARIADNE_SECRET_MOT_DE_PASSE_CRIT",
		"":                   "ARIADNE_SECRET_PASSWORD",
		"パスワード":              "ARIADNE_SECRET_PASSWORD",
		"api-key/2":          "ARIADNE_SECRET_API_KEY_2",
		"\x1b[31mred\x1b[0m": "ARIADNE_SECRET_31MRED_0M",
	} {
		if got := SecretName(label); got != want {
			t.Errorf("SecretName(%q) = %s, want %s", label, got, want)
		}
		if !validSecretName(SecretName(label)) {
			t.Errorf("SecretName(%q) is not a valid variable name", label)
		}
	}
}

func TestSecretsApply(t *testing.T) {
	t.Parallel()
	field := tgt(refs.ByLabel("Password", false), "textbox", "Password")
	pw := Field{Password: true, Label: "Password"}
	typed := Step{Kind: Type, Target: field, Text: Plain("hunter2")}
	secretFill := fill(field, SecretValue("ARIADNE_SECRET_PASSWORD"))
	for _, tc := range []struct {
		name   string
		policy Secrets
		step   Step
		field  Field
		want   Step
	}{
		{"fill in a password field", Secrets{}, fill(field, Plain("hunter2")), pw, fill(field, SecretValue("ARIADNE_SECRET_PASSWORD"))},
		{"type in a password field", Secrets{}, typed, pw, Step{Kind: Type, Target: field, Text: SecretValue("ARIADNE_SECRET_PASSWORD")}},
		{"a character key in a password field is the secret", Secrets{}, Step{Kind: Press, Target: field, Key: "h"}, pw, secretFill},
		{"a shifted character is the secret", Secrets{}, Step{Kind: Press, Target: field, Key: "Shift+H"}, pw, secretFill},
		{"the space key is the secret", Secrets{}, Step{Kind: Press, Target: field, Key: " "}, pw, secretFill},
		{"Backspace in a password field is the secret", Secrets{}, Step{Kind: Press, Target: field, Key: "Backspace"}, pw, secretFill},
		{"several character keys are the secret", Secrets{}, Step{Kind: Press, Target: field, Key: "h u n t e r 2"}, pw, secretFill},
		{"character keys among others are the secret", Secrets{}, Step{Kind: Press, Target: field, Key: "Shift+H u Enter"}, pw, secretFill},
		{"a chord stays a press", Secrets{}, Step{Kind: Press, Target: field, Key: "Control+a"}, pw, Step{Kind: Press, Target: field, Key: "Control+a"}},
		{"Tab stays a press", Secrets{}, Step{Kind: Press, Target: field, Key: "Shift+Tab"}, pw, Step{Kind: Press, Target: field, Key: "Shift+Tab"}},
		{"a character key, secrets recorded", Secrets{RecordSecrets: true}, Step{Kind: Press, Target: field, Key: "h"}, pw, Step{Kind: Press, Target: field, Key: "h"}},
		{"a character key elsewhere", Secrets{}, Step{Kind: Press, Target: field, Key: "h"}, Field{Label: "Name"}, Step{Kind: Press, Target: field, Key: "h"}},
		{"clearing a password field stays empty", Secrets{}, fill(field, Plain("")), pw, fill(field, Plain(""))},
		{"Enter in a password field", Secrets{}, Step{Kind: Press, Target: field, Key: "Enter"}, pw, Step{Kind: Press, Target: field, Key: "Enter"}},
		{"opted in", Secrets{RecordSecrets: true}, fill(field, Plain("hunter2")), pw, fill(field, Plain("hunter2"))},
		{"not a password field", Secrets{}, fill(field, Plain("ada")), Field{Label: "Password"}, fill(field, Plain("ada"))},
		{"a click", Secrets{}, act(Click, field), pw, act(Click, field)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.policy.Apply(tc.step, tc.field)
			if got.Kind != tc.want.Kind || got.Text != tc.want.Text || got.Key != tc.want.Key {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	// A value assertion compares with the secret; an empty one stays empty.
	assert := func(expected string) Step {
		return Step{Kind: Assert, Target: field, Assert: &Assertion{Kind: AssertValue, Expected: expected}}
	}
	got := Secrets{}.Apply(assert("hunter2"), pw)
	if got.Assert.Expected != "" || got.Assert.Secret != "ARIADNE_SECRET_PASSWORD" {
		t.Errorf("assert value on a password field: %+v", got.Assert)
	}
	if got := (Secrets{}).Apply(assert(""), pw); got.Assert.Secret != "" || got.Assert.Expected != "" {
		t.Errorf("assert an empty value on a password field: %+v", got.Assert)
	}
	if got := (Secrets{RecordSecrets: true}).Apply(assert("hunter2"), pw); got.Assert.Expected != "hunter2" {
		t.Errorf("assert value, secrets recorded: %+v", got.Assert)
	}
}

// TestSecretAssertionCheck compares a value assertion with its secret
// and never prints either value in its failure.
func TestSecretAssertionCheck(t *testing.T) {
	t.Parallel()
	a := Assertion{Kind: AssertValue, Expected: "hunter2", Secret: "ARIADNE_SECRET_PASSWORD"}
	val := func(s string) Observed { return Observed{Count: 1, State: ElementState{Value: &s}} }
	if err := a.Check(val("hunter2")); err != nil {
		t.Errorf("same value: %v", err)
	}
	err := a.Check(val("hunter3"))
	if err == nil || strings.Contains(err.Error(), "hunter") || !strings.Contains(err.Error(), "$ARIADNE_SECRET_PASSWORD") {
		t.Errorf("another value: %v", err)
	}
}
func TestValueResolve(t *testing.T) {
	t.Parallel()
	env := map[string]string{"ARIADNE_SECRET_PASSWORD": "hunter2"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if got, err := SecretValue("ARIADNE_SECRET_PASSWORD").Resolve(lookup); err != nil || got != "hunter2" {
		t.Errorf("got %q, %v", got, err)
	}
	if got, err := Plain("ada").Resolve(lookup); err != nil || got != "ada" {
		t.Errorf("got %q, %v", got, err)
	}
	_, err := SecretValue("ARIADNE_SECRET_PIN").Resolve(lookup)
	if !errors.Is(err, ErrSecretUnset) {
		t.Errorf("unset secret: got %v", err)
	}
	if s := SecretValue("ARIADNE_SECRET_PIN").String(); s != "$ARIADNE_SECRET_PIN" {
		t.Errorf("String() = %q", s)
	}
}

// TestPlainPasswordNeverQuoted checks a value assertion on a password
// field stored as plain text (--record-secrets, or a file written by hand):
// its failure says whether the field is empty, never its value or the
// expected one.
// A press of several chords into a password field is summed up masked.
func TestSummaryMasksPressedPassword(t *testing.T) {
	t.Parallel()
	s := Step{Kind: Press, Target: tgt(refs.ByLabel("Password", false), "textbox", "Password"), Key: "h u n t e r 2"}
	s.Target.Password = true
	if got := Summary(s); strings.Contains(got, "h u n") {
		t.Errorf("Summary shows the keys pressed into a password field: %s", got)
	}
}

func TestPlainPasswordNeverQuoted(t *testing.T) {
	t.Parallel()
	pw := func(s string) Observed { return Observed{Count: 1, State: ElementState{Value: &s, Password: true}} }
	cases := []struct {
		a    Assertion
		got  string
		want string // in the message
	}{
		{Assertion{Kind: AssertValue, Expected: "hunter2"}, "hunter3", "differs"},
		{Assertion{Kind: AssertValue, Expected: "hunter2"}, "", "empty password field"},
		{Assertion{Kind: AssertValue, Expected: ""}, "hunter3", "differs"},
		{Assertion{Kind: AssertValue, Expected: "hunter2", Not: true}, "hunter2", "expected not value " + refs.SecretMask},
	}
	for _, c := range cases {
		err := c.a.Check(pw(c.got))
		if err == nil || strings.Contains(err.Error(), "hunter") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v on %q: %v", c.a, c.got, err)
		}
	}
	if err := (Assertion{Kind: AssertValue, Expected: "hunter2"}).Check(pw("hunter2")); err != nil {
		t.Errorf("same value: %v", err)
	}
}

// TestSummaryMasksPlainPassword checks that a step into a password field
// recorded with --record-secrets (its text stored as plain text) is
// summarized with the mask: the TUI, run, MCP and replay progress print
// Summary.
func TestSummaryMasksPlainPassword(t *testing.T) {
	t.Parallel()
	target := Target{Locator: refs.Locator{Parts: []refs.Part{{Kind: refs.KindLabel, Text: "Password"}}}, Password: true}
	steps := []Step{
		{Kind: Fill, Target: target, Text: Plain("hunter2")},
		{Kind: Type, Target: target, Text: Plain("hunter2")},
		{Kind: Press, Target: target, Key: "h"},
		{Kind: Assert, Target: target, Assert: &Assertion{Kind: AssertValue, Expected: "hunter2"}},
	}
	for _, s := range steps {
		got := Summary(s)
		if strings.Contains(got, "hunter") || strings.Contains(got, `"h"`) || strings.Contains(got, " h ") || !strings.Contains(got, refs.SecretMask) {
			t.Errorf("Summary(%s) = %q", s.Kind, got)
		}
	}
	// The same steps into a plain field show their text.
	target.Password = false
	if got := Summary(Step{Kind: Fill, Target: target, Text: Plain("ada")}); !strings.Contains(got, `"ada"`) {
		t.Errorf("plain field: %q", got)
	}
	// The recorder marks the target of a password field.
	_, tg, err := Element{Best: target.Locator, Role: "textbox", Name: "Password", Password: true}.Target()
	if err != nil || !tg.Password {
		t.Errorf("Element.Target of a password field: %+v, %v", tg, err)
	}
}
