package browser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file selects options, checks boxes and uploads files.

// Option is one option of a <select>.
type Option struct {
	Label    string `json:"label"`
	Value    string `json:"value"`
	Selected bool   `json:"selected"`
	Disabled bool   `json:"disabled"`
}

type selectResult struct {
	Error     string   `json:"error"`
	Tag       string   `json:"tag"`
	Wanted    string   `json:"wanted"`
	Available []string `json:"available"`
	Selected  []string `json:"selected"`
	Multiple  bool     `json:"multiple"`
	Options   []Option `json:"options"`
}

func (el *element) selectError(r selectResult) error {
	switch r.Error {
	case "not_a_select":
		return refs.Errorf(refs.CodeNotASelect, "ref %s (%s %q) is a <%s>, not a <select>; click it and pick the option's ref instead", el.ref, el.entry.Role, el.entry.Name, r.Tag)
	case "option_not_found":
		return refs.Errorf(refs.CodeOptionNotFound, "ref %s (%s %q) has no option %q; it has: %s", el.ref, el.entry.Role, el.entry.Name, r.Wanted, strings.Join(quoteAll(r.Available), ", "))
	case "option_disabled":
		return refs.Errorf(refs.CodeNotEnabled, "option %q of ref %s is disabled", r.Wanted, el.ref)
	case "not_multiple":
		return refs.Errorf(refs.CodeBadArgument, "ref %s takes one option, not several", el.ref)
	case "not_enabled":
		return refs.Errorf(refs.CodeNotEnabled, "ref %s (%s %q) is disabled", el.ref, el.entry.Role, el.entry.Name)
	case "gone":
		return refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	return refs.Errorf(refs.CodeInternal, "select on ref %s: %s", el.ref, r.Error)
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}

// Select chooses options of a <select> by value or label.
func (b *Browser) Select(ctx context.Context, ref string, values []string, o ActionOptions) (*ActionResult, error) {
	if len(values) == 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "select needs at least one option (its label or value)")
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var r selectResult
		if err := el.call(ctx, "select", &r, values); err != nil {
			return err
		}
		if r.Error != "" {
			return el.selectError(r)
		}
		res.Selected = r.Selected
		return nil
	})
}

// SelectOptions lists the options of the <select> of ref, for pickers.
func (b *Browser) SelectOptions(ctx context.Context, ref string) ([]Option, error) {
	var out []Option
	_, err := b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, res *ActionResult) error {
		var r selectResult
		if err := el.call(ctx, "options", &r); err != nil {
			return err
		}
		if r.Error != "" {
			return el.selectError(r)
		}
		out = r.Options
		return nil
	})
	return out, err
}

// SetChecked checks or unchecks a checkbox, radio or switch. It does
// nothing when the state is already right, and verifies the state after
// clicking.
func (b *Browser) SetChecked(ctx context.Context, ref string, checked bool, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var p probe
		if err := el.call(ctx, "probe", &p); err != nil {
			return err
		}
		if !p.Checkable {
			return refs.Errorf(refs.CodeBadArgument, "ref %s (%s %q) is not a checkbox, radio or switch", el.ref, el.entry.Role, el.entry.Name)
		}
		if p.Checked != checked {
			if !checked && p.Type == "radio" {
				return refs.Errorf(refs.CodeBadArgument, "ref %s is a radio button: check another option of its group instead of unchecking it", el.ref)
			}
			x, y, err := b.point(ctx, el, o.Force, true, o.timeout(b))
			if err != nil {
				return err
			}
			if err := el.tab.clickAt(ctx, x, y, input.MouseButtonLeft, 0, 1); err != nil {
				return err
			}
			if err := el.call(ctx, "probe", &p); err != nil {
				return err
			}
			if p.Checked != checked {
				return refs.Errorf(refs.CodeInternal, "clicking ref %s did not change its state (the page may prevent it)", el.ref)
			}
		}
		res.Checked = &p.Checked
		return nil
	})
}

// Upload sets files on a file input, or, for a button that opens a file
// chooser, clicks it and answers the chooser.
func (b *Browser) Upload(ctx context.Context, ref string, files []string, o ActionOptions) (*ActionResult, error) {
	if len(files) == 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "upload needs at least one file")
	}
	abs := make([]string, len(files))
	for i, f := range files {
		a, err := filepath.Abs(f)
		if err == nil {
			_, err = os.Stat(a)
		}
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, refs.Errorf(refs.CodeBadArgument, "no file %s (looked for %s); give the path of a file that exists, absolute or relative to the directory Ariadne started in", f, a)
		case err != nil:
			return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot read %s; give the path of a file you can read", f)
		}
		abs[i] = a
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var isFile bool
		if err := el.call(ctx, "isFileInput", &isFile); err != nil {
			return err
		}
		if isFile {
			ctx, cancel := el.world.bind(ctx) // an out-of-process frame's session
			defer cancel()
			obj, err := el.object(ctx)
			if err != nil {
				return err
			}
			if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: abs, ObjectID: obj}); err != nil {
				return fmt.Errorf("setting files: %w", err)
			}
			// Frameworks listen for input/change, which setFileInputFiles fires.
			return nil
		}
		// Not a file input: expect it to open a file chooser.
		chooser := chromedp.Events(ctx, page.FileChooserOpened)
		if _, err := chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
			return fmt.Errorf("intercepting the file chooser: %w", err)
		}
		defer chromedp.Call(context.WithoutCancel(ctx), page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: false})
		x, y, err := b.point(ctx, el, o.Force, true, o.timeout(b))
		if err != nil {
			return err
		}
		if err := el.tab.clickAt(ctx, x, y, input.MouseButtonLeft, 0, 1); err != nil {
			return err
		}
		for ev, err := range chooser {
			if err != nil {
				if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
					return refs.Errorf(refs.CodeTimeout, "clicking ref %s opened no file chooser; pick the file input's ref", el.ref)
				}
				return err
			}
			_, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: abs, BackendNodeID: ev.BackendNodeID})
			return err
		}
		return nil
	})
}

// object returns a remote object id for the element, for DOM commands;
// ctx must be bound to the element's session (el.world.bind).
func (el *element) object(ctx context.Context) (runtime.RemoteObjectID, error) {
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: fmt.Sprintf("__ariadne.act.element(%d)", el.handle),
		ContextID:  el.world.ctxID,
	})
	if err != nil {
		return "", err
	}
	if res.Result == nil || res.Result.ObjectID == "" {
		return "", refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	return res.Result.ObjectID, nil
}
