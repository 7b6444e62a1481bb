// Command health runs the occupational health service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=health` runs
// the same component.
package main

import (
	"anquan/health/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("health", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
