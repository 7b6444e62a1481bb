// Package conf names blade-auth's settings (kratos layout: the service's own
// view of the shared configuration).
package conf

import kitconf "anquan/kit/conf"

// Name of the service: its database, logs, metrics and target.
const Name = "auth"

// Auth holds what blade-auth reads from the shared configuration.
type Auth struct {
	// PasswordKey reads the web client's password transport format.
	PasswordKey string
	// Captcha requires a captcha from clients allowed the captcha grant.
	Captcha bool
	// AllowPrivateIdP lets social providers live on internal addresses.
	AllowPrivateIdP bool
}

// From picks blade-auth's settings.
func From(c *kitconf.Config) Auth {
	return Auth{PasswordKey: c.Security.PasswordKey, Captcha: c.Security.Captcha, AllowPrivateIdP: c.Security.AllowPrivateIdP}
}
