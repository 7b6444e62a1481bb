package biz

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/timefmt"
)

// Directory reads clients, tenants, roles, departments (blade-system) and
// users (blade-user) for the grants.
type Directory interface {
	Client(ctx context.Context, clientID string) (*Client, error)
	Tenant(ctx context.Context, tenantID string) (*Tenant, error)
	Roles(ctx context.Context, tenantID, roleIDs string) ([]Role, error)
	DeptScope(ctx context.Context, tenantID string, deptIDs []int64) ([]int64, map[int64]string, error)
	FindUser(ctx context.Context, tenantID, account string) (*User, error)
	GetUser(ctx context.Context, tenantID string, id int64) (*User, error)
	UpgradeHash(ctx context.Context, tenantID string, id int64, hash string) error
	BindOAuth(ctx context.Context, tenantID, source string, p SocialProfile) (string, *User, error)
}

// Tokens persists refresh tokens and the login log.
type Tokens interface {
	SaveRefresh(ctx context.Context, t *RefreshToken) error
	FindRefresh(ctx context.Context, hash string) (*RefreshToken, error)
	// MarkUsed flips used_at once; false means the token was already used.
	MarkUsed(ctx context.Context, id int64) (bool, error)
	RevokeFamily(ctx context.Context, family string) error
	Provider(ctx context.Context, tenantID, source string) (*SocialProvider, error)
	// LogLogin writes the audit record of a login attempt.
	LogLogin(ctx context.Context, l *LoginLog) error
}

// ErrProviderAddress: a provider call was refused because its address is
// on this host or an internal network (see security.allowPrivateIdP).
var ErrProviderAddress = errors.New("provider address is internal")

// Social exchanges an authorization code for the person behind it.
type Social interface {
	Exchange(ctx context.Context, p *SocialProvider, code, redirectURI string) (*SocialProfile, error)
}

// Events publishes through the outbox.
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Limits of the login guard.
const (
	MaxAccountFailures = 5
	MaxIPFailures      = 20
	LockFor            = 30 * time.Minute
	CaptchaTTL         = 5 * time.Minute
	RemindWithin       = 30 * 24 * time.Hour
)

// Messages the web and the spec rely on.
const (
	MsgBadCredentials = "用户名或密码错误" //nolint:gosec // G101: a user-facing error message, not a credential
	MsgLocked         = "用户登录失败次数过多,请稍后再试"
	MsgExpired        = "网站服务授权已过期,请重新申请授权"
	MsgBadClient      = "客户端认证失败"
	MsgCaptcha        = "验证码不正确"
	MsgRevoked        = "刷新令牌已失效,请重新登录"
	// MsgGuardDown: the lockout counters or the login log cannot be
	// reached, so no login is decided (fail closed).
	MsgGuardDown = "登录服务暂不可用,请稍后再试"
)

// guardDown refuses a login (503 at the edge) when a security check cannot
// be made; cause is logged, never shown.
func guardDown(what string, cause error) error {
	slog.Error("login refused: "+what, "err", cause)
	return errs.Unavailable(MsgGuardDown)
}

// Auth is blade-auth's use cases.
type Auth struct {
	Dir         Directory
	Tokens      Tokens
	Cache       cache.Cache
	Signer      *authn.Signer
	Social      Social
	Events      Events
	PasswordKey string
	Captcha     bool
	Now         func() time.Time
}

// TokenRequest is a grant request.
type TokenRequest struct {
	ClientID, ClientSecret, TenantID, Username, Password, GrantType string
	RefreshToken, CaptchaKey, CaptchaCode, Source, Code, State      string
	RedirectURI, IP, UserAgent                                      string
}

// TokenResult is everything the token endpoint answers.
type TokenResult struct {
	AccessToken, RefreshToken string
	ExpiresIn                 int
	User                      *User
	Tenant                    *Tenant
	RoleNames, RoleIDs        string
	OAuthID                   string
	Expiration                string
}

func (a *Auth) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Token runs one grant.
func (a *Auth) Token(ctx context.Context, r *TokenRequest) (*TokenResult, error) {
	c, err := a.Dir.Client(ctx, r.ClientID)
	if err != nil || c.Secret != r.ClientSecret {
		return nil, errs.Unauthorized(MsgBadClient)
	}
	grant := strings.TrimSpace(r.GrantType)
	if grant == "" {
		grant = "password"
	}
	switch grant {
	case "password", "captcha":
		if !c.Allows(grant) && !(grant == "captcha" && c.Allows("password")) {
			return nil, errs.BadRequest("客户端不支持该授权类型")
		}
		return a.passwordGrant(ctx, c, r, grant)
	case "refresh_token":
		if !c.Allows("refresh_token") {
			return nil, errs.BadRequest("客户端不支持该授权类型")
		}
		return a.refreshGrant(ctx, c, r)
	case "social":
		if !c.Allows("social") {
			return nil, errs.BadRequest("客户端不支持该授权类型")
		}
		return a.socialGrant(ctx, c, r)
	default:
		return nil, errs.BadRequest("不支持的授权类型: %s", grant)
	}
}

