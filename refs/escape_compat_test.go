//go:build compat

package refs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// The compat tier (go test -tags compat): the Java quoting checked by javac
// and java themselves (escape_test.go checks it with decodeJava).

// TestJavaLiterals compiles the literals of the hostile seeds with javac
// and checks, code unit by code unit, what the program holds.
func TestJavaLiterals(t *testing.T) {
	t.Parallel()
	javac, err := exec.LookPath("javac")
	if err != nil {
		skipLoudly(t, "javac not found: Java literals NOT checked by the compiler")
	}
	java, err := exec.LookPath("java")
	if err != nil {
		skipLoudly(t, "java not found: Java literals NOT checked")
	}
	var texts []string
	for _, s := range hostileSeeds {
		texts = append(texts, strings.ToValidUTF8(s, "\uFFFD"))
	}
	for _, tn := range trickyNames {
		texts = append(texts, strings.ToValidUTF8(tn.text, "\uFFFD"))
	}
	var src strings.Builder
	src.WriteString("public class Lits { public static void main(String[] a) { String[] l = {\n")
	for _, s := range texts {
		src.WriteString(QuoteJava(s) + ",\n")
	}
	src.WriteString("}; for (String s : l) { StringBuilder b = new StringBuilder(); for (char c : s.toCharArray()) b.append(Integer.toHexString(c)).append(' '); System.out.println(b.toString().trim()); } } }\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Lits.java"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(javac, "-encoding", "UTF-8", "-d", dir, filepath.Join(dir, "Lits.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	out, err := exec.Command(java, "-cp", dir, "Lits").Output()
	if err != nil {
		t.Fatalf("java: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(texts) {
		t.Fatalf("java printed %d lines for %d literals", len(lines), len(texts))
	}
	for i, s := range texts {
		var want []string
		for _, u := range utf16.Encode([]rune(s)) {
			want = append(want, fmt.Sprintf("%x", u))
		}
		if got := strings.TrimSpace(lines[i]); got != strings.Join(want, " ") {
			t.Errorf("%s holds %s, want %s", QuoteJava(s), got, strings.Join(want, " "))
		}
	}
}
