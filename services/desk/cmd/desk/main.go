// Command desk runs blade-desk alone (one Deployment in Kubernetes); the
// all-in-one `anquan --target=desk` runs the same component.
package main

import (
	"anquan/desk/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("desk", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
