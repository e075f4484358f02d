package browser

import (
	"context"
	"encoding/json"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"

	"github.com/ariadne-tui/ariadne/refs"
)

// WaitText waits until the current tab shows text (in any frame, out of
// process ones a snapshot reached included) or the timeout passes.
func (b *Browser) WaitText(ctx context.Context, text string, timeout time.Duration) error {
	tried := map[target.ID]bool{}
	return b.waitFor(ctx, timeout, "text "+quote(text), func(ctx context.Context, t *Tab) (bool, error) {
		tree, err := t.frameTree(ctx)
		if err != nil {
			return false, err
		}
		t.reachFrames(ctx, tried)
		tree, sessions := t.fullTree(ctx, tree)
		found := false
		var walk func(ft *page.FrameTree) error
		walk = func(ft *page.FrameTree) error {
			if found {
				return nil
			}
			w, err := t.worldIn(ctx, sessions[ft.Frame.ID], ft.Frame)
			if err != nil {
				return nil // a frame that is going away
			}
			raw, err := t.callIn(ctx, w, "(s) => __ariadne.act.textPresent(s)", text)
			if err == nil {
				var ok bool
				if json.Unmarshal(raw, &ok) == nil && ok {
					found = true
					return nil
				}
			}
			for _, c := range ft.ChildFrames {
				if err := walk(c); err != nil {
					return err
				}
			}
			return nil
		}
		return found, walk(tree)
	})
}

// WaitURL waits until the current tab's URL matches pattern: a substring, a
// glob (with * or ?), or a regular expression written /like this/.
func (b *Browser) WaitURL(ctx context.Context, pattern string, timeout time.Duration) error {
	match, err := urlMatcher(pattern)
	if err != nil {
		return err
	}
	return b.waitFor(ctx, timeout, "URL "+quote(pattern), func(ctx context.Context, t *Tab) (bool, error) {
		res := &NavResult{}
		t.fillLocation(ctx, res)
		return match(res.URL), nil
	})
}

func urlMatcher(p string) (func(string) bool, error) {
	if len(p) > 1 && strings.HasPrefix(p, "/") && strings.HasSuffix(p, "/") {
		re, err := regexp.Compile(p[1 : len(p)-1])
		if err != nil {
			return nil, refs.Wrap(refs.CodeBadArgument, err, "URL pattern %s", p)
		}
		return re.MatchString, nil
	}
	if strings.ContainsAny(p, "*?") {
		return func(u string) bool {
			ok, _ := path.Match(p, u)
			return ok
		}, nil
	}
	return func(u string) bool { return strings.Contains(u, p) }, nil
}

func (b *Browser) waitFor(ctx context.Context, timeout time.Duration, what string, check func(ctx context.Context, t *Tab) (bool, error)) error {
	t, err := b.CurrentTab()
	if err != nil {
		return err
	}
	if timeout <= 0 {
		timeout = b.opts.ActionTimeout
	}
	wctx, cancel := t.opContext(ctx, timeout)
	defer cancel()
	for {
		ok, err := check(wctx, t)
		if ok {
			return nil
		}
		if err != nil && wctx.Err() == nil {
			return b.browserErr(err)
		}
		if sleep(wctx, 100*time.Millisecond) != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return refs.Errorf(refs.CodeTimeout, "waited %s for %s; it did not appear", timeout, what)
		}
	}
}

func quote(s string) string {
	j, _ := json.Marshal(s)
	return string(j)
}
