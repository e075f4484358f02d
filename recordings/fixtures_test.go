package recordings

import (
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// Hand-written recordings of the pages in /testdata/pages, with locators
// picked for those pages (see testdata/pages/README.md). Goldens use
// goldenOrigin; the end-to-end tests use their test server's.

const goldenOrigin = "http://127.0.0.1:8080"

var fixtureTime = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

type fixture struct {
	name string
	rec  func(origin string) *Recording
	// skip names the real tools that cannot replay the fixture, and why.
	skip map[string]string
}

func fixtures() []fixture {
	return []fixture{
		{name: "signin", rec: signinRecording},
		{name: "duplicates", rec: duplicatesRecording},
		{name: "iframe", rec: iframeRecording},
		{name: "popup", rec: popupRecording},
		{name: "dialogs", rec: dialogsRecording},
		{name: "names", rec: namesRecording},
		{name: "testids", rec: testidsRecording},
		{name: "controls", rec: controlsRecording},
		{name: "navigation", rec: navigationRecording},
		{name: "kinds", rec: kindsRecording, skip: map[string]string{
			"playwright": "golden only: uploads files and checks an ARIA snapshot it does not match",
			"devtools":   "golden only",
			"chromedp":   "golden only",
		}},
	}
}

func header(origin, title, page string) Header {
	return Header{Format: FormatName, Version: FormatVersion, Created: fixtureTime, Title: title,
		StartURL: origin + "/" + page, Viewport: &Viewport{Width: 1280, Height: 720}}
}

func tgt(l refs.Locator, role, name string, fallbacks ...refs.Locator) Target {
	return Target{Locator: l, Fallbacks: fallbacks, Role: role, Name: name}
}

func nav(url string) Step { return Step{Kind: Navigate, URL: url} }

func act(kind Kind, t Target) Step { return Step{Kind: kind, Target: t} }

func fill(t Target, v Value) Step { return Step{Kind: Fill, Target: t, Text: v} }

func expectText(t Target, text string) Step {
	return Step{Kind: Assert, Target: t, Assert: &Assertion{Kind: AssertText, Expected: text}}
}

func status() Target {
	return tgt(refs.ByRole("status", "", false), "status", "", refs.ByCSS("#status"))
}

func byID(id string) Target { return tgt(refs.ByCSS("#"+id), "", "") }

func signinRecording(origin string) *Recording {
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email", refs.ByRole("textbox", "Email", true), refs.ByCSS("#email"))
	remember := tgt(refs.ByRole("checkbox", "Remember me", false), "checkbox", "Remember me", refs.ByCSS("#remember"))
	password := tgt(refs.ByLabel("Password", false), "textbox", "Password", refs.ByCSS("#password"))
	return &Recording{
		Header: header(origin, "Sign in", "form.html"),
		Steps: []Step{
			nav(origin + "/form.html"),
			fill(email, Plain("ada@example.com")),
			fill(password, SecretValue("ARIADNE_SECRET_PASSWORD")),
			// A password is compared with its secret and matched by a
			// pattern in an ARIA snapshot, never stored.
			{Kind: Assert, Target: password, Assert: &Assertion{Kind: AssertValue, Secret: "ARIADNE_SECRET_PASSWORD"}},
			{Kind: Assert, Target: password, Assert: &Assertion{Kind: AssertAriaSnapshot, Expected: `- textbox "Password": ` + refs.SecretPattern}},
			fill(tgt(refs.ByPlaceholder("Nickname", true), "textbox", "Nickname", refs.ByCSS("#nickname")), Plain("ada")),
			act(Check, remember),
			act(Check, tgt(refs.ByRole("radio", "Pro", false), "radio", "Pro", refs.ByCSS(`input[value="pro"]`))),
			{Kind: Select, Target: tgt(refs.ByRole("combobox", "Country", false), "combobox", "Country", refs.ByCSS("#country")), Values: []string{"fr"}},
			fill(tgt(refs.ByRole("textbox", "Comments", false), "textbox", "Comments", refs.ByCSS("#comments")), Plain("hi")),
			{Kind: Assert, Target: tgt(refs.ByRole("button", "Sign in with SSO", false), "button", "Sign in with SSO", refs.ByCSS("#sso")),
				Assert: &Assertion{Kind: AssertEnabled, Not: true}},
			act(Click, tgt(refs.ByRole("button", "Sign in", true), "button", "Sign in", refs.ByCSS("#submit"))),
			expectText(status(), "Submitted: ada@example.com"),
			expectText(byID("summary"), "nickname=ada; remember=true; plan=pro; country=fr; comments=hi"),
			{Kind: Assert, Target: email, Assert: &Assertion{Kind: AssertValue, Expected: "ada@example.com"}},
			{Kind: Assert, Target: remember, Assert: &Assertion{Kind: AssertChecked}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertTitle, Expected: "Form"}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertURL, Expected: origin + "/form.html"}},
		},
	}
}

