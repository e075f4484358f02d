package refs

import (
	"errors"
	"fmt"
)

// Code is a stable error code that scripts and the TUI can switch on.
type Code string

// The error codes Ariadne reports. Their spelling is part of the scripting
// interface: do not rename them.
const (
	CodeStaleRef          Code = "stale_ref"
	CodeUnknownRef        Code = "unknown_ref"
	CodeBadRef            Code = "bad_ref"
	CodeClickIntercepted  Code = "click_intercepted"
	CodeNotVisible        Code = "not_visible"
	CodeNotEnabled        Code = "not_enabled"
	CodeInert             Code = "inert"
	CodeNotEditable       Code = "not_editable"
	CodeNotASelect        Code = "not_a_select"
	CodeOptionNotFound    Code = "option_not_found"
	CodeTimeout           Code = "timeout"
	CodeNavigationFailed  Code = "navigation_failed"
	CodeBrowserClosed     Code = "browser_closed"
	CodeFrameDetached     Code = "frame_detached"
	CodeBadURL            Code = "bad_url"
	CodeDNS               Code = "dns_failed"
	CodeConnectionRefused Code = "connection_refused"
	CodeHTTPError         Code = "http_error"
	CodeNotHTML           Code = "not_html"
	CodeNoBrowser         Code = "no_browser"
	CodeNotLocatable      Code = "not_locatable"
	CodeBadArgument       Code = "bad_argument"
	CodeNoTab             Code = "no_tab"
	CodeNoDialog          Code = "no_dialog"
	CodePageUnresponsive  Code = "page_unresponsive"
	CodePageCrashed       Code = "page_crashed"
	CodePageNavigating    Code = "page_navigating"
	CodeInternal          Code = "internal"
	// CodeOutOfProcessFrame: a replay step acts in a frame that runs in a
	// process of its own (site isolation, as a --remote browser has it),
	// and Ariadne could not reach that frame through the frame's own
	// session.
	CodeOutOfProcessFrame Code = "out_of_process_frame"
)

// Error is an error with a stable code and a message that says what to do
// next. Err, when set, is the underlying cause.
type Error struct {
	Code    Code
	Message string
	Err     error
	// quiet: Err is a sentinel for errors.Is whose text the message
	// already says (see Mark).
	quiet bool
}

// Error is the code, then the message and its cause's text. A cause that
// is itself an *Error with the same code is not prefixed with it again:
// one code, then the sentences.
func (e *Error) Error() string {
	return string(e.Code) + ": " + e.text()
}

// text is the message and the cause's, without e's code.
func (e *Error) text() string {
	if e.Err == nil || e.quiet {
		return e.Message
	}
	cause := e.Err.Error()
	if inner, ok := e.Err.(*Error); ok && inner.Code == e.Code {
		cause = inner.text()
	}
	if e.Message == "" {
		return cause
	}
	return e.Message + ": " + cause
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an *Error with the given code and message that wraps err.
func Wrap(code Code, err error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: err}
}

// Mark returns an *Error with the given code and message that
// errors.Is(err, sentinel) recognises, without the sentinel's own text in
// its message: the message says it already.
func Mark(code Code, sentinel error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: sentinel, quiet: true}
}

// CodeOf returns the code of the first *Error in err's chain, or "" if none.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// MessageOf is err's message without the code prefix, for outputs that
// give the code a field of its own.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.text()
	}
	return err.Error()
}
