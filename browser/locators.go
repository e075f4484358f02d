package browser

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file finds durable Playwright locators for refs. The ladder itself
// is refs.Propose and refs.Choose; this side feeds it from the live page:
//
//  1. One call per frame document (locate.facts in js/locators/) reads
//     the facts of every target element and counts every candidate it can
//     predict, against indexes of the page built once for the call.
//  2. Go proposes and chooses. Candidates the page did not predict are
//     counted in one more call for the whole document.
//  3. Targets with no unique candidate, or only a fragile one, are scoped
//     inside their nearest uniquely located container (row, article,
//     landmark, an element with a test id or a heading), all recounted in
//     one call; the last resort is nth, flagged. A container is told by
//     its role and name, else its role (or tag) filtered by its most
//     distinguishing short text, chosen by the page (Facts.Distinct).
//  4. Elements of child frames get their iframe's locator as a prefix,
//     chosen from the iframe element's facts in the parent document.

// ElementLocators is what Locators found for one ref.
type ElementLocators struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name,omitempty"`
	// Frame is the frame id of an element in a child frame; "" in the
	// main frame.
	Frame string    `json:"frame,omitempty"`
	Box   *refs.Box `json:"box,omitempty"` // of the located element, in main-frame viewport CSS px
	// Best is the chosen locator; the zero Candidate when Problem is set.
	Best refs.Candidate `json:"best"`
	// Candidates are every candidate that reaches the element, ranked, each
	// with its match count (scoped and nth forms included).
	Candidates []refs.Candidate `json:"candidates,omitempty"`
	// Target, when set, says that the locators find the enclosing control
	// the ref's element belongs to ("button", "link", or "control" for a
	// label's), which is the element a user acting on the ref means.
	Target string `json:"target,omitempty"`
	// Problem says why no locator was found, in plain words.
	Problem string `json:"problem,omitempty"`
}

// Err returns a not_locatable error for an element with a Problem, or nil.
func (e ElementLocators) Err() error {
	if e.Problem == "" {
		return nil
	}
	return refs.Errorf(refs.CodeNotLocatable, "ref %s (%s %q) has no locator: %s", e.Ref, e.Role, e.Name, e.Problem)
}

// Problems Locators reports.
const (
	problemGone         = "the element is gone from the page; take a new snapshot"
	problemClosedShadow = "inside a closed shadow root: not locatable (Playwright cannot reach into closed shadow roots)"
	problemNoLocator    = "no locator reaches it"
	problemFrame        = "its iframe has no selector that Playwright could enter"
)

// Locator returns the locators of one ref, and a not_locatable error when
// it has none.
func (b *Browser) Locator(ctx context.Context, ref string) (ElementLocators, error) {
	out, err := b.Locators(ctx, []string{ref})
	if err != nil {
		return ElementLocators{}, err
	}
	return out[0], out[0].Err()
}

// Locators finds, for each ref, durable Playwright locators verified
// against the live page: the best one, unique in its frame, and every
// ranked candidate with its match count. An empty refList means every ref
// of a fresh snapshot of the current tab. Refs that are not issued or whose
// page navigated away give an error; an element that cannot be located
// gets a Problem instead.
func (b *Browser) Locators(ctx context.Context, refList []string) ([]ElementLocators, error) {
	if len(refList) == 0 {
		snap, err := b.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		snap.Root.Walk(func(n *refs.Node, _ int) bool {
			if n.Ref != "" {
				refList = append(refList, n.Ref)
			}
			return true
		})
	}
	out := make([]ElementLocators, len(refList))
	byTab := map[string][]int{}
	var tabOrder []string
	for i, raw := range refList {
		ref, err := refs.ParseRef(raw)
		if err != nil {
			return nil, err
		}
		e, err := b.refs.Lookup(ref)
		if err != nil {
			return nil, err
		}
		out[i] = ElementLocators{Ref: ref, Role: e.Role, Name: e.Name, Frame: e.Frame}
		if _, ok := byTab[e.Tab]; !ok {
			tabOrder = append(tabOrder, e.Tab)
		}
		byTab[e.Tab] = append(byTab[e.Tab], i)
	}
	for _, id := range tabOrder {
		tab, err := b.tabFor(id)
		if err != nil {
			return nil, err
		}
		if err := tab.locators(ctx, out, byTab[id]); err != nil {
			return nil, b.browserErr(err)
		}
	}
	return out, nil
}

