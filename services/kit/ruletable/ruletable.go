// Package ruletable holds a service's versioned rule table: the rules it
// reads with their national defaults and sources, and the versions a tenant
// stored (a new value is a new version; the highest version is in force, so
// the history of who changed a deadline and on what basis stays).
//
// Services keep their own model and table (emergency_rule, accident_rule…)
// and give it a Versioned method; this package does the rest once.
package ruletable

// Number is a rule value's type.
type Number interface{ ~int32 | ~float64 }

// Def is a rule's meaning and national default.
type Def[V Number] struct {
	Code, Name, Unit, Source string
	Default                  V
}

// Table is every rule a service reads, in display order.
type Table[V Number] []Def[V]

// Of finds a rule's definition.
func (t Table[V]) Of(code string) (Def[V], bool) {
	for _, d := range t {
		if d.Code == code {
			return d, true
		}
	}
	return Def[V]{}, false
}

// Get is the value of code in set, or its national default.
func (t Table[V]) Get(set map[string]V, code string) V {
	if v, ok := set[code]; ok {
		return v
	}
	d, _ := t.Of(code)
	return d.Default
}

// Versioned is a stored rule version: its code, value and version.
type Versioned[V Number, R any] interface {
	*R
	Versioned() (code string, value V, version int32)
}

// InForce is the value of each stored code's highest version.
func InForce[V Number, R any, P Versioned[V, R]](rows []R) map[string]V {
	cur := Current[V, R, P](rows)
	out := make(map[string]V, len(cur))
	for code, r := range cur {
		_, v, _ := P(r).Versioned()
		out[code] = v
	}
	return out
}

// Current is each stored code's highest version.
func Current[V Number, R any, P Versioned[V, R]](rows []R) map[string]*R {
	out := map[string]*R{}
	ver := map[string]int32{}
	for i := range rows {
		code, _, v := P(&rows[i]).Versioned()
		if c := out[code]; c == nil || v > ver[code] {
			out[code], ver[code] = &rows[i], v
		}
	}
	return out
}

// Next is the version a new value of a code takes, given its stored versions.
func Next[V Number, R any, P Versioned[V, R]](rows []R) int32 {
	var n int32
	for i := range rows {
		_, _, v := P(&rows[i]).Versioned()
		n = max(n, v)
	}
	return n + 1
}

// View is a rule in force with its definition (Current nil: the default).
type View[V Number, R any] struct {
	Def     Def[V]
	Current *R
}

// Views is every rule of the table with its version in force, in order.
func Views[V Number, R any, P Versioned[V, R]](t Table[V], rows []R) []View[V, R] {
	cur := Current[V, R, P](rows)
	out := make([]View[V, R], 0, len(t))
	for _, d := range t {
		out = append(out, View[V, R]{Def: d, Current: cur[d.Code]})
	}
	return out
}
