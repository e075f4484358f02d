package refs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Key identifies one element for the life of its document: the tab and frame
// it lives in, the token of the document (a new document gets a new token),
// and the element's handle inside Ariadne's isolated world in that document.
type Key struct {
	Tab    string `json:"tab"`
	Frame  string `json:"frame"`
	Doc    string `json:"doc"`
	Handle int    `json:"handle"`
}

// Entry is what a ref remembers about its element.
type Entry struct {
	Ref string
	Key
	Role  string
	Name  string
	Index int // index among elements of the same role and name in the frame
}

// Table issues refs and maps them to elements. Refs come from one counter
// per browser session and are never reused; an element keeps its ref across
// snapshots of the same document. A Table is safe for concurrent use.
type Table struct {
	mu    sync.Mutex
	next  int
	byKey map[Key]string
	byRef map[string]*Entry
	// byRNI files each document's entries by role, name and index, so that
	// healing looks up the entries that could take over a new element
	// instead of reading every ref ever issued.
	byRNI map[docKey]map[rni][]*Entry
}

// docKey is one document of one frame of one tab.
type docKey struct{ tab, frame, doc string }

// rni is a role, a name and an index among the document's elements of
// that role and name.
type rni struct {
	role, name string
	index      int
}

// NewTable returns an empty ref table.
func NewTable() *Table {
	return &Table{byKey: map[Key]string{}, byRef: map[string]*Entry{}, byRNI: map[docKey]map[rni][]*Entry{}}
}

// add records a new entry; the caller holds mu.
func (t *Table) add(e *Entry) {
	t.byKey[e.Key] = e.Ref
	t.byRef[e.Ref] = e
	dk := docKey{e.Tab, e.Frame, e.Doc}
	m := t.byRNI[dk]
	if m == nil {
		m = map[rni][]*Entry{}
		t.byRNI[dk] = m
	}
	k := rni{e.Role, e.Name, e.Index}
	m[k] = append(m[k], e)
}

// describe sets e's role, name and index, refiling it; the caller holds mu.
func (t *Table) describe(e *Entry, role, name string, index int) {
	if e.Role == role && e.Name == name && e.Index == index {
		return
	}
	m := t.byRNI[docKey{e.Tab, e.Frame, e.Doc}]
	old := rni{e.Role, e.Name, e.Index}
	list := m[old]
	for i, x := range list {
		if x == e {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(m, old)
	} else {
		m[old] = list
	}
	e.Role, e.Name, e.Index = role, name, index
	k := rni{role, name, index}
	m[k] = append(m[k], e)
}

// Assign returns the ref of the element k, issuing a new one the first time
// it is seen, and records its role, name and index.
func (t *Table) Assign(k Key, role, name string, index int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ref, ok := t.byKey[k]; ok {
		t.describe(t.byRef[ref], role, name, index)
		return ref
	}
	t.next++
	ref := "e" + strconv.Itoa(t.next)
	t.add(&Entry{Ref: ref, Key: k, Role: role, Name: name, Index: index})
	return ref
}

// Lookup returns a copy of the entry for ref. A ref that was never issued
// gives an unknown_ref error naming the refs that exist.
func (t *Table) Lookup(ref string) (Entry, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byRef[ref]
	if !ok {
		if t.next == 0 {
			return Entry{}, Errorf(CodeUnknownRef, "ref %s was never issued: no refs exist yet; take a snapshot first", ref)
		}
		return Entry{}, Errorf(CodeUnknownRef, "ref %s was never issued (refs e1-e%d exist); take a snapshot and use one of its refs", ref, t.next)
	}
	return *e, nil
}

// Rebind points ref at another element of the same document (after healing).
// Later snapshots then give the new element the old ref.
func (t *Table) Rebind(ref string, handle int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byRef[ref]
	if !ok {
		return
	}
	delete(t.byKey, e.Key)
	e.Handle = handle
	if old, taken := t.byKey[e.Key]; taken && old != ref {
		// The new element already had a ref of its own; ours wins and the
		// other one now names the same element.
		t.byRef[old].Handle = handle
	}
	t.byKey[e.Key] = ref
}

// Issued returns how many refs were issued so far.
func (t *Table) Issued() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.next
}