func (a *Auth) tenant(ctx context.Context, id string) (*Tenant, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, errs.BadRequest("请输入租户编号")
	}
	t, err := a.Dir.Tenant(ctx, id)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.BadRequest("租户信息错误")
		}
		return nil, err
	}
	if t.Expire != nil && a.now().After(*t.Expire) {
		return nil, errs.Rule("LICENSE_EXPIRED", MsgExpired)
	}
	return t, nil
}

func (a *Auth) passwordGrant(ctx context.Context, c *Client, r *TokenRequest, grant string) (*TokenResult, error) {
	account := strings.TrimSpace(r.Username)
	fail := func(t *Tenant, reason string, err error) (*TokenResult, error) {
		tid := r.TenantID
		if t != nil {
			tid = t.ID
		}
		if lerr := a.Tokens.LogLogin(ctx, &LoginLog{ID: idgen.Next(), TenantID: tid, Account: account, GrantType: grant, ClientID: c.ID, IP: r.IP, UserAgent: trim(r.UserAgent, 300), Reason: reason, CreatedAt: a.now()}); lerr != nil {
			// The attempt is refused either way; the lost audit record is logged.
			slog.Error("login log write failed", "tenant", tid, "account", account, "reason", reason, "err", lerr)
		}
		return nil, err
	}
	t, err := a.tenant(ctx, r.TenantID)
	if err != nil {
		return fail(nil, errs.Message(err), err)
	}
	if account == "" || r.Password == "" {
		return fail(t, "empty", errs.BadRequest("请输入账号和密码"))
	}
	// The captcha guards the web client's logins (clients that may use the
	// captcha grant); API clients over TLS log in without one.
	if a.Captcha && c.Allows("captcha") {
		if err := a.checkCaptcha(ctx, r.CaptchaKey, r.CaptchaCode); err != nil {
			return fail(t, "captcha", err)
		}
	}
	acctKey, ipKey := failAccountKey(t.ID, account), failIPKey(r.IP)
	// The lockout is checked before the password, so a locked account gives
	// a guesser nothing.
	// Counters that cannot be read decide nothing: the login is refused.
	acctN, ipN, err := a.counts(ctx, acctKey, ipKey, r.IP)
	if err != nil {
		return fail(t, "lockout unreadable", err)
	}
	if acctN >= MaxAccountFailures {
		return fail(t, "locked", errs.BadRequest(MsgLocked))
	}
	if ipN >= MaxIPFailures {
		return fail(t, "ip locked", errs.BadRequest(MsgLocked))
	}
	plain := r.Password
	if c.EncryptPassword {
		if plain, err = authn.DecryptTransport(a.PasswordKey, r.Password); err != nil {
			return fail(t, "cipher", a.failed(ctx, acctKey, ipKey, r.IP))
		}
	}
	u, err := a.Dir.FindUser(ctx, t.ID, account)
	if err != nil && !errs.IsNotFound(err) {
		return nil, err
	}
	if u == nil {
		return fail(t, "no user", a.failed(ctx, acctKey, ipKey, r.IP))
	}
	good, legacy := authn.Check(u.PasswordHash, plain)
	if !good {
		return fail(t, "password", a.failed(ctx, acctKey, ipKey, r.IP))
	}
	switch u.Status {
	case 0:
		return fail(t, "pending", errs.BadRequest("账号正在等待管理员审核"))
	case 2:
		return fail(t, "rejected", errs.BadRequest("账号注册未通过审核,请联系管理员"))
	}
	if err := a.Cache.Del(ctx, acctKey); err != nil {
		// Safe to go on: the counter only says how many attempts failed; a
		// stale one expires after LockFor and at worst locks out early.
		slog.Warn("login failure counter not reset", "tenant", t.ID, "account", account, "err", err)
	}
	if legacy {
		if h, err := authn.Hash(plain); err == nil {
			if err := a.Dir.UpgradeHash(ctx, t.ID, u.ID, h); err != nil {
				slog.Warn("password hash upgrade failed", "tenant", t.ID, "user", u.ID, "err", err)
			}
		}
	}
	res, err := a.issue(ctx, c, t, u, "", "")
	if err != nil {
		return nil, err
	}
	// No audit record, no token: the issued one is never handed out.
	if err := a.Tokens.LogLogin(ctx, &LoginLog{ID: idgen.Next(), TenantID: t.ID, Account: account, GrantType: grant, ClientID: c.ID, IP: r.IP, UserAgent: trim(r.UserAgent, 300), Success: true, CreatedAt: a.now()}); err != nil {
		return nil, guardDown("login log unwritable", err)
	}
	return res, nil
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// counts reads the failure counters of the account and of the address (no
// address, no count) in one round trip.
func (a *Auth) counts(ctx context.Context, acctKey, ipKey, ip string) (acct, byIP int, err error) {
	keys := []string{acctKey}
	if ip != "" {
		keys = append(keys, ipKey)
	}
	got, err := a.Cache.GetMany(ctx, keys)
	if err != nil {
		return 0, 0, guardDown("lockout counters unreadable", err)
	}
	n := func(k string) int {
		v, ok := got[k]
		if !ok {
			return 0
		}
		c, err := strconv.Atoi(v)
		if err != nil {
			// A counter that is not a number was not written by us: count it
			// as spent rather than as zero.
			return MaxIPFailures
		}
		return c
	}
	acct = n(acctKey)
	if ip != "" {
		byIP = n(ipKey)
	}
	return acct, byIP, nil
}

// failed counts a failed attempt and returns the refusal to answer: the
// wrong-credentials message, or, when the attempt could not be counted
// (a guesser would get unlimited tries), the unavailable one.
func (a *Auth) failed(ctx context.Context, acctKey, ipKey, ip string) error {
	if _, err := a.Cache.Incr(ctx, acctKey, LockFor); err != nil {
		return guardDown("login failure not counted", err)
	}
	if ip != "" {
		if _, err := a.Cache.Incr(ctx, ipKey, LockFor); err != nil {
			return guardDown("login failure not counted", err)
		}
	}
	return errs.BadRequest(MsgBadCredentials)
}

func (a *Auth) checkCaptcha(ctx context.Context, key, code string) error {
	if key == "" || code == "" {
		return errs.BadRequest("请输入验证码")
	}
	want, ok, err := a.Cache.Take(ctx, cache.Captcha(key))
	if err != nil {
		return err
	}
	if !ok {
		return errs.BadRequest("验证码已过期,请刷新后重试")
	}
	if !strings.EqualFold(strings.TrimSpace(code), want) {
		return errs.BadRequest(MsgCaptcha)
	}
	return nil
}

// NewCaptcha stores a fresh code and returns its key.
func (a *Auth) NewCaptcha(ctx context.Context, code string) (string, error) {
	key := authn.RandomID(16)
	return key, a.Cache.Set(ctx, cache.Captcha(key), code, CaptchaTTL)
}

func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}

