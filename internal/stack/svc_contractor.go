package stack

import (
	contractorapp "anquan/contractor/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// contractor reads role aliases (system) and accounts (user); it hears
// education's passes through the bus, and permits (workticket) call its
// admission check.
func init() {
	register("contractor", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return contractorapp.New(in, a) })
	migrations(contractorapp.Migrations)
}
