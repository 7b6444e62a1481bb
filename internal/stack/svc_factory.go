package stack

import (
	factoryapp "anquan/factory/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// base-factory reads depts (system) and users (user).
func init() {
	register("factory", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return factoryapp.New(in, a) })
	migrations(factoryapp.Migrations)
}
