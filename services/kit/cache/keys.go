package cache

import "strconv"

// Key names read outside the service that writes them: blade-auth writes
// the revocations, the gateway and every service read them (authn.Revoked).
// Keys only one service uses (the failed-login counters of blade-auth) stay
// in that service; other services reach them through its internal calls.

// RevokedJTI marks one access token as logged out.
func RevokedJTI(jti string) string { return "token:revoked:" + jti }

// RevokedSession marks a login session (refresh-token family) as ended
// (logout, refresh-token reuse): every access token of the session is void.
func RevokedSession(family string) string { return "token:session:" + family }

// RevokedBefore holds the unix time before which a user's tokens are void
// (password change, lock, removal).
func RevokedBefore(tenant string, userID int64) string {
	return "token:before:" + tenant + ":" + strconv.FormatInt(userID, 10)
}

// UserCachePrefix is the prefix of everything cached for one user (menus,
// buttons, dictionaries), dropped by clear-cache.
func UserCachePrefix(tenant string, userID int64) string {
	return "uc:" + tenant + ":" + strconv.FormatInt(userID, 10) + ":"
}

// Captcha holds one captcha answer.
func Captcha(key string) string { return "captcha:" + key }
