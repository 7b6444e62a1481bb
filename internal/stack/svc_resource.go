package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	resourceapp "anquan/resource/app"
)

func init() {
	register("resource", 55, func(in *platform.Infra, a string) component.Component { return resourceapp.New(in, a) })
}