func duplicatesRecording(origin string) *Recording {
	second := refs.ByRole("button", "Add to cart", false).Within(refs.ByRole("article", "", false).Nth(1))
	return &Recording{
		Header: header(origin, "Add the second product to the cart", "duplicates.html"),
		Steps: []Step{
			nav(origin + "/duplicates.html"),
			act(Click, tgt(second, "button", "Add to cart", refs.ByCSS("article:nth-of-type(2) button"))),
			expectText(status(), "Added: Linen notebook"),
			expectText(byID("cart"), "Cart: 1"),
		},
	}
}

func iframeRecording(origin string) *Recording {
	frame := refs.Locator{Parts: []refs.Part{{Kind: refs.KindFrame, CSS: `iframe[title="Payment"]`}}}
	in := func(s Step) Step {
		s.Frame, s.FramePath = frame, []int{0}
		return s
	}
	return &Recording{
		Header: header(origin, "Pay inside the iframe", "iframe.html"),
		Steps: []Step{
			nav(origin + "/iframe.html"),
			in(fill(tgt(refs.ByLabel("Card number", false), "textbox", "Card number", refs.ByCSS("#card")), Plain("4242 4242"))),
			in(act(Click, tgt(refs.ByRole("button", "Pay", true), "button", "Pay"))),
			in(expectText(status(), "Paid: 4242 4242")),
			act(Click, tgt(refs.ByRole("button", "Place order", false), "button", "Place order", refs.ByCSS("#order"))),
			expectText(status(), "Order placed"),
		},
	}
}

func popupRecording(origin string) *Recording {
	inTab := func(s Step) Step {
		s.Tab, s.URLBefore = 1, origin+"/popup-target.html"
		return s
	}
	open := act(Click, tgt(refs.ByRole("link", "Open in new tab", false), "link", "Open in new tab", refs.ByCSS("#link")))
	open.OpensTab = 1
	window := act(Click, tgt(refs.ByRole("button", "Open window", false), "button", "Open window", refs.ByCSS("#open")))
	window.OpensTab = 2
	return &Recording{
		Header: header(origin, "Open a tab and ping it", "popup.html"),
		Steps: []Step{
			nav(origin + "/popup.html"),
			open,
			inTab(act(Click, tgt(refs.ByRole("button", "Ping", false), "button", "Ping", refs.ByCSS("#ping")))),
			inTab(expectText(status(), "Pinged: 1")),
			window,
			expectText(status(), "Opened window"),
			inTab(Step{Kind: Close}),
			// The window's own button closes it (window.close()).
			{Kind: Click, Tab: 2, URLBefore: origin + "/popup-target.html",
				Target: tgt(refs.ByRole("button", "Close me", false), "button", "Close me", refs.ByCSS("#close"))},
		},
	}
}

