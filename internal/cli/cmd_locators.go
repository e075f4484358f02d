package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/ui"
)

func runLocators(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "locators", "locators [flags] [URL [REF...]]",
		"Print durable Playwright locators for a page's refs (all of them, or the REFs given), each checked to match exactly one element. With no URL, the built-in demo site.")
	asJSON := fs.Bool("json", false, "print JSON: the page, and per element its best locator in every language and the ranked candidates")
	langFlag := fs.String("lang", "js", "language of the printed locators: js, python, java or csharp")
	copyBest := fs.Bool("copy", false, "copy the best locator of the first REF to the clipboard (system clipboard, or OSC 52 on the terminal)")
	var wait waitFlag
	fs.Var(&wait, "wait", "after load, wait for "+waitUsage+" (repeatable; each within --timeout)")
	bf := addBrowserFlags(fs, true)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	lang, err := refs.ParseLang(*langFlag)
	if err != nil {
		return usagef("--lang: %v", err)
	}
	url := ""
	var want []string
	if len(pos) > 0 {
		url, want = pos[0], pos[1:]
		for _, r := range want {
			if _, err := refs.ParseRef(r); err != nil {
				return usagef("%v", err)
			}
		}
	} else {
		srv, err := demo.Start(ctx)
		if err != nil {
			return fmt.Errorf("starting the demo site: %w", err)
		}
		defer srv.Close()
		url = srv.URL()
	}
	b, err := bf.launch(ctx, e)
	if err != nil {
		return err
	}
	defer b.Close()
	if _, err := b.Open(ctx, url); err != nil {
		return err
	}
	if err := wait.run(ctx, b, bf.timeout); err != nil {
		return err
	}
	snap, err := b.Snapshot(ctx)
	if err != nil {
		return err
	}
	if len(want) == 0 {
		snap.Root.Walk(func(n *refs.Node, _ int) bool {
			if n.Ref != "" {
				want = append(want, n.Ref)
			}
			return true
		})
	}
	var found []browser.ElementLocators
	if len(want) > 0 {
		if found, err = b.Locators(ctx, want); err != nil {
			return err
		}
	}
	if *asJSON {
		err = writeLocatorsJSON(e.Stdout, snap, found)
	} else {
		err = writeLocatorsText(e.Stdout, found, lang)
	}
	if err != nil || !*copyBest {
		return err
	}
	if len(found) == 0 {
		return usagef("--copy: the page has no elements to copy a locator of")
	}
	first := found[0]
	if err := first.Err(); err != nil {
		return err
	}
	method, err := ui.CopyEnv(first.Best.Locator.Code(lang), e.Stderr, e.getenv)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stderr, "ariadne: copied the locator of %s (%s)\n", first.Ref, method)
	return nil
}

// writeLocatorsText prints, per element, its ref, role and name, the best
// locator, and the ranked candidates with their match counts and flags.
func writeLocatorsText(w io.Writer, found []browser.ElementLocators, lang refs.Lang) error {
	var b strings.Builder
	for i, el := range found {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(el.Ref + "  " + el.Role)
		if el.Name != "" {
			b.WriteString(" " + strconv.Quote(el.Name))
		}
		if el.Target != "" {
			b.WriteString("  (located as its " + el.Target + ")")
		}
		b.WriteByte('\n')
		if el.Problem != "" {
			b.WriteString("  not locatable: " + el.Problem + "\n")
		} else {
			b.WriteString("  " + refs.EscapeHidden(el.Best.Locator.Code(lang)) + flagText(el.Best.Flags) + "\n")
		}
		for _, c := range el.Candidates {
			fmt.Fprintf(&b, "    %-11s %4s  %s%s\n", c.Rung, matchText(c.Matches), refs.EscapeHidden(c.Locator.Code(lang)), flagText(c.Flags))
		}
	}
	_, err := io.WriteString(w, refs.EscapeHidden(b.String()))
	return err
}

func matchText(n int) string {
	if n == 1 {
		return "1"
	}
	return strconv.Itoa(n) + "×"
}

func flagText(fs []refs.Flag) string {
	if len(fs) == 0 {
		return ""
	}
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = string(f)
	}
	return "  [" + strings.Join(s, ", ") + "]"
}

// The JSON output of 'ariadne locators --json'.
type locatorsJSON struct {
	URL      string        `json:"url"`
	Title    string        `json:"title"`
	Viewport refs.Viewport `json:"viewport"`
	Elements []elementJSON `json:"elements"`
}

type elementJSON struct {
	Ref        string          `json:"ref"`
	Role       string          `json:"role"`
	Name       string          `json:"name"`
	Frame      string          `json:"frame"`
	Box        *refs.Box       `json:"box"`
	Locator    *bestJSON       `json:"locator"`
	Candidates []candidateJSON `json:"candidates"`
	// Problem is set, and Locator null, when the element has no locator.
	Problem string `json:"problem,omitempty"`
}

type bestJSON struct {
	Rung       refs.Rung   `json:"rung"`
	Internal   string      `json:"internal"`
	JavaScript string      `json:"javascript"`
	Python     string      `json:"python"`
	Java       string      `json:"java"`
	CSharp     string      `json:"csharp"`
	Exact      bool        `json:"exact"`
	Nth        bool        `json:"nth"`
	Flags      []refs.Flag `json:"flags"`
}

type candidateJSON struct {
	Rung       refs.Rung   `json:"rung"`
	Internal   string      `json:"internal"`
	JavaScript string      `json:"javascript"`
	Matches    int         `json:"matches"`
	Flags      []refs.Flag `json:"flags"`
}

func writeLocatorsJSON(w io.Writer, snap *refs.Snapshot, found []browser.ElementLocators) error {
	out := locatorsJSON{URL: snap.URL, Title: snap.Title, Viewport: snap.Viewport, Elements: []elementJSON{}}
	for _, el := range found {
		ej := elementJSON{Ref: el.Ref, Role: el.Role, Name: el.Name, Frame: el.Frame, Box: el.Box, Problem: el.Problem, Candidates: []candidateJSON{}}
		if el.Problem == "" {
			l := el.Best.Locator
			ej.Locator = &bestJSON{
				Rung:       el.Best.Rung,
				Internal:   l.Internal(),
				JavaScript: l.Code(refs.JavaScript),
				Python:     l.Code(refs.Python),
				Java:       l.Code(refs.Java),
				CSharp:     l.Code(refs.CSharp),
				Exact:      l.Target().Exact,
				Nth:        slices.ContainsFunc(l.Parts, func(p refs.Part) bool { return p.Kind == refs.KindNth }),
				Flags:      nonNil(el.Best.Flags),
			}
		}
		for _, c := range el.Candidates {
			ej.Candidates = append(ej.Candidates, candidateJSON{
				Rung: c.Rung, Internal: c.Locator.Internal(), JavaScript: c.Locator.Code(refs.JavaScript),
				Matches: c.Matches, Flags: nonNil(c.Flags),
			})
		}
		out.Elements = append(out.Elements, ej)
	}
	return writeJSON(w, out, true)
}

func nonNil(fs []refs.Flag) []refs.Flag {
	if fs == nil {
		return []refs.Flag{}
	}
	return fs
}
