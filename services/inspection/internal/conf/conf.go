// Package conf names the inspection service's settings (kratos layout).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "inspection"

// SchedulerEvery is how often the task scheduler runs.
const SchedulerEvery = 10 * time.Minute
