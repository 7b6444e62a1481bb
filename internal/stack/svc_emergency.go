package stack

import (
	emergencyapp "anquan/emergency/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// emergency starts after system (the permission store); prevention hears
// its drills' rectification items through the bus.
func init() {
	register("emergency", []string{"system"}, func(in *platform.Infra, a string) component.Component { return emergencyapp.New(in, a) })
	migrations(emergencyapp.Migrations)
}
