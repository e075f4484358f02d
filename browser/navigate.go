package browser

import (
	"context"
	"errors"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// NormalizeURL completes a URL the way a browser's address bar does:
// "example.com" becomes https://example.com/, "localhost:8080" and IP
// addresses become http://. Schemes Ariadne can open are kept as given.
func NormalizeURL(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", refs.Errorf(refs.CodeBadURL, "empty URL")
	}
	if strings.ContainsAny(s, " \t\n") {
		return "", refs.Errorf(refs.CodeBadURL, "%q is not a URL (it contains spaces)", raw)
	}
	lower := strings.ToLower(s)
	for _, p := range []string{"about:", "data:", "file:", "chrome:", "view-source:"} {
		if strings.HasPrefix(lower, p) {
			return s, nil
		}
	}
	if !strings.Contains(s, "://") {
		host := s
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		scheme := "https://"
		if isLocalHost(host) {
			scheme = "http://"
		}
		s = scheme + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", refs.Wrap(refs.CodeBadURL, err, "%q is not a URL", raw)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", refs.Errorf(refs.CodeBadURL, "%q: Ariadne opens http, https, file, data and about URLs, not %s:", raw, u.Scheme)
	}
	if u.Hostname() == "" {
		return "", refs.Errorf(refs.CodeBadURL, "%q has no host", raw)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), nil
}

// isLocalHost reports whether host (with an optional port) is a loopback or
// bare IP address or has a port, which address bars open over http.
func isLocalHost(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil {
		return true
	}
	return port != "" && !strings.Contains(host, ".")
}

