package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	monitorapp "anquan/monitor/app"
)

// monitor starts after system (the permission store); desk hears its
// alarms through the bus, and it calls no other service at start.
func init() {
	register("monitor", []string{"system"}, func(in *platform.Infra, a string) component.Component { return monitorapp.New(in, a) })
	migrations(monitorapp.Migrations)
	migrations(monitorapp.HistoryMigrations)
}
