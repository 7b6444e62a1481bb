package idgen

import "testing"

// New ids sort above every seeded id (newest-first lists put new records
// on top) and keep rising.
func TestIdsAboveSeedsAndRising(t *testing.T) {
	const highestSeed = int64(1123598821738675201) // Blade's platform administrator
	g := New(1)
	a, b := g.Next(), g.Next()
	if a <= highestSeed || b <= a {
		t.Fatalf("ids %d, %d: want above %d and rising", a, b, highestSeed)
	}
}
