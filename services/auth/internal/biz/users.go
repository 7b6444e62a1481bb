package biz

import (
	"context"
	"strconv"
	"time"

	"anquan/kit/cache"
)

// The failed-login counters are blade-auth's own: other services read and
// clear them through AuthInternal, never in the cache.

// failAccountKey counts failed logins of one account of a tenant.
func failAccountKey(tenant, account string) string {
	return "login:fail:acct:" + tenant + ":" + account
}

// failIPKey counts failed logins from one address.
func failIPKey(ip string) string { return "login:fail:ip:" + ip }

// revokeTTL keeps a user's token cut-off longer than any token lives
// (refresh tokens last 7 days by default).
const revokeTTL = 30 * 24 * time.Hour

// LockedAccounts returns those of the accounts that failed logins lock now.
func (a *Auth) LockedAccounts(ctx context.Context, tenant string, accounts []string) ([]string, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	keys := make([]string, len(accounts))
	for i, acc := range accounts {
		keys[i] = failAccountKey(tenant, acc)
	}
	got, err := a.Cache.GetMany(ctx, keys)
	if err != nil {
		return nil, err
	}
	var out []string
	for i, acc := range accounts {
		if n, _ := strconv.Atoi(got[keys[i]]); n >= MaxAccountFailures {
			out = append(out, acc)
		}
	}
	return out, nil
}

// Unlock clears the failed-login counters of the accounts.
func (a *Auth) Unlock(ctx context.Context, tenant string, accounts []string) error {
	if len(accounts) == 0 {
		return nil
	}
	keys := make([]string, len(accounts))
	for i, acc := range accounts {
		keys[i] = failAccountKey(tenant, acc)
	}
	return a.Cache.Del(ctx, keys...)
}

// RevokeUsers voids every token of the users issued until now: the gateway
// and the refresh grant compare a token's issue time with this cut-off.
func (a *Auth) RevokeUsers(ctx context.Context, tenant string, ids []int64) error {
	now := strconv.FormatInt(a.now().Unix(), 10)
	for _, id := range ids {
		if err := a.Cache.Set(ctx, cache.RevokedBefore(tenant, id), now, revokeTTL); err != nil {
			return err
		}
	}
	return nil
}