// NavResult is what a navigation did.
type NavResult struct {
	URL      string `json:"url"`
	Title    string `json:"title"`
	Status   int    `json:"status,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	// Partial is set when the page did not finish loading within the
	// navigation timeout; Ariadne stopped waiting and carried on.
	Partial bool `json:"partial,omitempty"`
	// Dialogs answered during the navigation (beforeunload).
	Dialogs []Dialog `json:"dialogs,omitempty"`
}

// Open navigates the current tab to rawURL and waits for it to load (at
// most the navigation timeout). Errors carry a specific code: bad_url,
// dns_failed, connection_refused, http_error, not_html, timeout or
// navigation_failed.
func (b *Browser) Open(ctx context.Context, rawURL string) (*NavResult, error) {
	u, err := NormalizeURL(rawURL)
	if err != nil {
		return nil, err
	}
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	res, err := t.open(ctx, u)
	return res, b.browserErr(err)
}

func (t *Tab) navigate(ctx context.Context, u string) (*NavResult, error) {
	t.revive()
	nctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	resp, err := chromedp.Run(nctx, chromedp.NavigateResponse(u))
	res := &NavResult{URL: u}
	switch {
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		// The page never finished loading: stop it and take what is there,
		// unless it is not loading but hung.
		if !t.responsive(probeWait) {
			return nil, t.unhang(t.b.opts.NavTimeout)
		}
		sctx, scancel := t.opContext(ctx, t.b.opts.ActionTimeout)
		chromedp.Call(sctx, page.StopLoading, cdp.Empty{})
		scancel()
		res.Partial = true
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return nil, refs.Wrap(refs.CodeNavigationFailed, ctx.Err(), "navigation to %s cancelled", u)
	default:
		for _, d := range t.drainDialogs() {
			if d.Type == "beforeunload" && d.Outcome == "dismissed" {
				return nil, refs.Errorf(refs.CodeNavigationFailed, "the page asked to stay (a beforeunload dialog) and the dialog was dismissed (%s); answer the next one with 'dialog accept', or run with --dialogs accept", d.By)
			}
		}
		return nil, loadError(u, err)
	}
	statusText := ""
	if resp != nil {
		res.Status, res.MimeType, statusText = int(resp.Status), resp.MimeType, resp.StatusText
	} else {
		// The load event was late (a slow subresource, a loaded machine):
		// the document's response may still have arrived, and its status
		// must be reported all the same.
		res.Status, res.MimeType = t.documentResponse(ctx)
	}
	t.fillLocation(ctx, res)
	res.Dialogs = t.drainDialogs()
	if res.Status >= 400 {
		if statusText == "" {
			statusText = http.StatusText(res.Status)
		}
		return res, refs.Errorf(refs.CodeHTTPError, "%s answered HTTP %d %s", u, res.Status, statusText)
	}
	if res.MimeType != "" && !isHTML(res.MimeType) && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "about:") {
		return res, refs.Errorf(refs.CodeNotHTML, "%s is %s, not an HTML page", u, res.MimeType)
	}
	return res, nil
}

// documentResponse reads the status and MIME type of the current
// document's response from the page's navigation timing entry, for a
// navigation whose response chromedp did not hand back. Zero and "" when
// the page cannot tell.
func (t *Tab) documentResponse(ctx context.Context) (int, string) {
	dctx, cancel := t.opContext(ctx, t.b.opts.ActionTimeout)
	defer cancel()
	type response struct {
		Status int    `json:"status"`
		Mime   string `json:"mime"`
	}
	const expr = `(() => { const e = performance.getEntriesByType('navigation')[0];
		return { status: (e && e.responseStatus) || 0, mime: document.contentType || '' }; })()`
	out, err := chromedp.Run(dctx, chromedp.Evaluate[response](expr))
	if err != nil {
		return 0, ""
	}
	return out.Status, out.Mime
}

func (t *Tab) fillLocation(ctx context.Context, res *NavResult) {
	lctx, cancel := t.opContext(ctx, t.b.opts.ActionTimeout)
	defer cancel()
	h, err := chromedp.Call(lctx, page.GetNavigationHistory, cdp.Empty{})
	if err == nil && h.CurrentIndex >= 0 && int(h.CurrentIndex) < len(h.Entries) {
		e := h.Entries[h.CurrentIndex]
		res.URL, res.Title = e.URL, e.Title
	}
}

func isHTML(mt string) bool {
	m, _, err := mime.ParseMediaType(mt)
	if err != nil {
		m = mt
	}
	return m == "text/html" || m == "application/xhtml+xml" || m == ""
}

// loadError turns Chromium's net error text into a coded error.
func loadError(u string, err error) error {
	var le *chromedp.LoadError
	if !errors.As(err, &le) {
		return refs.Wrap(refs.CodeNavigationFailed, err, "cannot open %s", u)
	}
	host := u
	if p, perr := url.Parse(u); perr == nil {
		host = p.Host
	}
	text := le.ErrorText
	switch {
	case strings.Contains(text, "ERR_NAME_NOT_RESOLVED"), strings.Contains(text, "ERR_NAME_RESOLUTION_FAILED"):
		return refs.Errorf(refs.CodeDNS, "cannot resolve host %s (%s): check the spelling and your network", host, text)
	case strings.Contains(text, "ERR_CONNECTION_REFUSED"):
		return refs.Errorf(refs.CodeConnectionRefused, "connection to %s refused (%s): is the server running on that port?", host, text)
	case strings.Contains(text, "ERR_TIMED_OUT"), strings.Contains(text, "ERR_CONNECTION_TIMED_OUT"):
		return refs.Errorf(refs.CodeTimeout, "%s did not answer in time (%s)", host, text)
	case strings.Contains(text, "ERR_INVALID_URL"):
		return refs.Errorf(refs.CodeBadURL, "%s is not a valid URL (%s)", u, text)
	case strings.Contains(text, "ERR_ABORTED"):
		return refs.Errorf(refs.CodeNotHTML, "loading %s was aborted (%s): it is probably a download or not a page", u, text)
	}
	return refs.Errorf(refs.CodeNavigationFailed, "cannot open %s: %s", u, text)
}

// History navigation: back, forward, reload.

// Back goes back in the current tab's history.
func (b *Browser) Back(ctx context.Context) (*NavResult, error) { return b.history(ctx, -1) }

// Forward goes forward in the current tab's history.
func (b *Browser) Forward(ctx context.Context) (*NavResult, error) { return b.history(ctx, +1) }

func (b *Browser) history(ctx context.Context, delta int) (*NavResult, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	t.revive()
	nctx, cancel := t.opContext(ctx, b.opts.NavTimeout)
	defer cancel()
	h, err := chromedp.Call(nctx, page.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		return nil, b.browserErr(err)
	}
	i := int(h.CurrentIndex) + delta
	if i < 0 || i >= len(h.Entries) {
		word := "back"
		if delta > 0 {
			word = "forward"
		}
		return nil, refs.Errorf(refs.CodeNavigationFailed, "cannot go %s: no history entry", word)
	}
	entry := h.Entries[i]
	// chromedp's NavigateBack waits for a load event, which a page restored
	// from the back/forward cache never fires; wait for the entry instead.
	if _, err := chromedp.Call(nctx, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: entry.ID}); err != nil {
		return nil, b.browserErr(refs.Wrap(refs.CodeNavigationFailed, err, "history navigation failed"))
	}
	res := &NavResult{}
	for {
		cur, err := chromedp.Call(nctx, page.GetNavigationHistory, cdp.Empty{})
		if err == nil && int(cur.CurrentIndex) == i {
			state, err := chromedp.Run(nctx, chromedp.Evaluate[string]("document.readyState"))
			if err == nil && state == "complete" {
				break
			}
		}
		if sleep(nctx, 50*time.Millisecond) != nil {
			if ctx.Err() != nil {
				return nil, refs.Wrap(refs.CodeNavigationFailed, ctx.Err(), "history navigation cancelled")
			}
			res.Partial = true
			break
		}
	}
	t.fillLocation(ctx, res)
	return res, nil
}

// Reload reloads the current tab; every ref of its documents goes stale.
func (b *Browser) Reload(ctx context.Context) (*NavResult, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	return t.reload(ctx)
}
