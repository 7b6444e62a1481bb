// Package service is blade-user's gRPC layer: it reads and converts
// requests and answers (including the password transport format) and
// leaves the rules to biz.
package service

import (
	"anquan/kit/authn"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

// User serves UserService and UserInternal.
type User struct {
	pb.UnimplementedUserServiceServer
	pb.UnimplementedUserInternalServer
	uc *biz.Users
	// passwordKey decrypts passwords the web client sends encrypted.
	passwordKey string
	// cert answers the qualification checks of UserInternal.
	cert *Certificate
}

// New binds the handlers to the use cases.
func New(uc *biz.Users, passwordKey string) *User { return &User{uc: uc, passwordKey: passwordKey} }

// plain reads a password parameter: the web client's AES transport format
// when it decrypts cleanly, else the value as typed (API clients over TLS
// may switch the encryption off).
func (s *User) plain(p string) string {
	if p == "" {
		return ""
	}
	if v, err := authn.DecryptTransport(s.passwordKey, p); err == nil {
		return v
	}
	return p
}
