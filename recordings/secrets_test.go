package recordings

import (
	"errors"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestSecretName(t *testing.T) {
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
	field := tgt(refs.ByLabel("Password", false), "textbox", "Password")
	pw := Field{Password: true, Label: "Password"}
	typed := Step{Kind: Type, Target: field, Text: Plain("hunter2")}
	for _, tc := range []struct {
		name   string
		policy Secrets
		step   Step
		field  Field
		want   Step
	}{
		{"fill in a password field", Secrets{}, fill(field, Plain("hunter2")), pw, fill(field, SecretValue("ARIADNE_SECRET_PASSWORD"))},
		{"type in a password field", Secrets{}, typed, pw, Step{Kind: Type, Target: field, Text: SecretValue("ARIADNE_SECRET_PASSWORD")}},
		{"a character key in a password field", Secrets{}, Step{Kind: Press, Target: field, Key: "h"}, pw,
			Step{Kind: Type, Target: field, Text: SecretValue("ARIADNE_SECRET_PASSWORD")}},
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
	// Key by key, a password collapses to one secret fill.
	var steps []Step
	for _, k := range []string{"h", "u", "n"} {
		steps = Add(steps, Secrets{}.Apply(Step{Kind: Press, Target: field, Key: k}, pw))
	}
	if len(steps) != 1 || steps[0].Kind != Fill || steps[0].Text != SecretValue("ARIADNE_SECRET_PASSWORD") {
		t.Errorf("typed password collapsed to %+v", steps)
	}
}

func TestValueResolve(t *testing.T) {
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
