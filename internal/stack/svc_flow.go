package stack

import (
	flowapp "anquan/flow/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

func init() {
	register("flow", 50, func(in *platform.Infra, a string) component.Component { return flowapp.New(in, a) })
}
