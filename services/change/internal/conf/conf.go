// Package conf names change's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "change"

// SweepEvery is how often temporary changes past their expiry are flagged.
const SweepEvery = time.Minute
