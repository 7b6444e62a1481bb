// Command flow runs blade-flow alone (one Deployment in Kubernetes); the
// all-in-one `anquan --target=flow` runs the same component.
package main

import (
	"anquan/flow/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("flow", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
