// Command education runs the training and exam service alone (one
// Deployment in Kubernetes); the all-in-one `anquan --target=education` runs
// the same component.
package main

import (
	"anquan/education/app"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

func main() {
	runner.Main("education", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
