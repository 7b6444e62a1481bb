package authn

import (
	"path/filepath"
	"testing"
	"time"

	"anquan/kit/conf"
)

func TestTransportPasswordRoundTripsAndRejectsGarbage(t *testing.T) {
	key := conf.DefaultPasswordKey
	for _, p := range []string{"admin", "123456", "长密码包含中文!", "exactly16bytes!!"} {
		got, err := DecryptTransport(key, EncryptTransport(key, p)) //nolint:gosec // G407: test of the transport cipher with a fixed test key
		if err != nil || got != p {
			t.Fatalf("%q: got %q, %v", p, got, err)
		}
	}
	for _, bad := range []string{"", "not base64!", "YWJj", EncryptTransport("AnotherKey123456", "admin")} { //nolint:gosec // G407: test of the transport cipher with a fixed test key
		if v, err := DecryptTransport(key, bad); err == nil && v == "admin" {
			t.Fatalf("%q decrypted", bad)
		}
	}
}

func TestCheckAcceptsBcryptAndLegacyBladeHashes(t *testing.T) {
	h, err := Hash("secret")
	if err != nil {
		t.Fatal(err)
	}
	if ok, legacy := Check(h, "secret"); !ok || legacy {
		t.Fatal("bcrypt hash must verify, not legacy")
	}
	if ok, _ := Check(h, "wrong"); ok {
		t.Fatal("wrong password verified")
	}
	// Blade stores sha1_hex(md5_hex(password)); admin's is well known.
	if LegacyHash("admin") != "90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad" {
		t.Fatalf("legacy hash of admin: %s", LegacyHash("admin"))
	}
	if ok, legacy := Check(LegacyHash("admin"), "admin"); !ok || !legacy {
		t.Fatal("legacy hash must verify and ask for an upgrade")
	}
}

func TestTokensVerifyOfflineAndExpire(t *testing.T) {
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSigner(keys)
	v := NewVerifier(&Keys{Public: keys.Public})
	tok, jti, err := s.Sign(Claims{TenantID: "100001", UserID: "7", RoleID: "1,2", DeptID: "3,4"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	id, err := v.Verify("bearer " + tok)
	if err != nil {
		t.Fatal(err)
	}
	if id.TenantID != "100001" || id.UserID != 7 || id.JTI != jti || id.DeptID() != 4 || len(id.RoleIDs) != 2 {
		t.Fatalf("identity: %+v", id)
	}
	old, _, _ := s.Sign(Claims{TenantID: "100001", UserID: "7"}, -2*time.Minute)
	if _, err := v.Verify(old); err == nil {
		t.Fatal("expired token verified")
	}
	other, _ := LoadKeys(&conf.Config{Data: t.TempDir()})
	forged, _, _ := (&Signer{keys: other}).Sign(Claims{TenantID: "100001", UserID: "1"}, time.Minute)
	if _, err := v.Verify(forged); err == nil {
		t.Fatal("token of another key verified")
	}
	// Keys persist across restarts of the same data dir.
	again, _ := LoadKeys(c)
	if !again.Public.Equal(keys.Public) {
		t.Fatal("keys regenerated on a warm start")
	}
}

// A key rotation: the new key signs; tokens of the old one verify while its
// public key is listed as previous, and not once it is dropped.
func TestRotatedKeyVerifiesWhileListedAsPrevious(t *testing.T) {
	oldDir, newDir := t.TempDir(), t.TempDir()
	oldKeys, err := LoadKeys(&conf.Config{Data: oldDir})
	if err != nil {
		t.Fatal(err)
	}
	oldTok, _, _ := (&Signer{keys: oldKeys}).Sign(Claims{TenantID: "100001", UserID: "7"}, time.Minute)

	c := &conf.Config{Data: newDir}
	c.Security.JWTPreviousPublicKeys = []string{filepath.Join(oldDir, "keys", "jwt_ed25519.pub.pem")}
	rotated, err := LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	newTok, _, _ := (&Signer{keys: rotated}).Sign(Claims{TenantID: "100001", UserID: "8"}, time.Minute)
	v := NewVerifier(rotated)
	for _, tok := range []string{oldTok, newTok} {
		if _, err := v.Verify(tok); err != nil {
			t.Fatalf("during the overlap: %v", err)
		}
	}
	c.Security.JWTPreviousPublicKeys = nil
	after, _ := LoadKeys(c)
	if _, err := NewVerifier(after).Verify(oldTok); err == nil {
		t.Fatal("a token of a dropped key verified")
	}
	c.Security.JWTPreviousPublicKeys = []string{filepath.Join(oldDir, "missing.pem")}
	if _, err := LoadKeys(c); err == nil {
		t.Fatal("a missing previous key file must stop the start")
	}
}
