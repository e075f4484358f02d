package keymap

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// TestFixedKeys: every overlay key has keys and help, spells the space
// bar "space", and enter and esc keep their meaning in every overlay.
func TestFixedKeys(t *testing.T) {
	t.Parallel()
	f := Fixed()
	v := reflect.ValueOf(f)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		b := v.Field(i).Interface().(key.Binding)
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s: no keys or help: %+v", name, b.Help())
		}
		for _, k := range b.Keys() {
			if k == " " {
				t.Errorf("%s: the space bar is \"space\" in Bubble Tea v2", name)
			}
		}
	}
	for _, b := range []key.Binding{f.PromptAccept, f.PickerChoose, f.DialogAccept, f.Apply} {
		if b.Keys()[0] != "enter" {
			t.Errorf("%q should apply with enter", b.Help().Desc)
		}
	}
	for _, b := range []key.Binding{f.PromptCancel, f.PickerClose, f.DialogDismiss, f.HelpClose, f.Cancel} {
		if b.Keys()[0] != "esc" {
			t.Errorf("%q should cancel with esc", b.Help().Desc)
		}
	}
	if got := Default().Fixed; !reflect.DeepEqual(got.Relaunch.Keys(), f.Relaunch.Keys()) {
		t.Error("Default does not carry the fixed keys")
	}
}
