// Command resource runs blade-resource alone; the all-in-one
// `anquan --target=resource` runs the same component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/resource/app"
)

func main() {
	runner.Main("resource", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
