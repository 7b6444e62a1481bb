// Command prevention runs the double-prevention service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=prevention`
// runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/prevention/app"
)

func main() {
	runner.Main("prevention", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
