package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file finds durable Playwright locators for refs. The ladder itself
// is refs.Propose and refs.Choose; this side feeds it from the live page:
//
//  1. One call per frame document (locate.facts in js/locators.js) reads
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

// locators fills out[i] for the refs at idx, all of this tab.
func (t *Tab) locators(ctx context.Context, out []ElementLocators, idx []int) error {
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return err
	}
	jobs := map[cdp.FrameID]*locJob{}
	var order []*locJob
	var jobFor func(path []*cdp.Frame) (*locJob, error)
	jobFor = func(path []*cdp.Frame) (*locJob, error) {
		f := path[len(path)-1]
		if j := jobs[f.ID]; j != nil {
			return j, nil
		}
		w, err := t.worldFor(ctx, f)
		if err != nil {
			return nil, err
		}
		j := &locJob{tab: t, frame: f, world: w}
		if len(path) > 1 {
			if j.parent, err = jobFor(path[:len(path)-1]); err != nil {
				return nil, err
			}
			h, err := (&snapshotter{t: t}).ownerHandle(ctx, j.parent.world, f.ID)
			if err != nil {
				return nil, fmt.Errorf("locating frame %s: %w", f.URL, err)
			}
			j.owner = &locTarget{handle: h, frame: true}
			j.parent.targets = append(j.parent.targets, j.owner)
		}
		jobs[f.ID] = j
		order = append(order, j)
		return j, nil
	}
	for _, i := range idx {
		o := &out[i]
		e, err := t.b.refs.Lookup(o.Ref)
		if err != nil {
			return err
		}
		path := findFrame(tree, cdp.FrameID(e.Frame))
		if path == nil {
			return staleRef(o.Ref, e, "its frame or page is gone")
		}
		if len(path) == 1 {
			o.Frame = ""
		}
		f := path[len(path)-1]
		if known := t.knownWorld(f.ID); known == nil || known.doc != e.Doc || known.loader != f.LoaderID {
			return staleRef(o.Ref, e, "the page navigated or reloaded since")
		}
		j, err := jobFor(path)
		if err != nil {
			return err
		}
		if j.world.doc != e.Doc {
			return staleRef(o.Ref, e, "the page navigated or reloaded since")
		}
		j.targets = append(j.targets, &locTarget{handle: e.Handle, out: o})
	}
	for _, j := range order {
		if err := j.facts(ctx); err != nil {
			return err
		}
	}
	for _, j := range order {
		if err := j.choose(ctx); err != nil {
			return err
		}
	}
	for _, j := range order {
		for _, tg := range j.targets {
			if tg.out != nil {
				j.report(tg)
			}
		}
	}
	return nil
}

func (j *locJob) attr() string { return j.tab.b.opts.TestIDAttribute }

// facts runs locate.facts for every target of the document.
func (j *locJob) facts(ctx context.Context) error {
	type want struct {
		H     int  `json:"h"`
		Frame bool `json:"frame,omitempty"`
	}
	req := struct {
		Attr    string `json:"attr"`
		Targets []want `json:"targets"`
	}{Attr: j.attr()}
	for _, tg := range j.targets {
		req.Targets = append(req.Targets, want{tg.handle, tg.frame})
	}
	var res pageFacts
	if err := j.call(ctx, "__ariadne.locate.facts", req, &res); err != nil {
		return err
	}
	if len(res.Targets) != len(j.targets) {
		return fmt.Errorf("locating in frame %s: %d results for %d elements", j.frame.URL, len(res.Targets), len(j.targets))
	}
	for i, tg := range j.targets {
		tg.page = res.Targets[i]
		tg.counts = countsOf(tg.page.K)
	}
	for _, c := range res.Containers {
		j.containers = append(j.containers, &locContainer{page: c, counts: countsOf(c.K)})
	}
	return nil
}

// call runs fn(req) in the document's world and decodes the JSON string it
// returns into out.
func (j *locJob) call(ctx context.Context, fn string, req, out any) error {
	raw, err := j.tab.callIn(ctx, j.world, "(r) => "+fn+"(r)", req)
	if err != nil {
		return fmt.Errorf("locating in frame %s: %w", j.frame.URL, err)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("locating in frame %s: %w", j.frame.URL, err)
	}
	if err := json.Unmarshal([]byte(s), out); err != nil {
		return fmt.Errorf("locating in frame %s: decoding: %w", j.frame.URL, err)
	}
	return nil
}

