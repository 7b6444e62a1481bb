package authn

import (
	"context"
	"strconv"

	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
)

// MsgDenyListDown answers a call whose token cannot be checked against the
// deny-list (the cache does not answer): the call is refused, not let through.
const MsgDenyListDown = "登录状态校验服务暂不可用,请稍后再试"

// ErrDenyListDown is the gRPC form of MsgDenyListDown (HTTP 503 at the edge).
var ErrDenyListDown = errs.Unavailable(MsgDenyListDown)

// Revoked reports whether a verified token was revoked: the token itself
// (logout), its login session (logout, refresh-token reuse) or every token
// of its user issued up to a cut-off (password change, lock, removal). The
// three keys are read in one cache round trip. An error means the deny-list
// could not be read; callers refuse the call (fail closed).
func Revoked(ctx context.Context, c cache.Cache, id *ident.Identity) (bool, error) {
	keys := make([]string, 0, 3)
	jti, before := cache.RevokedJTI(id.JTI), cache.RevokedBefore(id.TenantID, id.UserID)
	keys = append(keys, jti, before)
	session := ""
	if id.Session != "" {
		session = cache.RevokedSession(id.Session)
		keys = append(keys, session)
	}
	got, err := c.GetMany(ctx, keys)
	if err != nil {
		return false, err
	}
	if _, ok := got[jti]; ok {
		return true, nil
	}
	if session != "" {
		if _, ok := got[session]; ok {
			return true, nil
		}
	}
	if v, ok := got[before]; ok {
		t, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			// A cut-off that does not parse was still written to end the
			// user's tokens: honour it rather than ignore it.
			return true, nil
		}
		if id.IssuedAt <= t {
			return true, nil
		}
	}
	return false, nil
}
