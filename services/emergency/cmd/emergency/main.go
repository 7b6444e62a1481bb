// Command emergency runs the emergency-management service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=emergency`
// runs the same component.
package main

import (
	"anquan/emergency/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("emergency", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
