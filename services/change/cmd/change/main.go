// Command change runs the management-of-change service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=change` runs
// the same component.
package main

import (
	"anquan/change/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("change", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
