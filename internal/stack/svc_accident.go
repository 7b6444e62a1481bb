package stack

import (
	accidentapp "anquan/accident/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// accident starts after system (the permission store); prevention hears
// its corrective actions through the bus.
func init() {
	register("accident", []string{"system"}, func(in *platform.Infra, a string) component.Component { return accidentapp.New(in, a) })
	migrations(accidentapp.Migrations)
}
