// Command records runs the chemicals and business-process records service
// alone (one Deployment in Kubernetes); the all-in-one
// `anquan --target=records` runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/records/app"
)

func main() {
	runner.Main("records", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
