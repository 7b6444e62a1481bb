// Command inspection runs the inspection service alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=inspection` runs the same component.
package main

import (
	"anquan/inspection/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("inspection", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
