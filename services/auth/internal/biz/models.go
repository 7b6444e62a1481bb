// Package biz holds blade-auth's rules: the grants, lockout, captcha, token
// rotation and revocation, and the social login.
package biz

import (
	"time"

	"anquan/kit/db"
)

// RefreshToken is one issued refresh token, stored by hash. Tokens of one
// login session share a Family; reusing a rotated token revokes the family.
type RefreshToken struct {
	ID        int64     `gorm:"primaryKey;autoIncrement:false"`
	Family    string    `gorm:"size:40;index;not null"`
	TokenHash string    `gorm:"size:64;uniqueIndex;not null"`
	TenantID  string    `gorm:"size:12;not null"`
	UserID    int64     `gorm:"not null;index"`
	OAuthID   string    `gorm:"size:40;not null;default:''"`
	ClientID  string    `gorm:"size:50;not null"`
	ExpiresAt time.Time `gorm:"not null"`
	UsedAt    *time.Time
	Revoked   bool `gorm:"not null;default:false"`
	CreatedAt time.Time
}

func (RefreshToken) TableName() string { return "auth_refresh_token" }

// SocialProvider is an OAuth2/OIDC provider configured for a tenant.
type SocialProvider struct {
	db.Base
	Source       string `gorm:"size:50;not null"`
	Name         string `gorm:"size:100;not null;default:''"`
	ClientID     string `gorm:"size:200;not null"`
	ClientSecret string `gorm:"size:500;not null"`
	AuthURL      string `gorm:"size:500;not null;default:''"`
	TokenURL     string `gorm:"size:500;not null"`
	UserInfoURL  string `gorm:"size:500;not null"`
	RedirectURI  string `gorm:"size:500;not null;default:''"`
	Scope        string `gorm:"size:200;not null;default:'openid profile email'"`
}

func (SocialProvider) TableName() string { return "auth_social_provider" }

// LoginLog is the audit trail of every login attempt.
type LoginLog struct {
	ID        int64  `gorm:"primaryKey;autoIncrement:false"`
	TenantID  string `gorm:"size:12;index;not null"`
	Account   string `gorm:"size:100;not null"`
	GrantType string `gorm:"size:20;not null"`
	ClientID  string `gorm:"size:50;not null"`
	IP        string `gorm:"size:64;not null"`
	UserAgent string `gorm:"size:300;not null;default:''"`
	Success   bool   `gorm:"not null"`
	Reason    string `gorm:"size:200;not null;default:''"`
	CreatedAt time.Time
}

func (LoginLog) TableName() string { return "auth_login_log" }

// Models of the service.
func Models() []any { return []any{&RefreshToken{}, &SocialProvider{}, &LoginLog{}, &ApiKey{}} }

// Client is the OAuth2 client record (from blade-system).
type Client struct {
	ID, Secret            string
	GrantTypes            []string
	AccessTTL, RefreshTTL time.Duration
	EncryptPassword       bool
}

// Allows reports whether the client may use a grant type.
func (c *Client) Allows(grant string) bool {
	for _, g := range c.GrantTypes {
		if g == grant {
			return true
		}
	}
	return false
}

// Tenant is what login needs to know of a tenant.
type Tenant struct {
	ID, Name string
	Expire   *time.Time
	Status   int32
}

// Role as login reads it.
type Role struct {
	ID        int64
	Name      string
	Alias     string
	DataScope int32
}

// User is a local account as login reads it.
type User struct {
	ID                                        int64
	TenantID, Account, PasswordHash           string
	Status                                    int32
	RoleIDs, DeptIDs, PostID                  string
	Name, RealName, NickName, Avatar, OAuthID string
	Email, Phone, Birthday                    string
	Sex, UserType                             int32
}

// SocialProfile is what a provider tells about a person.
type SocialProfile struct {
	UUID, Username, Nickname, Avatar, Email string
}

// NotAudited: the login log is itself an audit record of sign-ins.
func (LoginLog) NotAudited() {}
