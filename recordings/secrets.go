package recordings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// This file keeps passwords out of recording files. A value typed into a
// password field is stored as a reference to an environment variable,
// {"secret":"ARIADNE_SECRET_PASSWORD"}, and exported code reads that
// variable (process.env, os.environ, os.Getenv). Plain text is stored only
// when the user opts in with Secrets.RecordSecrets.

// SecretPrefix starts the name of every secret's environment variable.
const SecretPrefix = "ARIADNE_SECRET_"

// Value is text a step types: either the text itself, or the name of the
// environment variable that holds it. In JSON it is a string, or
// {"secret":"NAME"}.
type Value struct {
	Text   string
	Secret string // environment variable name; Text is then empty
}

// Plain returns a Value holding s.
func Plain(s string) Value { return Value{Text: s} }

// SecretValue returns a Value read from the environment variable name.
func SecretValue(name string) Value { return Value{Secret: name} }

// IsZero reports whether v is empty text and no secret.
func (v Value) IsZero() bool { return v.Text == "" && v.Secret == "" }

// IsSecret reports whether v is read from the environment.
func (v Value) IsSecret() bool { return v.Secret != "" }

// ErrSecretUnset is returned by Resolve when a secret's variable is unset.
var ErrSecretUnset = errors.New("a secret's environment variable is not set")

// Resolve returns the text of v, looking a secret up with lookup (for
// example os.LookupEnv). A secret whose variable is unset is an error that
// names the variable.
func (v Value) Resolve(lookup func(string) (string, bool)) (string, error) {
	if v.Secret == "" {
		return v.Text, nil
	}
	s, ok := lookup(v.Secret)
	if !ok {
		return "", fmt.Errorf("%w: the recording types the secret %s: set the environment variable %s and replay again",
			ErrSecretUnset, v.Secret, v.Secret)
	}
	return s, nil
}

// String returns the text, or $NAME for a secret; it never holds a secret.
func (v Value) String() string {
	if v.Secret != "" {
		return "$" + v.Secret
	}
	return v.Text
}

type secretJSON struct {
	Secret string `json:"secret"`
}

// MarshalJSON writes a string, or {"secret":"NAME"} for a secret.
func (v Value) MarshalJSON() ([]byte, error) {
	if v.Secret != "" {
		return json.Marshal(secretJSON{v.Secret})
	}
	return json.Marshal(v.Text)
}

// UnmarshalJSON reads a string or {"secret":"NAME"}.
func (v *Value) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		var s secretJSON
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if !validSecretName(s.Secret) {
			return fmt.Errorf("secret name %q is not an environment variable name (A-Z, 0-9, _)", s.Secret)
		}
		*v = Value{Secret: s.Secret}
		return nil
	}
	var t string
	if err := json.Unmarshal(b, &t); err != nil {
		return err
	}
	*v = Value{Text: t}
	return nil
}

func validSecretName(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// SecretName derives the environment variable for a field from its label:
// "Password" gives ARIADNE_SECRET_PASSWORD, "Confirm password!" gives
// ARIADNE_SECRET_CONFIRM_PASSWORD. Letters outside ASCII are dropped; a
// label with nothing left gives ARIADNE_SECRET_PASSWORD.
func SecretName(label string) string {
	var b strings.Builder
	gap := false
	for _, r := range label {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(unicode.ToUpper(r))
		default:
			gap = true
		}
	}
	if b.Len() == 0 {
		return SecretPrefix + "PASSWORD"
	}
	return SecretPrefix + b.String()
}

// Secrets decides how the values typed into password fields are stored.
type Secrets struct {
	// RecordSecrets stores them as plain text. Off by default: the file
	// then names an environment variable instead.
	RecordSecrets bool
}

// Field is what the recorder knows about the field a value was typed into.
type Field struct {
	Password bool   // an <input type=password>, or a field the user marked secret
	Label    string // its label or accessible name
}

// Apply returns s with its typed text replaced by a secret reference when
// s fills or types into a password field, unless p.RecordSecrets is set.
// The caller should tell the user which variable to set (Value.Secret).
//
// A key that changes the text of a password field (a character, Shift
// and a character, Space, Backspace, Delete) is never stored as that key:
// the step becomes a fill of the secret, the field's value, so that key
// by key typing stores no character and collapses into one secret fill.
// Other keys (Enter, Tab, arrows) stay presses.
//
// Empty stays empty: clearing a password field (a fill with no text) is
// recorded as that. A value assertion on a password field compares with
// the same secret variable instead of storing the value (an empty value
// stays empty).
func (p Secrets) Apply(s Step, f Field) Step {
	if p.RecordSecrets || !f.Password {
		return s
	}
	switch {
	case (s.Kind == Fill || s.Kind == Type) && s.Text.Secret == "" && s.Text.Text != "":
		s.Text = SecretValue(SecretName(f.Label))
	case s.Kind == Press && KeysEditText(s.Key):
		s.Kind, s.Key, s.Text = Fill, "", SecretValue(SecretName(f.Label))
	case s.Kind == Assert && s.Assert != nil && s.Assert.Kind == AssertValue && s.Assert.Secret == "" && s.Assert.Expected != "":
		a := *s.Assert
		a.Secret, a.Expected = SecretName(f.Label), ""
		s.Assert = &a
	}
	return s
}

// KeysEditText reports whether any chord of a press's keys (space
// separated: "h u n t e r 2") changes a text field's value: such a press
// into a password field is its secret, however many chords it has.
func KeysEditText(keys string) bool {
	if EditsText(keys) {
		return true
	}
	for _, k := range strings.Fields(keys) {
		if EditsText(k) {
			return true
		}
	}
	return false
}

// EditsText reports whether pressing key changes a text field's value:
// a printable character, alone or with Shift, Space, Backspace, Delete.
func EditsText(key string) bool {
	switch key {
	case "Space", "Backspace", "Delete":
		return true
	}
	return isCharKey(key) || isCharKey(strings.TrimPrefix(key, "Shift+"))
}

// passwordGot is what a failed value assertion says it found in a
// password field: whether it is empty, never the value.
func passwordGot(v string) string {
	if v == "" {
		return "an empty password field"
	}
	return "another value (the password field's value differs; it is never shown)"
}
