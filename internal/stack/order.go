package stack

import (
	"fmt"
	"sort"
	"strings"
)

// startOrder sorts services so each starts after the services it needs
// (Kahn's algorithm; among services ready at the same time, by name, so the
// order is the same on every run). An unknown need or a cycle is an error:
// the stack would otherwise start a service before what it reads.
func startOrder(svcs []service) ([]service, error) {
	byName := map[string]service{}
	for _, s := range svcs {
		if _, dup := byName[s.name]; dup {
			return nil, fmt.Errorf("service %s registered twice", s.name)
		}
		byName[s.name] = s
	}
	waiting := map[string]int{}      // needs not yet started
	needers := map[string][]string{} // need -> services waiting on it
	for _, s := range svcs {
		for _, n := range s.needs {
			if _, ok := byName[n]; !ok {
				return nil, fmt.Errorf("service %s needs unknown service %s", s.name, n)
			}
			waiting[s.name]++
			needers[n] = append(needers[n], s.name)
		}
	}
	var ready []string
	for _, s := range svcs {
		if waiting[s.name] == 0 {
			ready = append(ready, s.name)
		}
	}
	out := make([]service, 0, len(svcs))
	for len(ready) > 0 {
		sort.Strings(ready)
		n := ready[0]
		ready = ready[1:]
		out = append(out, byName[n])
		for _, m := range needers[n] {
			if waiting[m]--; waiting[m] == 0 {
				ready = append(ready, m)
			}
		}
	}
	if len(out) < len(svcs) {
		var left []string
		for _, s := range svcs {
			if waiting[s.name] > 0 {
				left = append(left, s.name)
			}
		}
		sort.Strings(left)
		return nil, fmt.Errorf("services need each other in a cycle: %s", strings.Join(left, ", "))
	}
	return out, nil
}
