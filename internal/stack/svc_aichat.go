package stack

import (
	aichatapp "anquan/aichat/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// aichat answers with the caller's hazards, permits and certificates:
// prevention, workticket and user start first.
func init() {
	register("aichat", []string{"system", "user", "prevention", "workticket"}, func(in *platform.Infra, a string) component.Component { return aichatapp.New(in, a) })
	migrations(aichatapp.Migrations)
}