// locJob is the work on one frame document.
type locJob struct {
	tab        *Tab
	frame      *cdp.Frame
	world      *world
	parent     *locJob
	owner      *locTarget // the iframe element of this frame, in parent's document
	offset     [2]float64
	offsetDone bool
	targets    []*locTarget
	containers []*locContainer
}

// locTarget is one element to locate in a document.
type locTarget struct {
	handle int
	frame  bool             // an iframe element, located for its frame's prefix
	out    *ElementLocators // nil for iframe elements
	page   pageTarget
	counts map[string]count
	pos    positions
	cands  []refs.Candidate
	late   []refs.Candidate // proposed only when nothing else is unique
	best   refs.Candidate
	all    []refs.Candidate
}

type locContainer struct {
	page   pageContainer
	counts map[string]count
	pos    positions
	best   refs.Candidate
}

// What locate.facts returns.
type pageFacts struct {
	Targets    []pageTarget    `json:"targets"`
	Containers []pageContainer `json:"containers"`
}

type pageTarget struct {
	H       int          `json:"h"`
	T       int          `json:"t"`
	Why     string       `json:"why"`
	Problem string       `json:"problem"`
	Box     []float64    `json:"box"`
	Co      []float64    `json:"co"`
	F       refs.Facts   `json:"f"`
	K       []countedRow `json:"k"`
	C       []int        `json:"c"`
}

type pageContainer struct {
	H int          `json:"h"`
	F refs.Facts   `json:"f"` // F.Distinct is its distinguishing text
	K []countedRow `json:"k"`
}

// countedRow is one predicted locator, one part and an optional text
// filter, with its count: [kind, role, text, exact, attr, css, matches,
// index of the element, filter text or ""].
type countedRow struct {
	part   refs.Part
	filter string
	count
}

type count struct{ n, idx int }

func (r *countedRow) UnmarshalJSON(b []byte) error {
	var kind string
	row := [9]any{&kind, &r.part.Role, &r.part.Text, &r.part.Exact, &r.part.Attr, &r.part.CSS, &r.n, &r.idx, &r.filter}
	if err := json.Unmarshal(b, &row); err != nil {
		return err
	}
	r.part.Kind = refs.Kind(kind)
	return nil
}

func (r countedRow) locator() refs.Locator {
	l := refs.Locator{Parts: []refs.Part{r.part}}
	if r.filter != "" {
		l = l.Filter(r.filter)
	}
	return l
}

// partKey identifies a locator of the shape the page predicts, one part
// and an optional non-empty text filter; "" for others.
func partKey(l refs.Locator) string {
	parts, filter := l.Parts, ""
	if len(parts) == 2 && parts[1].Kind == refs.KindFilter && !parts[1].Exact && parts[1].Text != "" {
		parts, filter = parts[:1], parts[1].Text
	}
	if len(parts) != 1 || parts[0].RoleState != (refs.RoleState{}) || parts[0].Kind == refs.KindFilter {
		return ""
	}
	p := parts[0]
	return strings.Join([]string{string(p.Kind), p.Role, p.Text, strconv.FormatBool(p.Exact), p.Attr, p.CSS, filter}, "\x01")
}

func countsOf(rows []countedRow) map[string]count {
	m := make(map[string]count, len(rows))
	for _, r := range rows {
		m[partKey(r.locator())] = r.count
	}
	return m
}
