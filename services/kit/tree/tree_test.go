package tree

import (
	"sort"
	"testing"
)

func TestSubtreeWalksDescendantsOnceAndSkipsUnknownRoots(t *testing.T) {
	parents := map[int64]int64{1: 0, 2: 1, 3: 1, 4: 2, 5: 0}
	got := Subtree(parents, []int64{2, 1, 99})
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	if len(got) != 4 || got[0] != 1 || got[3] != 4 {
		t.Fatalf("subtree: %v", got)
	}
}
