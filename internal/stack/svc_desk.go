package stack

import (
	deskapp "anquan/desk/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// blade-desk reads recipients from system.
func init() {
	register("desk", []string{"system"}, func(in *platform.Infra, a string) component.Component { return deskapp.New(in, a) })
	migrations(deskapp.Migrations)
}
