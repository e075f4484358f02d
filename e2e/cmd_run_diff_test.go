package e2e

import (
	"testing"
)

func TestRunSnapshotDiff(t *testing.T) {
	srv := pagesServer(t)
	res, code := runTestScript(t, srv.URL, `
open {{URL}}/live.html
snapshot --diff
find email textbox Email
fill $email ada@example.com
find gift checkbox "Gift wrap"
check $gift
snapshot --diff
snapshot --diff
`)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if code != 0 {
		t.Errorf("exit status %d", code)
	}
	if res[1]["first"] != true || res[1]["text"] == nil {
		t.Errorf("the first diff of a tab should say first and carry the snapshot: %v", res[1])
	}
	email, gift := res[2]["ref"].(string), res[4]["ref"].(string)
	changed := map[string]string{}
	changes, _ := res[6]["changes"].([]any)
	for _, c := range changes {
		m := c.(map[string]any)
		ref, _ := m["ref"].(string)
		changed[ref], _ = m["mark"].(string)
	}
	if changed[email] != "~" || changed[gift] != "~" {
		t.Errorf("the filled field %s and the checked box %s should be changed (~): %v\n%s", email, gift, changed, res[6]["diff"])
	}
	for ref := range changed {
		if ref != email && ref != gift {
			t.Errorf("%s changed too, but nothing else on the page did:\n%s", ref, res[6]["diff"])
		}
	}
	if c, _ := res[7]["changes"].([]any); len(c) != 0 || res[7]["diff"] != "" {
		t.Errorf("a diff right after a diff should be empty: %v", res[7])
	}
}
