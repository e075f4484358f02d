package refs

import (
	"slices"
	"testing"
)

func TestParseRef(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"e5", "e5"}, {"@e5", "e5"}, {"[e5]", "e5"}, {"ref=e5", "e5"}, {"[ref=e12]", "e12"}, {" e7 ", "e7"},
	} {
		got, err := ParseRef(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseRef(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "e", "e0", "5", "x5", "e5x", "@@e5", "button"} {
		if _, err := ParseRef(bad); CodeOf(err) != CodeBadRef {
			t.Errorf("ParseRef(%q) error %v, want bad_ref", bad, err)
		}
	}
}

func TestTableRefsStableAndNeverReused(t *testing.T) {
	t.Parallel()
	tb := NewTable()
	k1 := Key{Tab: "t", Frame: "f", Doc: "d1", Handle: 1}
	r1 := tb.Assign(k1, "button", "OK", 0)
	if again := tb.Assign(k1, "button", "OK", 0); again != r1 {
		t.Fatalf("same element got %s then %s", r1, again)
	}
	// Same handle in a new document is a different element.
	r2 := tb.Assign(Key{Tab: "t", Frame: "f", Doc: "d2", Handle: 1}, "button", "OK", 0)
	if r2 == r1 {
		t.Fatalf("a new document reused ref %s", r1)
	}
	if _, err := tb.Lookup("e99"); CodeOf(err) != CodeUnknownRef {
		t.Fatalf("unknown ref: %v", err)
	}
}

func TestAssignDocHealsVanishedElements(t *testing.T) {
	t.Parallel()
	tb := NewTable()
	first := tb.AssignDoc("t", "f", "d", []Item{
		{Handle: 1, Role: "list"},
		{Handle: 2, Role: "button", Name: "Like", Index: 0},
		{Handle: 3, Role: "button", Name: "Like", Index: 1},
	})
	// The buttons were re-rendered: new handles, same roles, names, indexes.
	second := tb.AssignDoc("t", "f", "d", []Item{
		{Handle: 1, Role: "list"},
		{Handle: 7, Role: "button", Name: "Like", Index: 0},
		{Handle: 8, Role: "button", Name: "Like", Index: 1},
		{Handle: 9, Role: "button", Name: "Like", Index: 2},
	})
	if !slices.Equal(first, second[:3]) {
		t.Fatalf("re-rendered elements should keep their refs: %v then %v", first, second)
	}
	if second[3] != "e4" {
		t.Fatalf("a new element gets a new ref, got %s", second[3])
	}
	e, _ := tb.Lookup(first[1])
	if e.Handle != 7 {
		t.Fatalf("ref %s should now point at handle 7, got %d", first[1], e.Handle)
	}
	// Another document never inherits refs.
	third := tb.AssignDoc("t", "f", "other", []Item{{Handle: 2, Role: "button", Name: "Like"}})
	if slices.Contains(first, third[0]) {
		t.Fatalf("a new document took over ref %s", third[0])
	}
}
