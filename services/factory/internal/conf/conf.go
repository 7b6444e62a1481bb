// Package conf names base-factory's settings (kratos layout: the service's
// own view of the shared configuration).
package conf

import "time"

// Name of the service: its database, logs, metrics and target.
const Name = "factory"

// WeatherTimeout bounds a call to the external weather provider.
const WeatherTimeout = 3 * time.Second
