package stack

import (
	flowapp "anquan/flow/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// blade-flow reads role members from system.
func init() {
	register("flow", []string{"system"}, func(in *platform.Infra, a string) component.Component { return flowapp.New(in, a) })
	migrations(flowapp.Migrations)
}
