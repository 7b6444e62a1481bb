// Command monitor runs the monitoring service alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=monitor` runs the same
// component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/monitor/app"
)

func main() {
	runner.Main("monitor", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
