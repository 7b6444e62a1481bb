// Package conf names blade-user's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

import kitconf "anquan/kit/conf"

// Name of the service: its database, logs, metrics and target.
const Name = "user"

// User holds what blade-user reads from the shared configuration.
type User struct {
	// PasswordKey reads passwords sent in the web client's transport format.
	PasswordKey string
}

// From picks blade-user's settings.
func From(c *kitconf.Config) User { return User{PasswordKey: c.Security.PasswordKey} }
