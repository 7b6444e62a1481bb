// Package conf names records' settings (kratos layout: the service's own
// view of the shared configuration).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "records"