// issue signs an access token and stores a new refresh token (of family, or a new one).
func (a *Auth) issue(ctx context.Context, c *Client, t *Tenant, u *User, oauthID, family string) (*TokenResult, error) {
	if family == "" {
		family = authn.RandomID(16)
	}
	if oauthID == "" {
		oauthID = u.OAuthID
	}
	claims, err := a.claims(ctx, c.ID, t, u, oauthID, family)
	if err != nil {
		return nil, err
	}
	access, _, err := a.Signer.Sign(claims, c.AccessTTL)
	if err != nil {
		return nil, err
	}
	refresh := authn.RandomID(32)
	err = a.Tokens.SaveRefresh(ctx, &RefreshToken{ID: idgen.Next(), Family: family, TokenHash: hashToken(refresh), TenantID: t.ID, UserID: u.ID, OAuthID: oauthID, ClientID: c.ID, ExpiresAt: a.now().Add(c.RefreshTTL), CreatedAt: a.now()})
	if err != nil {
		return nil, err
	}
	res := &TokenResult{AccessToken: access, RefreshToken: refresh, ExpiresIn: int(c.AccessTTL.Seconds()), User: u, Tenant: t, RoleNames: claims.RoleName, RoleIDs: claims.RoleID, OAuthID: oauthID}
	if t.Expire != nil && t.Expire.Sub(a.now()) < RemindWithin {
		res.Expiration = "您的平台服务授权将于 " + timefmt.FormatDate(*t.Expire) + " 到期,请及时联系管理员续期"
	}
	return res, nil
}

