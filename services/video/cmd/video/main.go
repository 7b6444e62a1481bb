// Command video runs the video-surveillance service alone (one Deployment
// in Kubernetes); the all-in-one `anquan --target=video` runs the same
// component.
package main

import (
	"anquan/kit/platform"
	"anquan/kit/runner"
	"anquan/video/app"
)

func main() {
	runner.Main("video", func(in *platform.Infra, addr string) runner.Service { return app.New(in, addr) })
}
