package biz

import (
	"strconv"
	"strings"

	"anquan/kit/ident"
)

// Audience lists are stored wrapped in commas (",3,17,") so that "is 17 in
// the list" is one `LIKE '%,17,%'` on every engine, with no string
// concatenation in SQL (which MySQL spells differently).

// packIDs stores ids; no ids store as "".
func packIDs(ids []int64) string {
	if len(ids) == 0 {
		return ""
	}
	return "," + ident.JoinIDs(ids) + ","
}

// unpackIDs reads a stored list back (the wire shows "3,17").
func unpackIDs(list string) []int64 {
	ids, _ := ident.ParseIDs(strings.Trim(list, ","))
	return ids
}

// Member is how id appears inside a stored list; data matches it with LIKE.
func Member(id int64) string { return "," + strconv.FormatInt(id, 10) + "," }

func listHas(list string, id int64) bool { return strings.Contains(list, Member(id)) }

func listHasAny(list string, ids []int64) bool {
	for _, id := range ids {
		if listHas(list, id) {
			return true
		}
	}
	return false
}
