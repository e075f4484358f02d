package browser

import (
	"embed"
	"fmt"
	"strings"
	"sync"
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

// installedScripts are the scripts every world gets, in install order:
// world.js first (its value is the document token), then the extensions.
type installedScripts struct {
	world      string
	extensions []string
}

// worldScripts joins the in-page scripts at first use and keeps the result;
// a file missing from the embedded tree (a build mistake) is an error of
// every install, never a panic.
var worldScripts = sync.OnceValues(func() (installedScripts, error) {
	world, err := joinScript(worldFiles...)
	if err != nil {
		return installedScripts{}, err
	}
	locators, err := joinScript(locatorFiles...)
	if err != nil {
		return installedScripts{}, err
	}
	return installedScripts{world: world, extensions: []string{actionsJS, locators, identityJS, xpathJS}}, nil
})
