package browser

import "github.com/chromedp/chromedp"

// Device is what a tab emulates of a device besides its viewport's size,
// as a DevTools Recorder setViewport step says it (and Puppeteer's
// page.setViewport applies it): Emulation.setDeviceMetricsOverride with the
// scale factor, mobile and orientation, and Emulation.setTouchEmulationEnabled.
// The zero Device is a desktop: scale 1, no touch, the orientation left
// as the browser has it.
type Device struct {
	ScaleFactor float64 // window.devicePixelRatio; 0 means 1
	Mobile      bool    // a mobile viewport (meta viewport honoured, overlay scrollbars)
	Touch       bool    // touch events and a coarse pointer
	// Landscape, when not nil, sets the screen's orientation:
	// landscape-primary (90°) or portrait-primary (0°).
	Landscape *bool
}

// emulation is d as chromedp.EmulateViewport options.
func (d Device) emulation() []chromedp.EmulateViewportOption {
	var o []chromedp.EmulateViewportOption
	if d.ScaleFactor > 0 {
		o = append(o, chromedp.EmulateScale(d.ScaleFactor))
	}
	if d.Mobile {
		o = append(o, chromedp.EmulateMobile)
	}
	if d.Touch {
		o = append(o, chromedp.EmulateTouch)
	}
	switch {
	case d.Landscape == nil:
	case *d.Landscape:
		o = append(o, chromedp.EmulateLandscape)
	default:
		o = append(o, chromedp.EmulatePortrait)
	}
	return o
}
