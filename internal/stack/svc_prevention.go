package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	preventionapp "anquan/prevention/app"
)

// prevention starts after factory (areas) and flow (hazard history).
func init() {
	register("prevention", 70, func(in *platform.Infra, a string) component.Component { return preventionapp.New(in, a) })
}
