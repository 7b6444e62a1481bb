// Command equipment runs the equipment service alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=equipment` runs the same component.
package main

import (
	"anquan/equipment/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("equipment", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
