// Command workticket runs the permit service alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=workticket` runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/workticket/app"
)

func main() {
	runner.Main("workticket", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
