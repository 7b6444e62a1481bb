package stack

import (
	inspectionapp "anquan/inspection/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// inspection: points, plans, the task scheduler and records; names
// inspectors (user); raises hazards through prevention's intake.
func init() {
	register("inspection", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return inspectionapp.New(in, a) })
	migrations(inspectionapp.Migrations)
}
