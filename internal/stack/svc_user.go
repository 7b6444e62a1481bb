package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	userapp "anquan/user/app"
)

// blade-user reads tenants, depts and roles from system.
func init() {
	register("user", []string{"system"}, func(in *platform.Infra, a string) component.Component { return userapp.New(in, a) })
	migrations(userapp.Migrations)
}
