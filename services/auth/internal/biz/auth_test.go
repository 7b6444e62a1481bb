package biz

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/errs"
	"anquan/kit/ident"

	"google.golang.org/grpc/codes"
)

type fakeDir struct{ users map[string]*User }

func (f *fakeDir) Client(_ context.Context, id string) (*Client, error) {
	switch id {
	case "saber":
		return &Client{ID: "saber", Secret: "saber_secret", GrantTypes: []string{"password", "captcha", "refresh_token"}, AccessTTL: time.Hour, RefreshTTL: time.Hour, EncryptPassword: true}, nil
	case "api":
		return &Client{ID: "api", Secret: "api_secret", GrantTypes: []string{"password", "refresh_token"}, AccessTTL: time.Hour, RefreshTTL: time.Hour}, nil
	}
	return nil, errs.NotFound("no client")
}

func (f *fakeDir) Tenant(_ context.Context, id string) (*Tenant, error) {
	if id != "100001" {
		return nil, errs.NotFound("no tenant")
	}
	return &Tenant{ID: id, Name: "demo"}, nil
}

func (f *fakeDir) Roles(_ context.Context, _, ids string) ([]Role, error) {
	var out []Role
	for _, id := range strings.Split(ids, ",") {
		switch id {
		case "1":
			out = append(out, Role{ID: 1, Name: "作业人员", Alias: "operator", DataScope: ident.ScopeSelf})
		case "2":
			out = append(out, Role{ID: 2, Name: "车间主任", Alias: "director", DataScope: ident.ScopeDeptChildren})
		}
	}
	return out, nil
}

func (f *fakeDir) DeptScope(_ context.Context, _ string, ids []int64) ([]int64, map[int64]string, error) {
	return append(ids, 99), nil, nil
}

func (f *fakeDir) FindUser(_ context.Context, _, account string) (*User, error) {
	return f.users[account], nil
}

func (f *fakeDir) GetUser(_ context.Context, _ string, id int64) (*User, error) {
	for _, u := range f.users {
		if u.ID == id {
			return u, nil
		}
	}
	return nil, errs.NotFound("no user")
}

func (f *fakeDir) UpgradeHash(context.Context, string, int64, string) error { return nil }

func (f *fakeDir) BindOAuth(context.Context, string, string, SocialProfile) (string, *User, error) {
	return "", nil, nil
}

type memTokens struct {
	mu        sync.Mutex
	rows      map[string]*RefreshToken
	logErr    error // LogLogin fails with it
	revokeErr error // RevokeFamily fails with it
}

func (m *memTokens) SaveRefresh(_ context.Context, t *RefreshToken) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rows[t.TokenHash] = t
	return nil
}

func (m *memTokens) FindRefresh(_ context.Context, h string) (*RefreshToken, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r, ok := m.rows[h]; ok {
		c := *r
		return &c, nil
	}
	return nil, nil
}

func (m *memTokens) MarkUsed(_ context.Context, id int64) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.rows {
		if r.ID == id && r.UsedAt == nil && !r.Revoked {
			now := time.Now()
			r.UsedAt = &now
			return true, nil
		}
	}
	return false, nil
}

func (m *memTokens) RevokeFamily(_ context.Context, f string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.revokeErr != nil {
		return m.revokeErr
	}
	for _, r := range m.rows {
		if r.Family == f {
			r.Revoked = true
		}
	}
	return nil
}

func (m *memTokens) Provider(context.Context, string, string) (*SocialProvider, error) {
	return nil, nil
}
func (m *memTokens) LogLogin(context.Context, *LoginLog) error { return m.logErr }

type noEvents struct{}

func (noEvents) Add(context.Context, string, string, any) error { return nil }

func newAuth(t *testing.T, captcha bool) *Auth {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := authn.LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := authn.NewSigner(keys)
	hash, _ := authn.Hash("123456")
	dir := &fakeDir{users: map[string]*User{
		"op":  {ID: 7, TenantID: "100001", Account: "op", PasswordHash: hash, Status: 1, RoleIDs: "1", DeptIDs: "5"},
		"dir": {ID: 8, TenantID: "100001", Account: "dir", PasswordHash: hash, Status: 1, RoleIDs: "1,2", DeptIDs: "5"},
		"new": {ID: 9, TenantID: "100001", Account: "new", PasswordHash: hash, Status: 0},
	}}
	return &Auth{Dir: dir, Tokens: &memTokens{rows: map[string]*RefreshToken{}}, Cache: cache.NewMemory(), Signer: signer,
		Events: noEvents{}, PasswordKey: conf.DefaultPasswordKey, Captcha: captcha}
}

