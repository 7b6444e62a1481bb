// Package tree answers questions about parent-linked trees (departments,
// menus) held as id -> parent maps.
package tree

// Subtree returns roots and everything below them, each once; roots not
// present in parents are skipped.
func Subtree(parents map[int64]int64, roots []int64) []int64 {
	children := make(map[int64][]int64, len(parents))
	for id, p := range parents {
		children[p] = append(children[p], id)
	}
	seen := map[int64]bool{}
	var out []int64
	var walk func(int64)
	walk = func(id int64) {
		if seen[id] {
			return
		}
		seen[id] = true
		out = append(out, id)
		for _, c := range children[id] {
			walk(c)
		}
	}
	for _, r := range roots {
		if _, ok := parents[r]; ok {
			walk(r)
		}
	}
	return out
}
