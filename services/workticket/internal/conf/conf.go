// Package conf names the workticket service's settings (kratos layout).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "workticket"
