// Command user runs blade-user alone (one Deployment in Kubernetes); the
// all-in-one `anquan --target=user` runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/user/app"
)

func main() {
	runner.Main("user", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
