// Command aichat runs the safety assistant alone (one Deployment in
// Kubernetes); the all-in-one `anquan --target=aichat` runs the same
// component.
package main

import (
	"anquan/aichat/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("aichat", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
