package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	videoapp "anquan/video/app"
)

// video starts after system (the permission store); prevention hears its
// hazards through the bus, and it calls no other service at start.
func init() {
	register("video", []string{"system"}, func(in *platform.Infra, a string) component.Component { return videoapp.New(in, a) })
	migrations(videoapp.Migrations)
}