func dialogsRecording(origin string) *Recording {
	button := func(name string) Step {
		return act(Click, tgt(refs.ByRole("button", name, false), "button", name, refs.ByCSS("#"+map[string]string{
			"Alert": "alert", "Confirm": "confirm", "Prompt": "prompt"}[name])))
	}
	dialog := func(typ, msg string, accept bool, text string) Step {
		return Step{Kind: Dialog, Dialog: &DialogAnswer{Type: typ, Message: msg, Accept: accept, PromptText: text}}
	}
	return &Recording{
		Header: header(origin, "Answer dialogs", "dialogs.html"),
		Steps: []Step{
			nav(origin + "/dialogs.html"),
			button("Alert"),
			dialog("alert", "Hello from alert", true, ""),
			expectText(status(), "alert: done"),
			button("Confirm"),
			dialog("confirm", "Are you sure?", false, ""),
			expectText(status(), "confirm: false"),
			button("Prompt"),
			dialog("prompt", "Your name?", true, "Ada"),
			expectText(status(), "prompt: Ada"),
		},
	}
}

func namesRecording(origin string) *Recording {
	rec := &Recording{Header: header(origin, "Names with \"quotes\", \\backslashes\\,\nnew lines and `${templates}`", "names.html")}
	rec.Steps = append(rec.Steps, nav(origin+"/names.html"))
	for _, b := range []struct {
		id, role, locator, name string
		exact                   bool
	}{
		{"dq", "button", `Say "hello"`, `Say "hello"`, true},
		{"sq", "button", `It's Ada's`, `It's Ada's`, true},
		{"bs", "button", `C:\Users\ada\notes.txt`, `C:\Users\ada\notes.txt`, true},
		{"nl", "button", "Line one\nline two", "Line one line two", false},
		{"tpl", "button", "Run `make` with ${HOME}", "Run `make` with ${HOME}", true},
		{"lq", "link", `Ada's "best" link`, `Ada's "best" link`, true},
		// Hidden characters: every exporter writes them as escapes, and
		// the exported code must still find the element.
		{"rlo", "button", "abc\u202edef", "abc\u202edef", true},
		{"zwsp", "button", "zero\u200bwidth", "zero\u200bwidth", true},
		{"c1", "button", "C1 \u009b31mcsi", "C1 \u009b31mcsi", true},
	} {
		rec.Steps = append(rec.Steps,
			act(Click, tgt(refs.ByRole(b.role, b.locator, b.exact), b.role, b.name, refs.ByCSS("#"+b.id))),
			expectText(status(), "Clicked: "+b.id))
	}
	return rec
}

func testidsRecording(origin string) *Recording {
	rec := &Recording{
		Header: header(origin, "Custom test id attribute", "testids.html"),
		Steps: []Step{
			nav(origin + "/testids.html"),
			act(Click, tgt(refs.ByTestIDAttr("data-test", "cancel"), "button", "Cancel")),
			expectText(status(), "Clicked: Cancel"),
		},
	}
	rec.TestIDAttr = "data-test"
	return rec
}

func controlsRecording(origin string) *Recording {
	keys := tgt(refs.ByRole("group", "Key area", false), "group", "Key area", refs.ByCSS("#keys"))
	notes := tgt(refs.ByRole("textbox", "Notes", false), "textbox", "Notes", refs.ByCSS("#notes"))
	right := act(Click, tgt(refs.ByText("Right-click me", false), "generic", "", refs.ByCSS("#context")))
	right.Button = "right"
	return &Recording{
		Header: header(origin, "Input actions", "controls.html"),
		Steps: []Step{
			nav(origin + "/controls.html"),
			{Kind: Select, Target: tgt(refs.ByRole("combobox", "Colour", false), "combobox", "Colour", refs.ByCSS("#colour")), Values: []string{"c-green"}},
			expectText(byID("colour-status"), "Colour: c-green (Green)"),
			act(Check, tgt(refs.ByRole("checkbox", "Newsletter", false), "checkbox", "Newsletter", refs.ByCSS("#newsletter"))),
			expectText(byID("newsletter-status"), "Newsletter: checked"),
			fill(tgt(refs.ByRole("textbox", "Message", false), "textbox", "Message", refs.ByCSS("#message")), Plain("hello")),
			expectText(byID("message-status"), "Message: hello"),
			act(Click, notes),
			{Kind: Type, Target: notes, Text: Plain("hi")},
			expectText(byID("notes-status"), "Notes: hi"),
			act(Click, keys),
			{Kind: Press, Target: keys, Key: "Control+a"},
			{Kind: Press, Target: keys, Key: "Enter"},
			expectText(byID("keys-status"), "Keys: Control+A Enter"),
			act(Hover, tgt(refs.ByText("Hover target", false), "generic", "", refs.ByCSS("#hover"))),
			expectText(status(), "hovered"),
			act(DblClick, tgt(refs.ByRole("button", "Double-click me", false), "button", "Double-click me", refs.ByCSS("#dblclick"))),
			expectText(status(), "double-clicked"),
			right,
			expectText(status(), "context menu"),
			act(Click, tgt(refs.ByRole("button", "Far away", false), "button", "Far away", refs.ByCSS("#far"))),
			expectText(status(), "far clicked"),
		},
	}
}

