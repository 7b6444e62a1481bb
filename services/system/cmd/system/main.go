// Command system runs blade-system alone (one Deployment in Kubernetes); the
// all-in-one `anquan --target=system` runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/system/app"
)

func main() {
	runner.Main("system", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
