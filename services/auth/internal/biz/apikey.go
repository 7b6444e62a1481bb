package biz

import (
	"cmp"
	"context"
	"strconv"
	"strings"
	"time"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// ApiKey is a key a tenant admin issued to a user for the assistant's
// OpenAI-compatible endpoint. Only the SHA-256 of the secret is stored; the
// secret itself is answered once, when the key is made.
type ApiKey struct {
	db.Base
	Name           string     `gorm:"size:50;not null"`
	Prefix         string     `gorm:"size:20;not null"`
	KeyHash        string     `gorm:"size:64;uniqueIndex;not null"`
	UserID         int64      `gorm:"not null;index"`
	Account        string     `gorm:"size:100;not null"`
	UserName       string     `gorm:"size:100;not null;default:''"`
	ExpireTime     time.Time  `gorm:"not null"`
	LastUsedTime   *time.Time ``
	CreateUserName string     `gorm:"size:100;not null;default:''"`
}

func (ApiKey) TableName() string { return "auth_api_key" }

// Rules of API keys.
const (
	// KeyTokenTTL is the life of an access token minted for a key: the
	// gateway keeps it for less, and a revoked key's token dies with its
	// session within this time anyway.
	KeyTokenTTL = 10 * time.Minute
	// KeyClientID is the client id in the claims of a key's tokens.
	KeyClientID = "api_key"
	// MaxKeysPerUser bounds the keys in force of one user.
	MaxKeysPerUser      = 10
	DefaultKeyDays      = 90
	MaxKeyDays          = 365
	keyTouchEvery       = time.Minute
	MsgBadKey           = authn.MsgBadKey
	keySessionPrefix    = "key-"
	keyVisiblePrefixLen = 10
)

// KeySession is the token session of a key: revoking the key revokes it,
// so a token minted before the revocation is refused at once.
func KeySession(id int64) string { return keySessionPrefix + strconv.FormatInt(id, 10) }

// ApiKeys is the key store and the rules around it.
type ApiKeys struct {
	Auth *Auth
	Repo *crud.Repo[ApiKey]
}

// Create issues a key for a user of the caller's tenant; the answer holds
// the only copy of the secret.
func (k *ApiKeys) Create(ctx context.Context, userID int64, name string, days int) (*ApiKey, string, error) {
	id := ident.From(ctx)
	if id == nil || id.TenantID == "" {
		return nil, "", errs.Unauthorized("")
	}
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return nil, "", errs.BadRequest("请填写密钥名称")
	case len([]rune(name)) > 50:
		return nil, "", errs.BadRequest("密钥名称不能超过50个字")
	case userID <= 0:
		return nil, "", errs.BadRequest("请选择密钥使用人")
	}
	if days == 0 {
		days = DefaultKeyDays
	}
	if days < 1 || days > MaxKeyDays {
		return nil, "", errs.BadRequest("有效期须为1-%d天", MaxKeyDays)
	}
	u, err := k.Auth.Dir.GetUser(ctx, id.TenantID, userID)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, "", errs.BadRequest("密钥使用人不存在")
		}
		return nil, "", err
	}
	if u == nil || u.ID <= 0 {
		return nil, "", errs.BadRequest("密钥使用人不存在")
	}
	if u.Status != 1 {
		return nil, "", errs.BadRequest("密钥使用人的账号未启用,不能签发密钥")
	}
	now := k.Auth.now()
	var n int64
	if err := k.Repo.Conn(ctx).Where("user_id = ? AND expire_time > ?", userID, now).Count(&n).Error; err != nil {
		return nil, "", err
	}
	if n >= MaxKeysPerUser {
		return nil, "", errs.BadRequest("该用户的有效密钥已达%d个,请先吊销不用的密钥", MaxKeysPerUser)
	}
	secret := authn.APIKeyPrefix + authn.RandomID(24)
	key := &ApiKey{Name: name, Prefix: secret[:keyVisiblePrefixLen], KeyHash: hashToken(secret), UserID: u.ID, Account: u.Account,
		UserName: cmp.Or(u.RealName, u.Name, u.Account), ExpireTime: now.AddDate(0, 0, days), CreateUserName: id.UserName}
	if err := k.Repo.Create(ctx, key); err != nil {
		return nil, "", err
	}
	return key, secret, nil
}

// Page lists the tenant's keys (never a secret: only its prefix).
func (k *ApiKeys) Page(ctx context.Context, q paging.Query) (*paging.Page[ApiKey], error) {
	return k.Repo.Page(ctx, q)
}

// Revoke removes keys of the caller's tenant and ends their tokens at once.
func (k *ApiKeys) Revoke(ctx context.Context, ids []int64) error {
	if err := k.Repo.Remove(ctx, ids); err != nil {
		return err
	}
	for _, id := range ids {
		if err := k.Auth.Cache.Set(ctx, cache.RevokedSession(KeySession(id)), "1", KeyTokenTTL+sessionLeeway); err != nil {
			// The key row is gone, so no new token is minted; one already
			// minted would live out its minutes: say so instead of hiding it.
			return errs.Unavailable("密钥已吊销,但令牌黑名单暂不可写,已签发的令牌最长%d分钟内仍可用", int(KeyTokenTTL.Minutes()))
		}
	}
	return nil
}

// Token mints a short-lived access token of the key's user (for the
// gateway; the key's holder never sees it). Refused alike for an unknown,
// revoked or expired key; refused when the user or the tenant may not sign
// in any more.
func (k *ApiKeys) Token(ctx context.Context, secret string) (string, int, error) {
	secret = strings.TrimSpace(secret)
	if !authn.IsAPIKey(secret) || len(secret) > 100 {
		return "", 0, errs.Unauthorized(MsgBadKey)
	}
	key, err := k.Repo.FindBy(ident.AsSystem(ctx), "key_hash = ?", hashToken(secret))
	if err != nil {
		return "", 0, err
	}
	now := k.Auth.now()
	if key == nil || !now.Before(key.ExpireTime) {
		return "", 0, errs.Unauthorized(MsgBadKey)
	}
	t, err := k.Auth.tenant(ctx, key.TenantID)
	if err != nil {
		return "", 0, err
	}
	u, err := k.Auth.Dir.GetUser(ctx, key.TenantID, key.UserID)
	if err != nil && !errs.IsNotFound(err) {
		return "", 0, err
	}
	if u == nil || u.ID <= 0 || u.Status != 1 {
		return "", 0, errs.Unauthorized(MsgBadKey)
	}
	claims, err := k.Auth.claims(ctx, KeyClientID, t, u, "", KeySession(key.ID))
	if err != nil {
		return "", 0, err
	}
	tok, _, err := k.Auth.Signer.Sign(claims, KeyTokenTTL)
	if err != nil {
		return "", 0, err
	}
	if key.LastUsedTime == nil || now.Sub(*key.LastUsedTime) > keyTouchEvery {
		// Best effort: when it was last used is a hint for the admin, not a
		// reason to refuse a call.
		_ = k.Repo.Conn(ident.ForTenant(ctx, key.TenantID)).Where("id = ?", key.ID).UpdateColumn("last_used_time", now).Error
	}
	return tok, int(KeyTokenTTL.Seconds()), nil
}
