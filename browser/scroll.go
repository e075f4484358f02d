package browser

import (
	"context"
	"encoding/json"
	"fmt"
)

// scrollOverJS scrolls what a mouse wheel over el would: el itself or its
// nearest ancestor (through shadow hosts) that can scroll that way, else
// the page. It returns how far it moved.
const scrollOverJS = `function(dx, dy) {
  const can = (e) => {
    const st = getComputedStyle(e);
    const y = dy !== 0 && /(auto|scroll|overlay)/.test(st.overflowY) && e.scrollHeight > e.clientHeight;
    const x = dx !== 0 && /(auto|scroll|overlay)/.test(st.overflowX) && e.scrollWidth > e.clientWidth;
    return x || y;
  };
  for (let e = this; e && e.nodeType === 1; e = e.parentElement || (e.getRootNode() && e.getRootNode().host)) {
    if (e === document.documentElement || e === document.body) break;
    if (can(e)) {
      const x0 = e.scrollLeft, y0 = e.scrollTop;
      e.scrollBy(dx, dy);
      return [e.scrollLeft - x0, e.scrollTop - y0];
    }
  }
  const x0 = window.scrollX, y0 = window.scrollY;
  window.scrollBy(dx, dy);
  return [window.scrollX - x0, window.scrollY - y0];
}`

// ScrollOver scrolls by dx, dy what a mouse wheel over ref's element would
// scroll (the element, a scrollable ancestor, or the page), as a replayed
// scroll step over an element does.
func (b *Browser) ScrollOver(ctx context.Context, ref string, dx, dy float64) (*ActionResult, error) {
	return b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, res *ActionResult) error {
		raw, err := el.tab.callIn(ctx, el.world, `(h, dx, dy) => { const e = __ariadne.act.element(h);
			if (!e) throw new Error("gone"); return (`+scrollOverJS+`).call(e, dx, dy); }`, el.handle, dx, dy)
		if err != nil {
			return b.browserErr(fmt.Errorf("scrolling over ref %s: %w", el.ref, err))
		}
		var moved []float64
		if err := json.Unmarshal(raw, &moved); err != nil {
			return fmt.Errorf("scrolling over ref %s: %w", el.ref, err)
		}
		return nil
	})
}
