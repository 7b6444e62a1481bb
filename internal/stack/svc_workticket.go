package stack

import (
	"anquan/kit/component"
	"anquan/kit/platform"
	workticketapp "anquan/workticket/app"
)

// n-work-ticket starts after flow, factory and the user service it calls.
func init() {
	register("workticket", 80, func(in *platform.Infra, a string) component.Component { return workticketapp.New(in, a) })
}