func pw(account, password string) *TokenRequest {
	return &TokenRequest{ClientID: "api", ClientSecret: "api_secret", TenantID: "100001", Username: account, Password: password, GrantType: "password", IP: "10.0.0.1"}
}

func TestLockoutBoundaryIsTheFifthFailure(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	for i := 1; i <= 4; i++ {
		if _, err := a.Token(ctx, pw("op", "bad")); errs.Message(err) != MsgBadCredentials {
			t.Fatalf("failure %d: %v", i, err)
		}
	}
	if _, err := a.Token(ctx, pw("op", "123456")); err != nil {
		t.Fatalf("4 failures must not lock: %v", err)
	}
	for i := 1; i <= 5; i++ {
		_, _ = a.Token(ctx, pw("op", "bad"))
	}
	if _, err := a.Token(ctx, pw("op", "123456")); errs.Message(err) != MsgLocked {
		t.Fatalf("5 failures must lock before the password is checked: %v", err)
	}
}

func TestGrantRules(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		captcha bool
		req     *TokenRequest
		want    string // "" = success
	}{
		{"api client, plain password", true, pw("op", "123456"), ""},
		{"pending registration", false, pw("new", "123456"), "审核"},
		{"unknown tenant", false, &TokenRequest{ClientID: "api", ClientSecret: "api_secret", TenantID: "999999", Username: "op", Password: "123456"}, "租户"},
		{"bad client secret", false, &TokenRequest{ClientID: "api", ClientSecret: "x", TenantID: "100001", Username: "op", Password: "123456"}, MsgBadClient},
		{"web client needs the captcha", true, &TokenRequest{ClientID: "saber", ClientSecret: "saber_secret", TenantID: "100001", Username: "op", Password: authn.EncryptTransport(conf.DefaultPasswordKey, "123456"), GrantType: "captcha"}, "验证码"},
		{"web client with captcha off", false, &TokenRequest{ClientID: "saber", ClientSecret: "saber_secret", TenantID: "100001", Username: "op", Password: authn.EncryptTransport(conf.DefaultPasswordKey, "123456"), GrantType: "captcha"}, ""},
		{"web client sending plain text", false, &TokenRequest{ClientID: "saber", ClientSecret: "saber_secret", TenantID: "100001", Username: "op", Password: "123456", GrantType: "password"}, MsgBadCredentials},
		{"grant the client lacks", false, &TokenRequest{ClientID: "api", ClientSecret: "api_secret", TenantID: "100001", GrantType: "social"}, "不支持"},
	}
	for _, c := range cases {
		_, err := newAuth(t, c.captcha).Token(ctx, c.req)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(errs.Message(err), c.want)) {
			t.Errorf("%s: want %q, got %v", c.name, c.want, err)
		}
	}
}

