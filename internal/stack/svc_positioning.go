package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	positioningapp "anquan/positioning/app"
)

// positioning starts after system (the permission store); it hears
// positions forwarded by monitor's MQTT ingest through the bus and calls no
// other service at start.
func init() {
	register("positioning", []string{"system"}, func(in *platform.Infra, a string) component.Component { return positioningapp.New(in, a) })
	migrations(positioningapp.Migrations)
}
