package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	preventionapp "anquan/prevention/app"
)

// prevention reads areas (factory), hazard history (flow), users and
// depts; it calls workticket only when asked, so it does not wait for it.
func init() {
	register("prevention", []string{"system", "user", "factory", "flow"}, func(in *platform.Infra, a string) component.Component { return preventionapp.New(in, a) })
	migrations(preventionapp.Migrations)
}
