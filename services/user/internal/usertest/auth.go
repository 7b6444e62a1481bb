package usertest

import (
	"context"
	"strconv"
	"sync"
)

// Auth is a fake blade-auth guard: accounts tests lock, users revoked.
type Auth struct {
	mu      sync.Mutex
	locked  map[string]bool
	revoked map[string]bool
}

// NewAuth is a guard with nothing locked or revoked.
func NewAuth() *Auth { return &Auth{locked: map[string]bool{}, revoked: map[string]bool{}} }

func key(tenant, s string) string { return tenant + "/" + s }

// Lock marks an account locked, as failed logins would.
func (a *Auth) Lock(tenant, account string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.locked[key(tenant, account)] = true
}

// Revoked reports whether the user's tokens were revoked.
func (a *Auth) Revoked(tenant string, userID int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.revoked[key(tenant, strconv.FormatInt(userID, 10))]
}

func (a *Auth) LockedAccounts(_ context.Context, tenant string, accounts []string) (map[string]bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]bool{}
	for _, acc := range accounts {
		if a.locked[key(tenant, acc)] {
			out[acc] = true
		}
	}
	return out, nil
}

func (a *Auth) Unlock(_ context.Context, tenant string, accounts []string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, acc := range accounts {
		delete(a.locked, key(tenant, acc))
	}
	return nil
}

func (a *Auth) Revoke(_ context.Context, tenant string, ids []int64) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, id := range ids {
		a.revoked[key(tenant, strconv.FormatInt(id, 10))] = true
	}
	return nil
}
