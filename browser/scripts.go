package browser

import (
	"embed"
	"fmt"
	"strings"
)

// The in-page scripts live in browser/js. A script too long for one file is
// a directory of files, each one job, that are fragments of one function
// body: joinScript concatenates them in the order given and wraps them in
// one arrow function that is called at once, so they share one scope (a
// function or class defined in one file is visible in the others, as if
// they were one file). The expression evaluates to the function's return
// value, which world.js uses for its document token.
//
//go:embed js
var scriptFS embed.FS

// locatorFiles are the parts of the locator helpers (__ariadne.locate),
// in the order they are joined.
var locatorFiles = []string{
	"js/locators/dom.js",
	"js/locators/page.js",
	"js/locators/query.js",
	"js/locators/css.js",
	"js/locators/shorten.js",
	"js/locators/anchor.js",
	"js/locators/facts.js",
	"js/locators/api.js",
}

// joinScript returns the files joined into one script: "(() => {",
// each file in order, "})()".
func joinScript(files ...string) (string, error) {
	var b strings.Builder
	b.WriteString("(() => {\n")
	for _, f := range files {
		src, err := scriptFS.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("reading the embedded script %s: %w", f, err)
		}
		fmt.Fprintf(&b, "// ---- %s ----\n", f)
		b.Write(src)
		if len(src) > 0 && src[len(src)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	b.WriteString("})()")
	return b.String(), nil
}

// mustJoinScript is joinScript for package-level scripts: the files are
// embedded at build time, so a missing one is a build mistake that the
// package's tests catch at init.
func mustJoinScript(files ...string) string {
	s, err := joinScript(files...)
	if err != nil {
		panic(err)
	}
	return s
}
