// Package conf names the equipment service's settings (kratos layout).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "equipment"
