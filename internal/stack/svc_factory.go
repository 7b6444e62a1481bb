package stack

import (
	factoryapp "anquan/factory/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// base-factory starts after system and user (it reads depts and users).
func init() {
	register("factory", 60, func(in *platform.Infra, a string) component.Component { return factoryapp.New(in, a) })
}
