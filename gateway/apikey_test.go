package gateway

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/grpc"

	"anquan/kit/errs"
	"anquan/kit/ident"
	authv1 "anquan/proto/blade/auth/v1"
)

// countingAuth answers KeyToken for one good key and counts the calls.
type countingAuth struct {
	authv1.AuthInternalClient
	good  string
	calls int
}

func (a *countingAuth) KeyToken(_ context.Context, r *authv1.KeyTokenRequest, _ ...grpc.CallOption) (*authv1.KeyTokenReply, error) {
	a.calls++
	if r.Key != a.good {
		return nil, errs.Unauthorized("API 密钥无效、已吊销或已过期")
	}
	return &authv1.KeyTokenReply{AccessToken: "tok", ExpiresIn: 600}, nil
}

// A refused key is answered from memory, so a client looping on a bad key
// costs blade-auth one call a minute; a good key's token is kept for half
// its life; a fresh request mints again.
func TestKeyTokensRememberRefusalsAndTokens(t *testing.T) {
	a := &countingAuth{good: "aq-sk-good"}
	k := newKeyTokens(a, nil)
	ctx := context.Background()
	for i := 0; i < 5; i++ {
		if _, err := k.token(ctx, "Bearer aq-sk-bad", i%2 == 1); err == nil {
			t.Fatal("a bad key got a token")
		}
	}
	if a.calls != 1 {
		t.Errorf("%d blade-auth calls for five tries of a bad key, want 1", a.calls)
	}
	for i := 0; i < 3; i++ {
		if tok, err := k.token(ctx, "aq-sk-good", false); err != nil || tok != "tok" {
			t.Fatalf("good key: %q %v", tok, err)
		}
	}
	if a.calls != 2 {
		t.Errorf("%d calls after three uses of a good key, want 2", a.calls)
	}
	if _, err := k.token(ctx, "aq-sk-good", true); err != nil || a.calls != 3 {
		t.Errorf("fresh: %v, %d calls", err, a.calls)
	}
}

func TestKeyTokensBudgetTheKeysOfOneAddress(t *testing.T) {
	a := &countingAuth{good: "aq-sk-good"}
	k := newKeyTokens(a, newIPLimiter("apikey", 2, nil))
	from := func(ip string) context.Context { return ident.WithClientIP(context.Background(), ip) }
	for _, key := range []string{"aq-sk-bad1", "aq-sk-bad2"} {
		if _, err := k.token(from("10.0.0.9"), key, false); errors.Is(err, errKeyLimited) || err == nil {
			t.Fatalf("%s: %v, want blade-auth's refusal", key, err)
		}
	}
	// a third new key from the same address is not sent to blade-auth
	if _, err := k.token(from("10.0.0.9"), "aq-sk-bad3", false); !errors.Is(err, errKeyLimited) {
		t.Fatalf("third key: %v, want the budget's refusal", err)
	}
	if a.calls != 2 {
		t.Fatalf("%d blade-auth calls, want 2", a.calls)
	}
	// a key already refused is answered from memory, still 401 and free
	if _, err := k.token(from("10.0.0.9"), "aq-sk-bad1", false); !errors.Is(err, errKeyRefused) {
		t.Fatalf("remembered refusal: %v", err)
	}
	// another address has its own budget
	if tok, err := k.token(from("10.0.0.10"), "aq-sk-good", false); err != nil || tok != "tok" {
		t.Fatalf("another address: %q %v", tok, err)
	}
	// and a kept token costs nothing, even from the exhausted address
	if tok, err := k.token(from("10.0.0.9"), "aq-sk-good", false); err != nil || tok != "tok" {
		t.Fatalf("kept token: %q %v", tok, err)
	}
}
