package recordings

import (
	"encoding/json"
	"fmt"
)

// devtoolsFlow is Schema.UserFlow.
type devtoolsFlow struct {
	Title             string         `json:"title"`
	Timeout           int            `json:"timeout,omitempty"`
	SelectorAttribute string         `json:"selectorAttribute,omitempty"`
	Steps             []devtoolsStep `json:"steps"`
}

// devtoolsStep is every Schema step type in one struct; pointers mark the
// fields that must be written even when zero.
type devtoolsStep struct {
	Type              string             `json:"type"`
	Target            string             `json:"target,omitempty"`
	Frame             []int              `json:"frame,omitempty"`
	Selectors         []devtoolsSelector `json:"selectors,omitempty"`
	URL               string             `json:"url,omitempty"`
	Value             *string            `json:"value,omitempty"`
	Key               string             `json:"key,omitempty"`
	OffsetX           *float64           `json:"offsetX,omitempty"`
	OffsetY           *float64           `json:"offsetY,omitempty"`
	Button            string             `json:"button,omitempty"`
	DeviceType        string             `json:"deviceType,omitempty"`
	Duration          *float64           `json:"duration,omitempty"`
	X                 *float64           `json:"x,omitempty"`
	Y                 *float64           `json:"y,omitempty"`
	Width             *int               `json:"width,omitempty"`
	Height            *int               `json:"height,omitempty"`
	DeviceScaleFactor *float64           `json:"deviceScaleFactor,omitempty"`
	IsMobile          *bool              `json:"isMobile,omitempty"`
	HasTouch          *bool              `json:"hasTouch,omitempty"`
	IsLandscape       *bool              `json:"isLandscape,omitempty"`
	Operator          string             `json:"operator,omitempty"`
	Count             *int               `json:"count,omitempty"`
	Visible           *bool              `json:"visible,omitempty"`
	Properties        map[string]any     `json:"properties,omitempty"`
	Attributes        map[string]string  `json:"attributes,omitempty"`
	Expression        string             `json:"expression,omitempty"`
	Name              string             `json:"name,omitempty"`
	Parameters        json.RawMessage    `json:"parameters,omitempty"`
	Timeout           int                `json:"timeout,omitempty"`
	AssertedEvents    []devtoolsEvent    `json:"assertedEvents,omitempty"`
	// Download, Upload and Latency of emulateNetworkConditions are not
	// read: Ariadne has no such step.
}

// devtoolsSelector is one alternative: a selector, or a list of selectors
// each looked up inside the previous match (or its shadow root). JSON
// allows a plain string for a list of one.
type devtoolsSelector []string

func (s *devtoolsSelector) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*s = devtoolsSelector{one}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("a selector is a string or a list of strings: %w", err)
	}
	*s = list
	return nil
}

type devtoolsEvent struct {
	Type  string `json:"type"`
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
}

// The names of Ariadne's custom steps.
const (
	customDialog = "ariadne:dialog"
	customStep   = "ariadne:step"
)