// claims are what an access token of u says: roles, data scope and its
// departments, and the session (family) it belongs to.
func (a *Auth) claims(ctx context.Context, clientID string, t *Tenant, u *User, oauthID, family string) (authn.Claims, error) {
	roles, err := a.Dir.Roles(ctx, t.ID, u.RoleIDs)
	if err != nil {
		return authn.Claims{}, err
	}
	var names, ids []string
	super := false
	scope := int32(0)
	for _, r := range roles {
		names = append(names, r.Name)
		ids = append(ids, strconv.FormatInt(r.ID, 10))
		if r.Alias == ident.AliasAdministrator {
			super = true
		}
		scope = widest(scope, r.DataScope)
	}
	if scope == 0 {
		scope = ident.ScopeSelf
	}
	deptIDs, _ := ident.ParseIDs(u.DeptIDs)
	var scopeDepts []int64
	switch scope {
	case ident.ScopeDeptChildren:
		if scopeDepts, _, err = a.Dir.DeptScope(ctx, t.ID, deptIDs); err != nil {
			return authn.Claims{}, err
		}
	case ident.ScopeDept:
		scopeDepts = deptIDs
	}
	return authn.Claims{
		TenantID: t.ID, UserID: strconv.FormatInt(u.ID, 10), Account: u.Account, UserName: cmp.Or(u.RealName, u.Name, u.Account),
		NickName: cmp.Or(u.NickName, u.Name), RoleID: strings.Join(ids, ","), RoleName: strings.Join(names, ","),
		DeptID: u.DeptIDs, PostID: u.PostID, OAuthID: oauthID, ClientID: clientID, DataScope: int(scope), ScopeDepts: scopeDepts,
		Super: super, Family: family,
		// No local user yet (a social login before registration and
		// approval): the token may call only what authn.GuestMayCall allows.
		Guest: u.ID <= 0,
	}, nil
}

// widest picks the wider data scope: all > dept and children > dept > self.
func widest(a, b int32) int32 {
	rank := map[int32]int{ident.ScopeAll: 4, ident.ScopeDeptChildren: 3, ident.ScopeDept: 2, ident.ScopeSelf: 1}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func (a *Auth) refreshGrant(ctx context.Context, c *Client, r *TokenRequest) (*TokenResult, error) {
	raw := strings.TrimSpace(r.RefreshToken)
	if raw == "" {
		return nil, errs.BadRequest("请提供刷新令牌")
	}
	rt, err := a.Tokens.FindRefresh(ctx, hashToken(raw))
	if err != nil {
		return nil, err
	}
	if rt == nil || rt.ClientID != c.ID {
		return nil, errs.BadRequest("刷新令牌无效")
	}
	if rt.Revoked {
		return nil, errs.BadRequest(MsgRevoked)
	}
	if rt.UsedAt != nil {
		// A rotated token came back: someone holds a copy. End the session.
		return nil, a.endSession(ctx, c, rt)
	}
	if a.now().After(rt.ExpiresAt) {
		return nil, errs.BadRequest("刷新令牌已过期,请重新登录")
	}
	v, cut, err := a.Cache.Get(ctx, cache.RevokedBefore(rt.TenantID, rt.UserID))
	if err != nil {
		return nil, guardDown("user token cut-off unreadable", err)
	}
	if cut {
		if t, err := strconv.ParseInt(v, 10, 64); err != nil || rt.CreatedAt.Unix() <= t {
			return nil, errs.BadRequest(MsgRevoked)
		}
	}
	fresh, err := a.Tokens.MarkUsed(ctx, rt.ID)
	if err != nil {
		return nil, err
	}
	if !fresh {
		// Used or revoked between the read and now: a concurrent reuse.
		return nil, a.endSession(ctx, c, rt)
	}
	t, err := a.tenant(ctx, rt.TenantID)
	if err != nil {
		return nil, err
	}
	var u *User
	if rt.UserID > 0 {
		if u, err = a.Dir.GetUser(ctx, rt.TenantID, rt.UserID); err != nil {
			if errs.IsNotFound(err) {
				return nil, errs.BadRequest("账号不存在")
			}
			return nil, err
		}
		if u.Status != 1 {
			return nil, errs.BadRequest("账号不可用")
		}
	} else {
		u = &User{ID: -1, TenantID: rt.TenantID, OAuthID: rt.OAuthID}
	}
	return a.issue(ctx, c, t, u, rt.OAuthID, rt.Family)
}

// endSession answers a refresh-token reuse: the family's refresh tokens are
// revoked and the session goes on the deny-list, so its access tokens stop
// working at once, on every service (authn.Revoked). If either step fails,
// the error is returned (the caller is refused either way) rather than
// reported as done.
func (a *Auth) endSession(ctx context.Context, c *Client, rt *RefreshToken) error {
	slog.Warn("refresh token reuse; ending the session", "tenant", rt.TenantID, "user", rt.UserID, "family", rt.Family)
	if err := a.Tokens.RevokeFamily(ctx, rt.Family); err != nil {
		slog.Error("refresh token reuse: family not revoked", "family", rt.Family, "err", err)
		return err
	}
	if err := a.revokeSession(ctx, rt.Family, c.AccessTTL); err != nil {
		return guardDown("refresh token reuse: session not denied", err)
	}
	return errs.BadRequest(MsgRevoked)
}

// sessionLeeway covers the verifier's clock leeway and a margin.
const sessionLeeway = 30*time.Second + time.Minute

// revokeSession puts a session on the deny-list for as long as any of its
// access tokens can live (accessTTL from now: none is issued after this).
func (a *Auth) revokeSession(ctx context.Context, family string, accessTTL time.Duration) error {
	if family == "" {
		return nil
	}
	return a.Cache.Set(ctx, cache.RevokedSession(family), "1", accessTTL+sessionLeeway)
}

func (a *Auth) socialGrant(ctx context.Context, c *Client, r *TokenRequest) (*TokenResult, error) {
	t, err := a.tenant(ctx, r.TenantID)
	if err != nil {
		return nil, err
	}
	if r.Source == "" || r.Code == "" {
		return nil, errs.BadRequest("缺少第三方登录参数 source 或 code")
	}
	p, err := a.Tokens.Provider(ctx, t.ID, r.Source)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errs.BadRequest("未配置第三方登录: %s", r.Source)
	}
	prof, err := a.Social.Exchange(ctx, p, r.Code, cmp.Or(r.RedirectURI, p.RedirectURI))
	if err != nil {
		slog.Warn("social exchange failed", "tenant", t.ID, "source", r.Source, "err", err)
		if errors.Is(err, ErrProviderAddress) {
			return nil, errs.BadRequest("第三方登录失败: 身份源地址指向本机或内网,已拒绝访问,请联系管理员检查第三方登录配置")
		}
		return nil, errs.BadRequest("第三方登录失败,请重试")
	}
	oauthID, u, err := a.Dir.BindOAuth(ctx, t.ID, r.Source, *prof)
	if err != nil {
		return nil, err
	}
	if u == nil || u.ID <= 0 || u.Status != 1 {
		// Unknown person: a token without a local id; the web shows the
		// registration dialog and the user waits for approval.
		u = &User{ID: -1, TenantID: t.ID, Account: prof.Username, Name: prof.Nickname, NickName: prof.Nickname, Avatar: prof.Avatar, OAuthID: oauthID}
	}
	return a.issue(ctx, c, t, u, oauthID, "")
}

