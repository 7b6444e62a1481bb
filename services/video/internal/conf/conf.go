// Package conf names video's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "video"

// LiveConsumer is not durable: every replica hears every alarm event on a
// core subscription and hands it to its own streams.
const LiveSubject = "anquan.video.alarm.>"

// StreamTTL is how long a live URL's token may start a stream.
const StreamTTL = 5 * time.Minute

// SnapshotSweepEvery is how often the snapshots past their tenant's
// retention are deleted (once a period across replicas, kit/schedule.Run).
// Retention is counted in days, so an hour's lag is of no consequence.
const SnapshotSweepEvery = time.Hour
