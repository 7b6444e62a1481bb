package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	resourceapp "anquan/resource/app"
)

// blade-resource needs system for its permission rule only.
func init() {
	register("resource", []string{"system"}, func(in *platform.Infra, a string) component.Component { return resourceapp.New(in, a) })
	migrations(resourceapp.Migrations)
}