// pending collects candidates to count in one locate.count call.
type pending struct {
	queries []countQuery
	fill    []func(count)
}

type countQuery struct {
	T     int         `json:"t"`
	Parts []refs.Part `json:"parts"`
}

func (p *pending) add(handle int, l refs.Locator, fill func(count)) {
	p.queries = append(p.queries, countQuery{handle, l.Parts})
	p.fill = append(p.fill, fill)
}

// run counts the pending queries, if any.
func (p *pending) run(ctx context.Context, j *locJob) error {
	if len(p.queries) == 0 {
		return nil
	}
	req := struct {
		Attr    string       `json:"attr"`
		Queries []countQuery `json:"queries"`
	}{j.attr(), p.queries}
	var res [][2]int
	if err := j.call(ctx, "__ariadne.locate.count", req, &res); err != nil {
		return err
	}
	if len(res) != len(p.queries) {
		return fmt.Errorf("locating in frame %s: %d counts for %d queries", j.frame.URL, len(res), len(p.queries))
	}
	for i, r := range res {
		p.fill[i](count{r[0], r[1]})
	}
	*p = pending{}
	return nil
}

// positions records, per candidate (by internal selector), the index of
// the element among the candidate's matches; -1 when it is not among them.
type positions map[string]int

// counted sets c's count from the page's predictions, or queues it.
func counted(c *refs.Candidate, pos positions, counts map[string]count, handle int, p *pending) {
	key := c.Locator.Internal()
	if n, ok := counts[partKey(c.Locator)]; ok {
		c.Matches, pos[key] = n.n, n.idx
		return
	}
	pos[key] = -1
	p.add(handle, c.Locator, func(n count) { c.Matches, pos[key] = n.n, n.idx })
}

// reaching keeps the candidates that match the element itself.
func reaching(cands []refs.Candidate, pos positions) []refs.Candidate {
	var out []refs.Candidate
	for _, c := range cands {
		if i, ok := pos[c.Locator.Internal()]; ok && i >= 0 && c.Matches > 0 {
			out = append(out, c)
		}
	}
	return out
}

// choose runs the ladder for every target of the document.
func (j *locJob) choose(ctx context.Context) error {
	var p pending
	for _, tg := range j.targets {
		if tg.page.Problem != "" {
			continue
		}
		tg.pos = positions{}
		if tg.frame {
			tg.cands = frameCandidates(tg.page.F)
		} else {
			tg.cands = refs.Propose(tg.page.F)
			tg.late = textCSS(tg.page.F)
		}
		for i := range tg.cands {
			counted(&tg.cands[i], tg.pos, tg.counts, tg.page.T, &p)
		}
		for i := range tg.late {
			counted(&tg.late[i], tg.pos, tg.counts, tg.page.T, &p)
		}
	}
	if err := p.run(ctx, j); err != nil {
		return err
	}

	// Standalone candidates; then the late ones for those still ambiguous.
	var ambiguous []*locTarget
	for _, tg := range j.targets {
		if tg.page.Problem != "" {
			continue
		}
		tg.cands = reaching(tg.cands, tg.pos)
		tg.late = reaching(tg.late, tg.pos)
		if tg.frame {
			tg.best = firstUnique(tg.cands)
			continue
		}
		tg.best, tg.all = refs.Choose(tg.cands)
		if !tg.best.Unique() && len(tg.late) > 0 {
			tg.cands = append(tg.cands, tg.late...)
			tg.best, tg.all = refs.Choose(tg.cands)
		}
		if refs.Improvable(tg.best) {
			ambiguous = append(ambiguous, tg)
		}
	}
	if err := j.scope(ctx, ambiguous); err != nil {
		return err
	}
	for _, tg := range j.targets {
		if tg.page.Problem == "" && !tg.best.Unique() {
			tg.nth()
		}
	}
	return nil
}

