package biz

import (
	"testing"
	"time"
)

func TestStreamTokens(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	a, b := NewTokens("secret-a", time.Minute), NewTokens("secret-b", time.Minute)
	tok := a.Sign(StreamClaim{Tenant: "100001", Camera: 7, User: 9, Expires: now.Add(time.Minute).Unix()})
	c, err := a.Verify(tok, now)
	if err != nil || c.Camera != 7 || c.Tenant != "100001" || c.User != 9 {
		t.Fatalf("valid token refused: %v %+v", err, c)
	}
	if _, err := a.Verify(tok, now.Add(time.Minute)); err == nil {
		t.Fatal("expired token accepted")
	}
	if _, err := b.Verify(tok, now); err == nil {
		t.Fatal("token of another key accepted")
	}
	forged := b64.EncodeToString([]byte(`{"t":"100002","c":7,"u":9,"e":1900000000}`)) + tok[len(tok)-44:]
	for _, bad := range []string{"", "x", "a.b", tok + "x", forged} {
		if _, err := a.Verify(bad, now); err == nil {
			t.Fatalf("bad token %q accepted", bad)
		}
	}
}
