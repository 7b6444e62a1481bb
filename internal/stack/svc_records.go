package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	recordsapp "anquan/records/app"
)

// records starts after system (the permission store); desk hears its
// publications through the bus.
func init() {
	register("records", []string{"system"}, func(in *platform.Infra, a string) component.Component { return recordsapp.New(in, a) })
	migrations(recordsapp.Migrations)
}
