// Package conf names the education service's settings (kratos layout).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "education"

// SweepEvery is how often attempts past their deadline are handed in by the
// server (reads hand them in at once too).
const SweepEvery = 15 * time.Second
