package cli

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
)

// buildVersion says which Ariadne this is: the module version (a tag, or
// "(devel)" in a checkout) and the commit it was built from, as the Go
// toolchain stamped them into the binary.
func buildVersion(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "ariadne (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	out := "ariadne " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		out += " commit " + rev
		if dirty {
			out += " (modified)"
		}
		if when != "" {
			out += " " + when
		}
	}
	return out + " " + info.GoVersion
}

func printVersion(w io.Writer) {
	info, ok := debug.ReadBuildInfo()
	fmt.Fprintln(w, buildVersion(info, ok))
}

func runVersion(_ context.Context, e *Env, args []string) error {
	fs := newFlags(e, "version", "version", "Print Ariadne's module version, the commit it was built from and the Go version.")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("version takes no arguments")
	}
	printVersion(e.Stdout)
	return nil
}
