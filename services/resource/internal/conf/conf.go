// Package conf names blade-resource's settings (kratos layout).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "resource"