// Logout revokes the caller's access token, its session (every access
// token of the session, at once, on every service) and the session's
// refresh tokens; and the session of a refresh token the caller names.
func (a *Auth) Logout(ctx context.Context, refresh string) error {
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	ttl := time.Until(time.Unix(id.ExpiresAt, 0)) + sessionLeeway
	if err := a.Cache.Set(ctx, cache.RevokedJTI(id.JTI), "1", ttl); err != nil {
		return err
	}
	// Every token of a session is issued by one client with one lifetime,
	// and none after this: the session key outlives them all.
	life := time.Duration(id.ExpiresAt-id.IssuedAt) * time.Second
	if id.Session != "" {
		if err := a.revokeSession(ctx, id.Session, life); err != nil {
			return err
		}
		if err := a.Tokens.RevokeFamily(ctx, id.Session); err != nil {
			return err
		}
	}
	if refresh != "" {
		rt, err := a.Tokens.FindRefresh(ctx, hashToken(refresh))
		if err != nil {
			return err
		}
		if rt != nil && rt.UserID == id.UserID && rt.TenantID == id.TenantID && rt.Family != id.Session {
			if err := a.revokeSession(ctx, rt.Family, life); err != nil {
				return err
			}
			if err := a.Tokens.RevokeFamily(ctx, rt.Family); err != nil {
				return err
			}
		}
	}
	return nil
}

// ClearCache drops what is cached for the caller and tells the services
// holding per-tenant caches to reload.
func (a *Auth) ClearCache(ctx context.Context) error {
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	if err := a.Cache.DelPrefix(ctx, cache.UserCachePrefix(id.TenantID, id.UserID)); err != nil {
		return err
	}
	return a.Events.Add(ctx, "auth.cache.cleared", id.TenantID, map[string]any{"tenantId": id.TenantID, "userId": id.UserID})
}
