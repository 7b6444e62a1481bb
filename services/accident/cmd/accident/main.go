// Command accident runs the accident service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=accident`
// runs the same component.
package main

import (
	"anquan/accident/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("accident", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
