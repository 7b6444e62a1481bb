// Package biz holds blade-user's models and rules: users, their validation,
// passwords and lockouts, guest registration and its approval, and what the
// other services ask of users (credentials, social bindings, tenant admins).
package biz

import (
	"time"

	"anquan/kit/db"
)

// User types.
const (
	TypeInternal = int32(1)
	TypeExternal = int32(2)
)

// User statuses: a guest registration waits (0) until an administrator
// approves (1) or rejects (2) it.
const (
	StatusPending  = int32(0)
	StatusNormal   = int32(1)
	StatusRejected = int32(2)
)

// User is a login account of a tenant. Account is unique among the tenant's
// non-deleted users: biz checks it inside the writing transaction (a unique
// index cannot express "among non-deleted rows" on every engine).
type User struct {
	db.Base
	Code     string `gorm:"size:50;not null;default:''"`
	UserType int32  `gorm:"not null;default:1"`
	Account  string `gorm:"size:45;not null"`
	// Password is the stored hash (bcrypt, or the Blade legacy form until upgraded).
	Password string     `gorm:"size:100;not null;default:''"`
	Name     string     `gorm:"size:50;not null;default:''"`
	RealName string     `gorm:"size:50;not null;default:''"`
	NickName string     `gorm:"size:50;not null;default:''"`
	Avatar   string     `gorm:"size:500;not null;default:''"`
	Email    string     `gorm:"size:100;not null;default:''"`
	Phone    string     `gorm:"size:20;not null;default:''"`
	Birthday *time.Time `gorm:""`
	// Sex: 1 male, 2 female, 3 unknown.
	Sex int32 `gorm:"not null;default:3"`
	// RoleID, DeptID, PostID are comma lists of ids, as Blade stores them.
	RoleID string `gorm:"size:1000;not null;default:''"`
	DeptID string `gorm:"size:1000;not null;default:''"`
	PostID string `gorm:"size:1000;not null;default:''"`
	// MainDeptID is the last of DeptID (Blade's primary department): the data
	// scope and the department filter match on it with an index.
	MainDeptID int64 `gorm:"not null;default:0;index"`
	// OAuthID is the social identity (blade_user_oauth.id) a guest registered with.
	OAuthID string `gorm:"column:oauth_id;size:32;not null;default:''"`
}

func (User) TableName() string { return "blade_user" }

// OAuth is a third-party identity seen at a social login; UserID stays 0
// until a registration made with it is approved.
type OAuth struct {
	db.Base
	Source   string `gorm:"size:50;not null"`
	UUID     string `gorm:"column:uuid;size:100;not null"`
	Username string `gorm:"size:100;not null;default:''"`
	Nickname string `gorm:"size:100;not null;default:''"`
	Avatar   string `gorm:"size:500;not null;default:''"`
	Email    string `gorm:"size:100;not null;default:''"`
	UserID   int64  `gorm:"not null;default:0;index"`
}

func (OAuth) TableName() string { return "blade_user_oauth" }

// Models lists every table of the service (migration).
func Models() []any {
	return []any{&User{}, &OAuth{}, &Certificate{}, &ExpireSetting{}, &Guardian{}, &ExpiryNotice{}}
}

// UserView is a user with the names of its roles, departments and posts,
// and whether too many failed logins locked it.
type UserView struct {
	User
	RoleName string
	DeptName string
	PostName string
	Locked   bool
}
