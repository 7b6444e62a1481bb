// Command factory runs base-factory alone (one Deployment in Kubernetes);
// the all-in-one `anquan --target=factory` runs the same component.
package main

import (
	"anquan/factory/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("factory", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
