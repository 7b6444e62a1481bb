package authn

import (
	authv1 "anquan/proto/blade/auth/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// MsgGuest answers a guest token that calls anything else.
const MsgGuest = "请先完成账号注册,并等待管理员审核通过后再使用"

// guestMethods are what a guest token (a social login bound to no local
// user) may call: read what its token says, file its registration, log out.
var guestMethods = map[string]bool{
	authv1.AuthService_UserInfo_FullMethodName:      true,
	authv1.AuthService_Logout_FullMethodName:        true,
	userv1.UserService_RegisterGuest_FullMethodName: true,
}

// GuestMayCall reports whether a guest token may call the gRPC method
// (full name, "/pkg.Service/Method"). The gateway and every service's
// token check apply it, so a service reached directly refuses too.
func GuestMayCall(method string) bool { return guestMethods[method] }
