package stack

import (
	equipmentapp "anquan/equipment/app"
	"anquan/kit/component"
	"anquan/kit/platform"
)

// equipment: the ledger, its detection rules and records; reads roles
// (system) and people (user); raises hazards through prevention's intake.
func init() {
	register("equipment", []string{"system", "user"}, func(in *platform.Infra, a string) component.Component { return equipmentapp.New(in, a) })
	migrations(equipmentapp.Migrations)
}
