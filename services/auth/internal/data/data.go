// Package data stores blade-auth's refresh tokens, social providers and
// login log.
package data

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"anquan/auth/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

// Migrate creates the tables.
func Migrate(g *gorm.DB) error {
	ctx := ident.AsSystem(context.Background())
	if err := g.WithContext(ctx).AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	return outbox.Migrate(g.WithContext(ctx))
}

// Providers is the generic repository of social providers.
func Providers(g *gorm.DB) *crud.Repo[biz.SocialProvider] {
	return crud.New[biz.SocialProvider](g, crud.Spec{Name: "第三方登录配置", Filters: paging.Fields{"source": "source", "name": "name", "createTime": "create_time"}})
}

// ApiKeys is the generic repository of the assistant's API keys.
func ApiKeys(g *gorm.DB) *crud.Repo[biz.ApiKey] {
	return crud.New[biz.ApiKey](g, crud.Spec{Name: "API 密钥", Filters: paging.Fields{"name": "name", "account": "account", "userName": "user_name", "userId": "user_id"}})
}

// Tokens implements biz.Tokens. Refresh tokens are platform rows: every
// query names its tenant or token hash explicitly, so it runs as system.
type Tokens struct {
	DB *gorm.DB
}

func (t Tokens) conn(ctx context.Context) *gorm.DB { return db.Conn(ident.AsSystem(ctx), t.DB) }

func (t Tokens) SaveRefresh(ctx context.Context, r *biz.RefreshToken) error {
	return t.conn(ctx).Create(r).Error
}

func (t Tokens) FindRefresh(ctx context.Context, hash string) (*biz.RefreshToken, error) {
	var r biz.RefreshToken
	err := t.conn(ctx).Where("token_hash = ?", hash).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &r, err
}

func (t Tokens) MarkUsed(ctx context.Context, id int64) (bool, error) {
	now := time.Now()
	res := t.conn(ctx).Model(&biz.RefreshToken{}).Where("id = ? AND used_at IS NULL AND revoked = ?", id, false).Update("used_at", &now)
	return res.RowsAffected == 1, res.Error
}

func (t Tokens) RevokeFamily(ctx context.Context, family string) error {
	return t.conn(ctx).Model(&biz.RefreshToken{}).Where("family = ?", family).Update("revoked", true).Error
}

func (t Tokens) Provider(ctx context.Context, tenantID, source string) (*biz.SocialProvider, error) {
	var p biz.SocialProvider
	err := db.Conn(ident.ForTenant(ctx, tenantID), t.DB).Where("source = ? AND status = 1", source).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &p, err
}

func (t Tokens) LogLogin(ctx context.Context, l *biz.LoginLog) error {
	return t.conn(ctx).Create(l).Error
}

// PurgeExpired deletes refresh tokens past their end (run daily).
func (t Tokens) PurgeExpired(ctx context.Context) {
	if err := t.conn(ctx).Where("expires_at < ?", time.Now().Add(-24*time.Hour)).Delete(&biz.RefreshToken{}).Error; err != nil {
		// Expired rows are refused when read; they only take space until the next run.
		slog.Warn("expired refresh tokens not purged", "err", err)
	}
}
