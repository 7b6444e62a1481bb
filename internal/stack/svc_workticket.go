package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	workticketapp "anquan/workticket/app"
)

// n-work-ticket approves through flow, reads areas (factory), certificates
// (user), roles (system) and contractor admission (contractor).
func init() {
	register("workticket", []string{"system", "user", "factory", "flow", "contractor"}, func(in *platform.Infra, a string) component.Component { return workticketapp.New(in, a) })
	migrations(workticketapp.Migrations)
}
