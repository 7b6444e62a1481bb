package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	systemapp "anquan/system/app"
)

// blade-system needs no other service at start (it reads users only when asked).
func init() {
	register("system", []string{}, func(in *platform.Infra, a string) component.Component { return systemapp.New(in, a) })
	migrations(systemapp.Migrations)
}
