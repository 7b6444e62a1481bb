package stack

import (
	"slices"
	"strings"
	"testing"
)

func names(svcs []service) []string {
	var n []string
	for _, s := range svcs {
		n = append(n, s.name)
	}
	return n
}

// TestStartOrderFollowsDeclaredNeeds: every service starts after what it
// needs, ties go by name, and an unknown need or a cycle is refused.
func TestStartOrderFollowsDeclaredNeeds(t *testing.T) {
	sv := func(name string, needs ...string) service { return service{name: name, needs: needs} }
	for _, c := range []struct {
		name string
		in   []service
		want string // order, or the start of the error
	}{
		{"no needs: by name", []service{sv("b"), sv("a"), sv("c")}, "a b c"},
		{"chain", []service{sv("c", "b"), sv("b", "a"), sv("a")}, "a b c"},
		{"diamond", []service{sv("d", "b", "c"), sv("c", "a"), sv("b", "a"), sv("a")}, "a b c d"},
		{"a need before a smaller name", []service{sv("a", "z"), sv("z")}, "z a"},
		{"unknown need", []service{sv("a", "nope")}, "error: service a needs unknown service nope"},
		{"cycle", []service{sv("a", "b"), sv("b", "a"), sv("c")}, "error: services need each other in a cycle: a, b"},
		{"self", []service{sv("a", "a")}, "error: services need each other in a cycle: a"},
		{"twice", []service{sv("a"), sv("a")}, "error: service a registered twice"},
	} {
		got, err := startOrder(c.in)
		s := strings.Join(names(got), " ")
		if err != nil {
			s = "error: " + err.Error()
		}
		if s != c.want {
			t.Errorf("%s: got %q, want %q", c.name, s, c.want)
		}
	}
}

// TestRegisteredServicesStartAfterTheirNeeds: the services of this binary
// sort, and each one's needs come before it.
func TestRegisteredServicesStartAfterTheirNeeds(t *testing.T) {
	order, err := startOrder(services)
	if err != nil {
		t.Fatal(err)
	}
	got := names(order)
	if len(got) != len(services) || got[0] != "system" {
		t.Fatalf("order %v", got)
	}
	for i, s := range order {
		for _, n := range s.needs {
			if j := slices.Index(got, n); j < 0 || j > i {
				t.Errorf("%s starts before %s, which it needs (%v)", s.name, n, got)
			}
		}
	}
}
