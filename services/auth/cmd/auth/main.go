// Command auth runs blade-auth alone (one Deployment in Kubernetes); the
// all-in-one `anquan --target=auth` runs the same component.
package main

import (
	"anquan/auth/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("auth", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
