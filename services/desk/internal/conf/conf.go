// Package conf names blade-desk's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "desk"

// Consumer is the durable JetStream consumer that turns other services'
// events into messages.
const Consumer = "desk-deliveries"
