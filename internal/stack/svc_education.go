package stack

import (
	educationapp "anquan/education/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// education reads role aliases (system) and people (user); contractor hears
// its passes through the bus.
func init() {
	register("education", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return educationapp.New(in, a) })
	migrations(educationapp.Migrations)
}