// scope retries ambiguous targets, and those whose best locator could be
// bettered (refs.Improvable), inside their nearest containers that have a
// unique locator of their own.
func (j *locJob) scope(ctx context.Context, ambiguous []*locTarget) error {
	if len(ambiguous) == 0 {
		return nil
	}
	var p pending
	used := map[int]bool{}
	for _, tg := range ambiguous {
		for _, ci := range tg.page.C {
			if ci >= 0 && ci < len(j.containers) {
				used[ci] = true
			}
		}
	}
	contCands := map[int][]refs.Candidate{}
	for ci := range used {
		c := j.containers[ci]
		c.pos = positions{}
		cands := refs.Propose(c.page.F)
		for i := range cands {
			counted(&cands[i], c.pos, c.counts, c.page.H, &p)
		}
		contCands[ci] = cands
	}
	if err := p.run(ctx, j); err != nil {
		return err
	}
	for ci, cands := range contCands {
		c := j.containers[ci]
		c.best = steadiest(reaching(cands, c.pos))
	}

	// Recount each target's ambiguous candidates inside its nearest
	// uniquely located container; those still ambiguous try the next one.
	next := map[*locTarget]int{} // index into tg.page.C of the next container
	for round := 0; round < 2 && len(ambiguous) > 0; round++ {
		type scoped struct {
			tg    *locTarget
			cand  refs.Candidate
			alone int // matches of the candidate unscoped
		}
		var all []*scoped
		for _, tg := range ambiguous {
			var parent refs.Locator
			for i := next[tg]; i < len(tg.page.C); i++ {
				ci := tg.page.C[i]
				if ci >= 0 && ci < len(j.containers) && j.containers[ci].best.Unique() {
					parent, next[tg] = j.containers[ci].best.Locator, i+1
					break
				}
			}
			if parent.IsZero() {
				continue
			}
			for _, c := range tg.cands {
				if c.Matches < 2 || len(c.Locator.Parts) > 1 {
					continue
				}
				s := &scoped{tg: tg, cand: refs.Scoped(parent, []refs.Candidate{c})[0], alone: c.Matches}
				all = append(all, s)
				counted(&s.cand, tg.pos, nil, tg.page.T, &p)
			}
		}
		if err := p.run(ctx, j); err != nil {
			return err
		}
		// Keep what scoping narrowed: unique now, or fewer matches (for nth).
		for _, s := range all {
			if s.cand.Matches < s.alone {
				s.tg.cands = append(s.tg.cands, reaching([]refs.Candidate{s.cand}, s.tg.pos)...)
			}
		}
		still := ambiguous[:0]
		for _, tg := range ambiguous {
			tg.best, tg.all = refs.Choose(tg.cands)
			if refs.Improvable(tg.best) {
				still = append(still, tg)
			}
		}
		ambiguous = still
	}
	return nil
}

// nth falls back to picking the element by position in the candidate
// with the fewest matches (scoped ones first when equal). Its index is
// the one the page reported, so the result is unique by construction.
func (tg *locTarget) nth() {
	var pick *refs.Candidate
	for i := range tg.cands {
		c := &tg.cands[i]
		if c.Matches < 2 {
			continue
		}
		if pick == nil || c.Matches < pick.Matches || (c.Matches == pick.Matches && len(c.Locator.Parts) > len(pick.Locator.Parts)) {
			pick = c
		}
	}
	if pick == nil {
		return
	}
	i := tg.pos[pick.Locator.Internal()]
	if i < 0 {
		return
	}
	if tg.frame {
		css := pick.Locator.Target().CSS
		tg.best = refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS(":nth-match(" + css + ", " + strconv.Itoa(i+1) + ")"), Matches: 1}
		return
	}
	n := refs.WithNth(*pick, i)
	n.Matches = 1
	tg.cands = append(tg.cands, n)
	tg.best, tg.all = refs.Choose(tg.cands)
}

