package stack

import (
	authapp "anquan/auth/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// blade-auth checks passwords through user; clients and tenants come from system.
func init() {
	register("auth", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return authapp.New(in, a) })
	migrations(authapp.Migrations)
}
