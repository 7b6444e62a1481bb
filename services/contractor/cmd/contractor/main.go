// Command contractor runs the contractor service alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=contractor` runs the same component.
package main

import (
	"anquan/contractor/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("contractor", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