var refPattern = regexp.MustCompile(`^e[1-9][0-9]*$`)

// ParseRef accepts a ref written as e5, @e5, [e5] or ref=e5 (also [ref=e5])
// and returns it as e5.
func ParseRef(s string) (string, error) {
	r := strings.TrimSpace(s)
	r = strings.TrimPrefix(r, "[")
	r = strings.TrimSuffix(r, "]")
	r = strings.TrimPrefix(r, "ref=")
	r = strings.TrimPrefix(r, "@")
	if !refPattern.MatchString(r) {
		return "", &Error{Code: CodeBadRef, Message: fmt.Sprintf("%q is not a ref: write it as e5, @e5, [e5] or ref=e5", s)}
	}
	return r, nil
}

// RefFor returns the ref already issued for element k, if any.
func (t *Table) RefFor(k Key) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	ref, ok := t.byKey[k]
	return ref, ok
}

// Range describes the refs issued so far, e.g. "e1-e42", for messages.
func (t *Table) Range() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.next == 0 {
		return "none"
	}
	return fmt.Sprintf("e1-e%d", t.next)
}

// Item is one element of a document as a snapshot sees it.
type Item struct {
	Handle int
	Role   string
	Name   string
	Index  int // among items of the same role and name, in document order
}

// AssignDoc gives refs to every element of one document's snapshot and
// returns them in the order of items. An element already known keeps its
// ref. A new element takes over the ref of a vanished element of the same
// document with the same role, name and index, so that a list a framework
// re-rendered keeps its labels; otherwise it gets a new ref.
func (t *Table) AssignDoc(tab, frame, doc string, items []Item) []string {
	present := make(map[int]bool, len(items))
	for _, it := range items {
		present[it.Handle] = true
	}
	return t.AssignPart(tab, frame, doc, items, func(h int) bool { return present[h] })
}

// AssignPart is AssignDoc for part of a document's snapshot (the subtrees
// a refresh read again): items are the part's elements, with their indexes
// counted in the whole document, and present reports whether an element
// of the document, in the part or not, is in the snapshot.
func (t *Table) AssignPart(tab, frame, doc string, items []Item, present func(handle int) bool) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, len(items))
	byRNI := t.byRNI[docKey{tab, frame, doc}]
	for i, it := range items {
		k := Key{Tab: tab, Frame: frame, Doc: doc, Handle: it.Handle}
		if ref, ok := t.byKey[k]; ok {
			t.describe(t.byRef[ref], it.Role, it.Name, it.Index)
			out[i] = ref
			continue
		}
		// A ref of this document whose element is not in the snapshot
		// (the earliest filed) takes the new element over.
		var heir *Entry
		if it.Role != "" {
			for _, e := range byRNI[rni{it.Role, it.Name, it.Index}] {
				if !present(e.Handle) {
					heir = e
					break
				}
			}
		}
		if heir != nil {
			delete(t.byKey, heir.Key)
			heir.Handle = it.Handle
			t.byKey[heir.Key] = heir.Ref
			out[i] = heir.Ref
			continue
		}
		t.next++
		ref := "e" + strconv.Itoa(t.next)
		t.add(&Entry{Ref: ref, Key: k, Role: it.Role, Name: it.Name, Index: it.Index})
		if byRNI == nil {
			byRNI = t.byRNI[docKey{tab, frame, doc}]
		}
		out[i] = ref
	}
	return out
}

// Reindex records that the element of ref is now index-th among the
// elements of its role and name in its document (elements before it came
// or went), for healing.
func (t *Table) Reindex(ref string, index int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.byRef[ref]; ok {
		t.describe(e, e.Role, e.Name, index)
	}
}
