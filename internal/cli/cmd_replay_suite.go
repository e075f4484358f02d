package cli

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file runs many recordings as a suite, as CI wants it: `ariadne
// replay A.jsonl B.jsonl DIR`, --workers N at once (a browser each), a
// summary table, and --junit FILE.

// recordingFiles expands the command line's paths: a directory stands
// for the *.jsonl files in it, in name order.
func recordingFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, usagef("%s: no such recording or directory", p)
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		found, err := filepath.Glob(filepath.Join(p, "*.jsonl"))
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, usagef("%s holds no recordings (*.jsonl)", p)
		}
		slices.Sort(found)
		out = append(out, found...)
	}
	return out, nil
}

// runSuite replays files, workers at a time. Each replay's lines are
// printed together when it ends; then a table of all of them. It fails
// (errSilent) when one did.
func runSuite(ctx context.Context, e *Env, files []string, cfg replayConfig, workers int, junit string) error {
	start := time.Now()
	results := make([]replayed, len(files))
	var mu sync.Mutex // e.Stdout and e.Stderr, one replay's output at a time
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var out, errb bytes.Buffer
				results[i] = replayOne(ctx, e, &out, &errb, files[i], cfg)
				if results[i].err != nil && results[i].failed == "" {
					fmt.Fprintf(&errb, "ariadne: %s: %s\n", refs.EscapeHidden(files[i]), refs.EscapeHidden(results[i].err.Error()))
				}
				mu.Lock()
				e.Stdout.Write(out.Bytes())
				e.Stderr.Write(errb.Bytes())
				mu.Unlock()
			}
		}()
	}
	for i := range files {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	failed := printSuite(e.Stdout, results, time.Since(start))
	if junit != "" {
		if err := writeJUnit(junit, results, time.Since(start)); err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "JUnit XML: %s\n", junit)
	}
	if failed > 0 {
		return errSilent
	}
	return nil
}

// printSuite prints the table of a suite's replays and returns how many
// failed.
func printSuite(w io.Writer, results []replayed, total time.Duration) (failed int) {
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "recording\tresult\tsteps\thealed\ttime\t")
	for _, r := range results {
		result := "passed"
		if r.err != nil {
			failed++
			result = "FAILED"
			if r.failed != "" {
				result += " at " + refs.EscapeHidden(r.failed)
			} else {
				result += ": " + refs.EscapeHidden(oneLineText(r.err.Error()))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%d\t%s\t\n", oneLineText(refs.EscapeHidden(r.file)), result, r.ran, r.steps, r.healed, round(r.duration))
	}
	tw.Flush()
	fmt.Fprintf(w, "%d recordings: %d passed, %d failed in %s\n", len(results), len(results)-failed, failed, round(total))
	return failed
}

// oneLineText is s on one line, cut to 120 runes.
func oneLineText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	return s
}

// The JUnit XML that CI systems read: one testsuite, a testcase per
// recording, a failure with the reason. Every text in it (a file name, a
// step's summary, an error quoting page text) is written through
// refs.EscapeHidden: bidi and invisible characters, controls, noncharacters
// such as U+FFFE and bytes that are not UTF-8 (a lone surrogate) become
// \u and \x escapes, so the file is well-formed XML 1.0 that shows every
// character, and no parser replaces one with U+FFFD.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit writes results as JUnit XML to path.
func writeJUnit(path string, results []replayed, total time.Duration) error {
	s := junitSuite{Name: "ariadne replay", Tests: len(results), Time: seconds(total)}
	for _, r := range results {
		c := junitCase{Name: refs.EscapeHidden(r.file), ClassName: "ariadne.replay", Time: seconds(r.duration)}
		if r.err != nil {
			s.Failures++
			code := reason(r.err)
			typ, _, _ := strings.Cut(code, ":")
			msg, text := code, code
			if r.failed != "" {
				msg, text = r.failed+": "+code, r.failed+"\n"+code
			}
			c.Failure = &junitFailure{Message: refs.EscapeHidden(oneLineText(msg)), Type: refs.EscapeHidden(typ), Text: refs.EscapeHidden(text)}
		}
		s.Cases = append(s.Cases, c)
	}
	b, err := xml.MarshalIndent(junitSuites{Suites: []junitSuite{s}}, "", "  ")
	if err != nil {
		return err
	}
	b = append([]byte(xml.Header), append(b, '\n')...)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing the JUnit XML: %w", err)
	}
	return nil
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }
