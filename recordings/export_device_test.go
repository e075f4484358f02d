package recordings

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestExportDevice checks that every exporter sets the device a recording
// emulates (a phone: scale 3, mobile, touch, portrait), and that the
// DevTools setViewport imports back as it was.
func TestExportDevice(t *testing.T) {
	t.Parallel()
	rec := &Recording{
		Header: Header{Format: FormatName, Version: FormatVersion, StartURL: "https://example.com/",
			Viewport: &Viewport{Width: 390, Height: 844, DeviceScaleFactor: 3, IsMobile: true, HasTouch: true, IsLandscape: new(false)}},
		Steps: []Step{{Kind: Navigate, URL: "https://example.com/"}},
	}
	for _, tc := range []struct {
		name   string
		export func(*Recording, io.Writer) error
		want   string
	}{
		{"playwright", ExportPlaywright, "test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });"},
		{"python", ExportPython, `"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True`},
		{"chromedp", ExportChromedp, "newBrowser(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)"},
	} {
		var b bytes.Buffer
		if err := tc.export(rec, &b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s export does not set the device (%s):\n%s", tc.name, tc.want, b.String())
		}
	}
	var b bytes.Buffer
	if err := ExportDevTools(rec, &b); err != nil {
		t.Fatal(err)
	}
	back, err := ImportDevTools(&b)
	if err != nil {
		t.Fatal(err)
	}
	if vp := back.Viewport; vp == nil || *vp != (Viewport{Width: 390, Height: 844, DeviceScaleFactor: 3, IsMobile: true, HasTouch: true, IsLandscape: vp.IsLandscape}) ||
		vp.IsLandscape == nil || *vp.IsLandscape {
		t.Errorf("the setViewport imports back as %+v", back.Viewport)
	}
}
