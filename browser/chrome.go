package browser

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/ariadne-tui/ariadne/refs"
)

// chromeNames are looked up on PATH, in this order.
var chromeNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"}

// chromePaths are tried when nothing is found on PATH.
func chromePaths() []string {
	switch runtime.GOOS {
	case "darwin":
		return []string{
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
			filepath.Join(os.Getenv("HOME"), "Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
		}
	case "windows":
		return []string{
			filepath.Join(os.Getenv("ProgramFiles"), `Google\Chrome\Application\chrome.exe`),
			filepath.Join(os.Getenv("ProgramFiles(x86)"), `Google\Chrome\Application\chrome.exe`),
			filepath.Join(os.Getenv("LocalAppData"), `Google\Chrome\Application\chrome.exe`),
		}
	}
	return []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"}
}

// FindChrome returns the browser executable to launch: explicit (from
// --chrome) if set, then $CHROME_PATH, then the usual names on PATH and the
// usual install paths. It returns a no_browser error that says how to install
// one when nothing is found.
func FindChrome(explicit string) (string, error) {
	if explicit != "" {
		if p, err := exec.LookPath(explicit); err == nil {
			return p, nil
		}
		return "", refs.Errorf(refs.CodeNoBrowser, "--chrome %s: no such executable", explicit)
	}
	if env := os.Getenv("CHROME_PATH"); env != "" {
		if p, err := exec.LookPath(env); err == nil {
			return p, nil
		}
		return "", refs.Errorf(refs.CodeNoBrowser, "CHROME_PATH=%s: no such executable", env)
	}
	for _, name := range chromeNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	for _, p := range chromePaths() {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", refs.Errorf(refs.CodeNoBrowser, "no Chromium or Chrome found. Install one "+
		"(Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium or Google Chrome), "+
		"or point Ariadne at it with --chrome PATH or CHROME_PATH, or attach to a running browser with --remote URL")
}
