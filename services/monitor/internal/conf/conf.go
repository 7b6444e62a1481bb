// Package conf names monitor's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "monitor"

// PermitClosedConsumer is the durable JetStream consumer of n-work-ticket's
// closed permits (their holds end).
const PermitClosedConsumer = "monitor-permit-closed"