// report fills the target's ElementLocators.
func (j *locJob) report(tg *locTarget) {
	o := tg.out
	o.Target = tg.page.Why
	switch tg.page.Problem {
	case "":
	case "closed-shadow":
		o.Problem = problemClosedShadow
		return
	default:
		o.Problem = problemGone
		return
	}
	if off, ok := j.frameOffset(); ok && len(tg.page.Box) == 4 {
		o.Box = &refs.Box{X: tg.page.Box[0] + off[0], Y: tg.page.Box[1] + off[1], Width: tg.page.Box[2], Height: tg.page.Box[3]}
	}
	if !tg.best.Unique() {
		o.Problem = problemNoLocator
		o.Candidates = tg.all
		return
	}
	prefix, ok := j.prefix()
	if !ok {
		o.Problem = problemFrame
		o.Candidates = tg.all
		return
	}
	if len(prefix) == 0 {
		o.Best, o.Candidates = tg.best, tg.all
		return
	}
	cands := make([]refs.Candidate, len(tg.all))
	for i, c := range tg.all {
		c.Locator = inFrames(c.Locator, prefix)
		c.Flags = nil
		cands[i] = c
	}
	o.Best, o.Candidates = refs.Choose(cands)
}

// prefix returns the CSS of the iframes from the main frame down to this
// document; ok is false when one of them has no unique selector.
func (j *locJob) prefix() ([]string, bool) {
	if j.parent == nil {
		return nil, true
	}
	outer, ok := j.parent.prefix()
	if !ok || !j.owner.best.Unique() {
		return nil, false
	}
	return append(outer, j.owner.best.Locator.Target().CSS), true
}

func inFrames(l refs.Locator, frames []string) refs.Locator {
	for i := len(frames) - 1; i >= 0; i-- {
		l = l.InFrame(frames[i])
	}
	return l
}

// frameOffset is where this document's viewport sits in the main frame's.
func (j *locJob) frameOffset() ([2]float64, bool) {
	if j.parent == nil {
		return [2]float64{}, true
	}
	if j.offsetDone {
		return j.offset, true
	}
	off, ok := j.parent.frameOffset()
	if !ok || len(j.owner.page.Co) != 2 {
		return off, false
	}
	j.offset = [2]float64{off[0] + j.owner.page.Co[0], off[1] + j.owner.page.Co[1]}
	j.offsetDone = true
	return j.offset, true
}

// frameCandidates proposes CSS for an iframe element, most telling first:
// its title and name, the usual CSS candidates, its src, the bare tag.
func frameCandidates(f refs.Facts) []refs.Candidate {
	tag := refs.CSSEscape(strings.ToLower(f.Tag))
	var css []string
	add := func(s string) {
		if s != "" && !slices.Contains(css, s) {
			css = append(css, s)
		}
	}
	for _, a := range []string{"title", "name"} {
		if v := f.Attrs[a]; v != "" {
			add(tag + "[" + a + "=" + refs.CSSQuote(v) + "]")
		}
	}
	all := refs.CSSCandidates(f)
	for _, s := range all {
		if s != tag {
			add(s)
		}
	}
	if v := f.Attrs["src"]; v != "" {
		add(tag + "[src=" + refs.CSSQuote(v) + "]")
	}
	add(tag)
	out := make([]refs.Candidate, len(css))
	for i, s := range css {
		out[i] = refs.Candidate{Rung: refs.RungCSS, Locator: refs.ByCSS(s)}
	}
	return out
}

// steadiest returns the unique candidate with the fewest durability
// flags, ties broken by refs.Choose's ranking. A container's locator is a
// step on the way to its element, so it should be the one least likely
// to change (getByRole('article').filter({ hasText: 'Blue mug' }) over
// the article's full text).
func steadiest(cands []refs.Candidate) refs.Candidate {
	_, all := refs.Choose(cands)
	var best refs.Candidate
	for _, c := range all {
		if c.Unique() && (!best.Unique() || len(c.Flags) < len(best.Flags)) {
			best = c
		}
	}
	return best
}

// firstUnique returns the first unique candidate in proposal order.
func firstUnique(cands []refs.Candidate) refs.Candidate {
	for _, c := range cands {
		if c.Unique() {
			return c
		}
	}
	return refs.Candidate{}
}

// textCSS is the fallback for an element whose text does not locate it
// by itself (it also sits in a child element): its tag filtered by its
// text, locator('li').filter({ hasText: 'text' }).
func textCSS(f refs.Facts) []refs.Candidate {
	text := strings.Join(strings.Fields(f.Text), " ")
	if text == "" || utf8.RuneCountInString(text) > 80 {
		return nil
	}
	return []refs.Candidate{{Rung: refs.RungCSS, Locator: refs.ByCSS(refs.CSSEscape(strings.ToLower(f.Tag))).Filter(text)}}
}
