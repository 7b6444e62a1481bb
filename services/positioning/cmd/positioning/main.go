// Command positioning runs the personnel positioning service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=positioning`
// runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/positioning/app"
)

func main() {
	runner.Main("positioning", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