func TestTokenCarriesTheWidestDataScope(t *testing.T) {
	a := newAuth(t, false)
	res, err := a.Token(context.Background(), pw("dir", "123456"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := authn.NewVerifier(&authn.Keys{Public: a.Signer.PublicKey()}).Verify(res.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if id.DataScope != ident.ScopeDeptChildren || len(id.ScopeDepts) != 2 || id.RoleNames != "作业人员,车间主任" {
		t.Fatalf("identity: scope %d depts %v roles %q", id.DataScope, id.ScopeDepts, id.RoleNames)
	}
}

func TestReusedRefreshTokenEndsTheSession(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	first, err := a.Token(ctx, pw("op", "123456"))
	if err != nil {
		t.Fatal(err)
	}
	refresh := func(rt string) (*TokenResult, error) {
		return a.Token(ctx, &TokenRequest{ClientID: "api", ClientSecret: "api_secret", GrantType: "refresh_token", RefreshToken: rt})
	}
	second, err := refresh(first.RefreshToken)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := refresh(first.RefreshToken); err == nil {
		t.Fatal("a rotated token was accepted again")
	}
	if _, err := refresh(second.RefreshToken); err == nil {
		t.Fatal("the session survived the reuse")
	}
}

func TestReusedRefreshTokenDeniesTheSessionsAccessTokens(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	first, err := a.Token(ctx, pw("op", "123456"))
	if err != nil {
		t.Fatal(err)
	}
	v := authn.NewVerifier(&authn.Keys{Public: a.Signer.PublicKey()})
	id, err := v.Verify(first.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if revoked, err := authn.Revoked(ctx, a.Cache, id); err != nil || revoked {
		t.Fatalf("fresh token: revoked %v, err %v", revoked, err)
	}
	refresh := func(rt string) error {
		_, err := a.Token(ctx, &TokenRequest{ClientID: "api", ClientSecret: "api_secret", GrantType: "refresh_token", RefreshToken: rt})
		return err
	}
	if err := refresh(first.RefreshToken); err != nil {
		t.Fatal(err)
	}
	if err := refresh(first.RefreshToken); errs.Message(err) != MsgRevoked {
		t.Fatalf("reuse: %v", err)
	}
	if revoked, err := authn.Revoked(ctx, a.Cache, id); err != nil || !revoked {
		t.Fatalf("after reuse the session's access token must be revoked: revoked %v, err %v", revoked, err)
	}
}

func TestReuseWhoseRevocationFailsIsNotReportedAsDone(t *testing.T) {
	a := newAuth(t, false)
	ctx := context.Background()
	first, err := a.Token(ctx, pw("op", "123456"))
	if err != nil {
		t.Fatal(err)
	}
	req := &TokenRequest{ClientID: "api", ClientSecret: "api_secret", GrantType: "refresh_token", RefreshToken: first.RefreshToken}
	if _, err := a.Token(ctx, req); err != nil {
		t.Fatal(err)
	}
	a.Tokens.(*memTokens).revokeErr = errors.New("database gone")
	if _, err := a.Token(ctx, req); err == nil || errs.Message(err) == MsgRevoked {
		t.Fatalf("a failed revocation must surface as an error, got %v", err)
	}
}

// failingCache answers nothing, as a Redis that does not answer.
type failingCache struct{ cache.Cache }

var errDown = errors.New("cache down")

func (failingCache) Get(context.Context, string) (string, bool, error) { return "", false, errDown }
func (failingCache) GetMany(context.Context, []string) (map[string]string, error) {
	return nil, errDown
}
func (failingCache) Incr(context.Context, string, time.Duration) (int64, error) { return 0, errDown }
func (failingCache) Set(context.Context, string, string, time.Duration) error   { return errDown }

func TestLoginFailsClosedWhenItsGuardsCannotBeReached(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		breakIt func(a *Auth)
		req     *TokenRequest
	}{
		{"lockout counters unreadable, right password", func(a *Auth) { a.Cache = failingCache{a.Cache} }, pw("op", "123456")},
		{"lockout counters unreadable, wrong password", func(a *Auth) { a.Cache = failingCache{a.Cache} }, pw("op", "bad")},
		{"login log unwritable", func(a *Auth) { a.Tokens.(*memTokens).logErr = errors.New("database gone") }, pw("op", "123456")},
	}
	for _, c := range cases {
		a := newAuth(t, false)
		c.breakIt(a)
		res, err := a.Token(ctx, c.req)
		if res != nil || errs.Code(err) != codes.Unavailable || errs.Message(err) != MsgGuardDown {
			t.Errorf("%s: want refusal %q (Unavailable), got %v %v", c.name, MsgGuardDown, res, err)
		}
	}
}

func TestFailedAttemptThatCannotBeCountedIsRefusedAsUnavailable(t *testing.T) {
	a := newAuth(t, false)
	a.Cache = incrFails{a.Cache}
	if _, err := a.Token(context.Background(), pw("op", "bad")); errs.Code(err) != codes.Unavailable {
		t.Fatalf("an uncounted failure must not read as a plain wrong password: %v", err)
	}
}

type incrFails struct{ cache.Cache }

func (incrFails) Incr(context.Context, string, time.Duration) (int64, error) { return 0, errDown }