func navigationRecording(origin string) *Recording {
	next := act(Click, tgt(refs.ByRole("link", "Next page", false), "link", "Next page", refs.ByCSS("#next")))
	next.Navigated, next.URLAfter = true, origin+"/navigate2.html"
	return &Recording{
		Header: header(origin, "Follow a link", "navigate.html"),
		Steps: []Step{
			nav(origin + "/navigate.html"),
			next,
			{Kind: Assert, Target: tgt(refs.ByRole("heading", "Second page", false), "heading", "Second page"), Assert: &Assertion{Kind: AssertVisible}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertURL, Expected: origin + "/navigate2.html"}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertTitle, Expected: "Navigate 2"}},
		},
	}
}

// kindsRecording has a step of every kind and option, for the goldens.
func kindsRecording(origin string) *Recording {
	drag := act(Drag, tgt(refs.ByText("Drag me", false), "generic", "", refs.ByCSS("#drag-item")))
	drag.To = tgt(refs.ByRole("region", "Drop zone", false), "region", "Drop zone", refs.ByCSS("#drop"))
	mid := act(Click, tgt(refs.ByText("Right-click me", false), "generic", ""))
	mid.Button, mid.Modifiers, mid.Position = "middle", []string{"Shift", "Alt"}, &Point{X: 3, Y: 4}
	triple := act(Click, tgt(refs.ByRole("textbox", "Message", false), "textbox", "Message", refs.ByCSS("#message")))
	triple.ClickCount = 3
	return &Recording{
		Header: header(origin, "Every kind of step", "controls.html"),
		Steps: []Step{
			{Kind: Select, Target: tgt(refs.ByRole("listbox", "Toppings", false), "listbox", "Toppings", refs.ByCSS("#toppings")), Values: []string{"t-ham", "t-basil"}},
			act(Uncheck, tgt(refs.ByRole("checkbox", "Newsletter", false), "checkbox", "Newsletter", refs.ByCSS("#newsletter"))),
			{Kind: Upload, Target: tgt(refs.ByLabel("Upload files", false), "button", "Upload files", refs.ByCSS("#files")), Files: []string{"a.txt", "b.png"}},
			drag,
			mid,
			triple,
			{Kind: Type, Text: Plain("typed on the page")},
			{Kind: Type, Text: Plain("naïve")},
			{Kind: Press, Key: "Shift++"},
			{Kind: Scroll, DY: 300},
			{Kind: Scroll, DY: 200},
			{Kind: Scroll, Target: tgt(refs.ByRole("listbox", "Toppings", false), "listbox", "Toppings", refs.ByCSS("#toppings")), DX: 0, DY: 40},
			{Kind: Assert, Target: tgt(refs.ByTestID("save-button"), "button", "Save"), Assert: &Assertion{Kind: AssertVisible, Not: true}},
			{Kind: Assert, Target: byID("message-status"), Assert: &Assertion{Kind: AssertText, Expected: "Message: x", Not: true}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertAriaSnapshot, Expected: "- heading \"Controls\" [level=1]\n- combobox \"Colour\": `Red`\n- text: ${not a template} \\ end"}},
			{Kind: Assert, Assert: &Assertion{Kind: AssertURL, Expected: origin + "/elsewhere.html", Not: true}},
			{Kind: Navigate, URL: origin + "/navigate.html"},
		},
	}
}
