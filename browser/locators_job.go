package browser

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/cdp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file runs the ladder on one frame document: facts, counts, choice.

// locators fills out[i] for the refs at idx, all of this tab.
func (t *Tab) locators(ctx context.Context, out []ElementLocators, idx []int) error {
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return err
	}
	// Out-of-process frames too, each in its own session.
	tree, sessions := t.fullTree(ctx, tree)
	jobs := map[cdp.FrameID]*locJob{}
	var order []*locJob
	var jobFor func(path []*cdp.Frame) (*locJob, error)
	jobFor = func(path []*cdp.Frame) (*locJob, error) {
		f := path[len(path)-1]
		if j := jobs[f.ID]; j != nil {
			return j, nil
		}
		w, err := t.worldIn(ctx, sessions[f.ID], f)
		if err != nil {
			return nil, err
		}
		j := &locJob{tab: t, frame: f, world: w}
		if len(path) > 1 {
			if j.parent, err = jobFor(path[:len(path)-1]); err != nil {
				return nil, err
			}
			pctx, pcancel := j.parent.world.bind(ctx)
			h, err := (&snapshotter{t: t}).ownerHandle(pctx, j.parent.world, f.ID)
			pcancel()
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
	if err := j.anchor(ctx); err != nil {
		return err
	}
	for _, tg := range j.targets {
		if tg.page.Problem == "" && !tg.best.Unique() {
			tg.nth()
		}
	}
	return nil
}

// anchor adds, for the targets still without a unique sturdy locator
// after scoping (div-soup cards have no container to scope in), the chains
// the page anchors on a unique text near each (js/locators/anchor.js),
// which the page has checked to match the target alone. One call for the
// document, only for those targets: finding anchors reads many texts.
func (j *locJob) anchor(ctx context.Context) error {
	type want struct {
		T int        `json:"t"`
		F refs.Facts `json:"f"`
	}
	var tgs []*locTarget
	var wants []want
	for _, tg := range j.targets {
		if tg.page.Problem != "" || tg.frame || (tg.best.Unique() && !refs.Fragile(tg.best)) {
			continue
		}
		tgs = append(tgs, tg)
		wants = append(wants, want{tg.page.T, tg.page.F})
	}
	if len(wants) == 0 {
		return nil
	}
	req := struct {
		Attr    string `json:"attr"`
		Targets []want `json:"targets"`
	}{j.attr(), wants}
	var res [][]refs.Locator
	if err := j.call(ctx, "__ariadne.locate.anchors", req, &res); err != nil {
		return err
	}
	if len(res) != len(tgs) {
		return fmt.Errorf("locating in frame %s: %d anchor lists for %d targets", j.frame.URL, len(res), len(tgs))
	}
	for i, tg := range tgs {
		added := false
		for _, l := range res[i] {
			if l.Validate() != nil {
				continue
			}
			tg.pos[l.Internal()] = 0
			tg.cands = append(tg.cands, refs.Candidate{Rung: refs.RungOf(l), Locator: l, Matches: 1})
			added = true
		}
		if added {
			tg.best, tg.all = refs.Choose(tg.cands)
		}
	}
	return nil
}
