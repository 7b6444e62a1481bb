package usertest

import (
	"context"
	"encoding/json"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"anquan/kit/authn"
	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/user/internal/biz"
	"anquan/user/internal/data"
)

// Env is blade-user's use cases on a fresh database.
type Env struct {
	DB     *gorm.DB
	Users  *biz.Users
	System *System
	Auth   *Auth
}

// New opens a SQLite database under t.TempDir, migrates it and wires the
// use cases with the fake blade-system and blade-auth. The outbox
// has no bus: events stay in outbox_event, where tests read them.
func New(t testing.TB) *Env {
	t.Helper()
	// bcrypt's minimum cost keeps the tests fast; the rules do not depend on it.
	authn.HashCost = bcrypt.MinCost
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(context.Background(), c, "user")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := g.DB(); err == nil {
			_ = s.Close()
		}
	})
	if err := data.Migrate(g); err != nil {
		t.Fatal(err)
	}
	sys := NewSystem()
	auth := NewAuth()
	dir := data.Directory{Internal: sys, Posts: sys}
	uc := biz.New(data.Stores(g), data.NewQueries(g), db.NewTransactor(g), outbox.New(g, nil), dir, auth)
	return &Env{DB: g, Users: uc, System: sys, Auth: auth}
}

// Admin is a logged-in administrator of tenant (widest data scope).
func Admin(tenant string, userID int64) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: userID, Account: "admin", DataScope: ident.ScopeAll, Super: true})
}

// Social is a social-login caller without a local account.
func Social(tenant, oauthID string) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: -1, OAuthID: oauthID, DataScope: ident.ScopeAll})
}

// Events returns the data of the outbox events with subject (the
// "anquan." prefix added by the outbox is implied).
func (e *Env) Events(t testing.TB, subject string) []map[string]string {
	t.Helper()
	var rows []outbox.Event
	if err := e.DB.WithContext(ident.AsSystem(context.Background())).Where("subject = ?", bus.SubjectPrefix+subject).Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]map[string]string, 0, len(rows))
	for _, r := range rows {
		var ev bus.Event
		var d map[string]string
		if err := json.Unmarshal([]byte(r.Payload), &ev); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// Create inserts a normal user through the use cases and returns it.
func (e *Env) Create(t testing.TB, ctx context.Context, u *biz.User) *biz.User {
	t.Helper()
	if u.Password == "" {
		u.Password = "123456"
	}
	if err := e.Users.Save(ctx, u); err != nil {
		t.Fatalf("create %s: %v", u.Account, err)
	}
	return u
}
