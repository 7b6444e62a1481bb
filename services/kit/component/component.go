// Package component is the lifecycle every runnable part implements, so the
// all-in-one binary and a lone target start the same code.
package component

import "context"

// Component is a service, the gateway or a piece of infrastructure.
type Component interface {
	Name() string
	// Start begins serving and returns; errors mean the part cannot run.
	Start(ctx context.Context) error
	// Stop drains in-flight work within ctx.
	Stop(ctx context.Context) error
	// Ready reports nil when the part can serve.
	Ready(ctx context.Context) error
}
