// Package conf names prevention's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "prevention"

// SchedulerEvery is how often the task scheduler runs (generation of due
// windows, overdue tasks and hazards). A minute keeps an hourly window's
// task at most a minute late.
const SchedulerEvery = time.Minute

// IntakeConsumer is the durable JetStream consumer of hazards raised by
// other services (anquan.*.hazard.raised).
const IntakeConsumer = "prevention-intake"
