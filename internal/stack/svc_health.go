package stack

import (
	healthapp "anquan/health/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// health starts after system (the permission store); desk hears its
// contraindications and suspected diseases through the bus.
func init() {
	register("health", []string{"system"}, func(in *platform.Infra, a string) component.Component { return healthapp.New(in, a) })
	migrations(healthapp.Migrations)
}
