package recordings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// manySelectors is a DevTools recording whose click step has n selectors
// of the four kinds the exporter writes.
func manySelectors(n int) []byte {
	sels := make([][]string, n)
	for i := range sels {
		switch i % 4 {
		case 0:
			sels[i] = []string{fmt.Sprintf("#b%d", i)}
		case 1:
			sels[i] = []string{fmt.Sprintf("pierce/#b%d", i)}
		case 2:
			sels[i] = []string{fmt.Sprintf(`aria/Button %d[role="button"]`, i)}
		default:
			sels[i] = []string{fmt.Sprintf("text/Button %d", i)}
		}
	}
	b, _ := json.Marshal(map[string]any{"title": "many", "steps": []any{
		map[string]any{"type": "navigate", "url": "http://127.0.0.1:1/"},
		map[string]any{"type": "click", "selectors": sels},
	}})
	return b
}

// TestImportManySelectors imports a step with the most selectors a step
// may have, all kept, and refuses one with a million, saying why, while
// the other steps are imported.
func TestImportManySelectors(t *testing.T) {
	t.Parallel()
	rec, err := ImportDevTools(bytes.NewReader(manySelectors(MaxImportSelectors)))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rec.Steps[1].Target.Fallbacks) + 1; got != MaxImportSelectors {
		t.Errorf("%d locators, want %d", got, MaxImportSelectors)
	}
	rec, err = ImportDevTools(bytes.NewReader(manySelectors(1_000_000)))
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Problems) != 1 || !strings.Contains(ie.Problems[0].Error(), "1000000 selectors: a step may have at most 1000") {
		t.Fatalf("got %v, want the step refused for its selectors", err)
	}
	if len(rec.Steps) != 1 || rec.Steps[0].Kind != Navigate {
		t.Errorf("the other steps: %+v", rec.Steps)
	}
}

// BenchmarkImportSelectors imports a step with 250 and 1,000 selectors
// (time per selector must not grow with their number) and reads a
// recording with a step of 40,000 and 1,000,000 (refused).
func BenchmarkImportSelectors(b *testing.B) {
	for _, n := range []int{250, MaxImportSelectors, 40_000, 1_000_000} {
		data := manySelectors(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				rec, _ := ImportDevTools(bytes.NewReader(data))
				if rec == nil || len(rec.Steps) == 0 {
					b.Fatal("nothing imported")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/selector")
		})
	}
}
