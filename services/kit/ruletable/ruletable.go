// Package ruletable holds a service's versioned rule table: the rules it
// reads with their national defaults and sources, and the versions a tenant
// stored (a new value is a new version; the highest version is in force, so
// the history of who changed a deadline and on what basis stays).
//
// Services keep their own model and table (emergency_rule, accident_rule…)
// and give it a Versioned method; this package does the rest once.
package ruletable

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

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

// Rows reads a service's stored versions of code (of every code when code is
// empty) for the caller's tenant, newest first.
type Rows[R any] func(ctx context.Context, code string) ([]R, error)

// List is every rule of t with its version in force for the caller's tenant
// (a call without a caller is refused).
func List[V Number, R any, P Versioned[V, R]](ctx context.Context, t Table[V], rows Rows[R]) ([]View[V, R], error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	all, err := rows(ctx, "")
	if err != nil {
		return nil, err
	}
	return Views[V, R, P](t, all), nil
}

// History is a rule's definition and every stored version of the caller's
// tenant, newest first; an unknown code is refused.
func History[V Number, R any](ctx context.Context, t Table[V], code string, rows Rows[R]) (Def[V], []R, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return Def[V]{}, nil, err
	}
	d, ok := t.Of(code)
	if !ok {
		return d, nil, errs.BadRequest("规则编码 %s 不存在", code)
	}
	all, err := rows(ctx, code)
	return d, all, err
}

// Transactor runs fn in one database transaction (kit/db.Transactor).
type Transactor interface {
	Tx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Store is a service's rule table as Submit needs it.
type Store[V Number] struct {
	Tx Transactor
	// Create stores one new version of a rule.
	Create func(ctx context.Context, code string, value V, source string, version int32) error
}

// Submit writes value as the next version of code, in one transaction with load (the caller
// tenant's stored versions of every code). check sees the rules in force with the new value in
// place, so it can hold the value to its bounds and to the other rules (a flood's end below its
// start, grade bounds rising) and refuse with a clear error. Submit answers the rules in force
// after the write, for services that hand them to an engine.
func Submit[V Number, R any, P Versioned[V, R]](ctx context.Context, s Store[V], load func(ctx context.Context) ([]R, error),
	code string, value V, source string, check func(set map[string]V) error) (map[string]V, error) {
	var out map[string]V
	err := s.Tx.Tx(ctx, func(ctx context.Context) error {
		rows, err := load(ctx)
		if err != nil {
			return err
		}
		set := InForce[V, R, P](rows)
		set[code] = value
		if err := check(set); err != nil {
			return err
		}
		var last int32
		for i := range rows {
			if c, _, v := P(&rows[i]).Versioned(); c == code {
				last = max(last, v)
			}
		}
		if err := s.Create(ctx, code, value, strings.TrimSpace(source), last+1); err != nil {
			return err
		}
		out = set
		return nil
	})
	return out, err
}
