package recordings

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// Importing the DevTools Recorder's waits: waitForElement and
// waitForExpression steps read back as assertions, including the hidden
// and count checks Ariadne itself exports as XPath expressions.

// importWait reads a waitForElement step as @puppeteer/replay's runner
// runs it: the elements of the first selector that matches any, compared
// with count (default 1) by operator (default ">=", whatever the schema's
// comment says), then checked for the properties; visible false inverts
// the whole condition (it does not look at visibility). So a bare wait,
// at least one element, is a visible assertion (the form Ariadne exports
// them in); "==" is a count, with or without an explicit count (1), and
// so is "<=" 0; visible false makes the count one that must not hold, so
// a bare wait with visible false is a count of 0: no element matches (an
// element that is there but hidden fails it, in the runner as here).
func importWait(d devtoolsStep) (*Assertion, error) {
	count := 1
	if d.Count != nil {
		count = *d.Count
	}
	op := d.Operator
	if op == "" {
		op = ">="
	}
	inverted := d.Visible != nil && !*d.Visible
	switch op {
	case ">=", "==", "<=":
	default:
		return nil, fmt.Errorf("operator %q is not one of >=, ==, <=", d.Operator)
	}
	if count < 0 {
		return nil, fmt.Errorf("count %d: a count is 0 or more", count)
	}
	plain := len(d.Attributes) == 0 && len(d.Properties) == 0
	if plain && (op == "==" || (op == "<=" && count == 0)) {
		return &Assertion{Kind: AssertCount, Expected: strconv.Itoa(count), Not: inverted}, nil
	}
	if plain && inverted && op == ">=" && count == 1 {
		// Not at least one: no element matches, hidden or not.
		return &Assertion{Kind: AssertCount, Expected: "0"}, nil
	}
	if op == "<=" || count != 1 {
		return nil, fmt.Errorf("operator %s with count %d: Ariadne checks one element, or exactly N (operator ==), not at least or at most N", op, count)
	}
	if len(d.Attributes) > 0 {
		return nil, errors.New("attribute checks have no Ariadne equivalent")
	}
	if inverted {
		return nil, errors.New(`property checks with "visible": false (no element matches, or one differs) have no Ariadne equivalent`)
	}
	if len(d.Properties) > 1 {
		return nil, errors.New("one property at a time is checked in Ariadne")
	}
	for k, v := range d.Properties {
		str, isStr := v.(string)
		b, isBool := v.(bool)
		switch {
		case k == "textContent" && isStr, k == "innerText" && isStr:
			return &Assertion{Kind: AssertText, Expected: str}, nil
		case k == "value" && isStr:
			return &Assertion{Kind: AssertValue, Expected: str}, nil
		case k == "checked" && isBool:
			return &Assertion{Kind: AssertChecked, Not: !b}, nil
		case k == "disabled" && isBool:
			return &Assertion{Kind: AssertEnabled, Not: b}, nil
		}
		return nil, fmt.Errorf("the property check %s=%v has no Ariadne equivalent", k, v)
	}
	return &Assertion{Kind: AssertVisible}, nil
}

var expressionCheck = regexp.MustCompile(`^\s*(location\.href|document\.title)\s*(===|!==)\s*("(?:[^"\\]|\\.)*")\s*;?\s*$`)

// xpathNodesCheck is the nodes of an exported hidden or count check
// (xpathNodes), and the rest of the expression.
var xpathNodesCheck = regexp.MustCompile(`^document\.evaluate\(("(?:[^"\\]|\\.)*"), document, null, XPathResult\.ORDERED_NODE_SNAPSHOT_TYPE, null\)(.*)$`)

var countCheck = regexp.MustCompile(`^\.snapshotLength (===|!==) (\d+)$`)

// importXPathCheck reads back the hidden and count checks Ariadne exports
// (export_devtools.go): the assertion and its target, an XPath. Hidden
// comes back as not visible, the same check.
func importXPathCheck(e string) (*Assertion, *Target, bool) {
	not := false
	rest := e
	if r, ok := strings.CutPrefix(rest, "!"+hiddenFn+"("); ok {
		not, rest = true, r
	} else if r, ok := strings.CutPrefix(rest, hiddenFn+"("); ok {
		rest = r
	} else {
		m := xpathNodesCheck.FindStringSubmatch(rest)
		if m == nil {
			return nil, nil, false
		}
		c := countCheck.FindStringSubmatch(m[2])
		var x string
		if c == nil || json.Unmarshal([]byte(m[1]), &x) != nil {
			return nil, nil, false
		}
		return &Assertion{Kind: AssertCount, Expected: c[2], Not: c[1] == "!=="}, &Target{Locator: refs.ByXPath(x)}, true
	}
	inner, ok := strings.CutSuffix(rest, ")")
	m := xpathNodesCheck.FindStringSubmatch(inner)
	var x string
	if !ok || m == nil || m[2] != "" || json.Unmarshal([]byte(m[1]), &x) != nil {
		return nil, nil, false
	}
	return &Assertion{Kind: AssertVisible, Not: !not}, &Target{Locator: refs.ByXPath(x)}, true
}

func importExpression(e string) (*Assertion, error) {
	m := expressionCheck.FindStringSubmatch(e)
	if m == nil {
		return nil, fmt.Errorf("the expression check %q has no Ariadne equivalent (only location.href or document.title === a string)", e)
	}
	var want string
	if err := json.Unmarshal([]byte(m[3]), &want); err != nil {
		return nil, err
	}
	a := &Assertion{Kind: AssertURL, Expected: want, Not: m[2] == "!=="}
	if m[1] == "document.title" {
		a.Kind = AssertTitle
	}
	return a, nil
}
