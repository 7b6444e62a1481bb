package biz

import (
	"context"
	"slices"
	"testing"
	"time"
)

func TestLockedAccountsShowFailedLoginsUntilUnlocked(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	for i := 0; i < MaxAccountFailures; i++ {
		_, _ = a.Token(ctx, pw("op", "bad"))
	}
	_, _ = a.Token(ctx, pw("dir", "bad"))
	locked, err := a.LockedAccounts(ctx, "100001", []string{"op", "dir", "new"})
	if err != nil || !slices.Equal(locked, []string{"op"}) {
		t.Fatalf("locked: %v %v", locked, err)
	}
	if other, _ := a.LockedAccounts(ctx, "100002", []string{"op"}); len(other) != 0 {
		t.Fatalf("another tenant's account shows locked: %v", other)
	}
	if err := a.Unlock(ctx, "100001", []string{"op"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Token(ctx, pw("op", "123456")); err != nil {
		t.Fatalf("unlocked account cannot log in: %v", err)
	}
}

func TestRevokedUsersCannotRefreshTokensIssuedBefore(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	issued := time.Now()
	a.Now = func() time.Time { return issued }
	res, err := a.Token(ctx, pw("op", "123456"))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.RevokeUsers(ctx, "100001", []int64{res.User.ID}); err != nil {
		t.Fatal(err)
	}
	a.Now = func() time.Time { return issued.Add(time.Minute) }
	if _, err := a.Token(ctx, &TokenRequest{ClientID: "api", ClientSecret: "api_secret", GrantType: "refresh_token", RefreshToken: res.RefreshToken}); err == nil {
		t.Fatal("a refresh token issued before the revocation still works")
	}
	if _, err := a.Token(ctx, pw("op", "123456")); err != nil {
		t.Fatalf("a new login after the revocation fails: %v", err)
	}
}
