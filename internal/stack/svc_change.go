package stack

import (
	changeapp "anquan/change/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// change starts after system (the permission store); desk hears its
// expired temporary changes through the bus.
func init() {
	register("change", []string{"system"}, func(in *platform.Infra, a string) component.Component { return changeapp.New(in, a) })
	migrations(changeapp.Migrations)
}
