package db

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"anquan/kit/conf"
	"anquan/kit/ident"
)

type widget struct {
	Base
	Name string
}

// open is dbtest.Open, which this package cannot import (dbtest imports db).
func open(t *testing.T) *gorm.DB {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := Open(context.Background(), c, "scope")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := g.DB(); err == nil {
			_ = s.Close() // best-effort cleanup in a test
		}
	})
	if err := g.WithContext(ident.AsSystem(context.Background())).AutoMigrate(&widget{}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTenantScopeSeparatesTenantsOnEveryVerb(t *testing.T) {
	g := open(t)
	a := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 1, DeptIDs: []int64{9}})
	b := ident.With(context.Background(), &ident.Identity{TenantID: "200002", UserID: 2})
	w := &widget{Name: "A's", Base: Base{TenantID: "200002"}} // the payload's tenant is ignored
	if err := g.WithContext(a).Create(w).Error; err != nil {
		t.Fatal(err)
	}
	if w.ID == 0 || w.TenantID != "100001" || w.CreateUser != 1 || w.CreateDept != 9 || w.CreateTime.IsZero() {
		t.Fatalf("create did not fill id, tenant and audit columns: %+v", w.Base)
	}
	var n int64
	g.WithContext(b).Model(&widget{}).Where("id = ?", w.ID).Count(&n)
	if n != 0 {
		t.Fatal("tenant B counts tenant A's row")
	}
	res := g.WithContext(b).Model(&widget{}).Where("id = ?", w.ID).Update("name", "B was here")
	if res.RowsAffected != 0 {
		t.Fatal("tenant B updated tenant A's row")
	}
	res = g.WithContext(b).Where("id = ?", w.ID).Delete(&widget{})
	if res.RowsAffected != 0 {
		t.Fatal("tenant B deleted tenant A's row")
	}
	var got widget
	if err := g.WithContext(a).Take(&got, w.ID).Error; err != nil || got.Name != "A's" {
		t.Fatalf("tenant A lost its row: %v %+v", err, got)
	}
	// Logically deleted rows disappear from reads.
	g.WithContext(a).Model(&widget{}).Where("id = ?", w.ID).Update("is_deleted", 1)
	g.WithContext(a).Model(&widget{}).Count(&n)
	if n != 0 {
		t.Fatal("deleted row still read")
	}
}

func TestTenantScopeFailsClosedWithoutIdentity(t *testing.T) {
	g := open(t)
	var n int64
	err := g.WithContext(context.Background()).Model(&widget{}).Count(&n).Error
	if !errors.Is(err, ErrNoTenant) {
		t.Fatalf("want ErrNoTenant, got %v", err)
	}
	if err := g.WithContext(context.Background()).Create(&widget{Name: "x"}).Error; !errors.Is(err, ErrNoTenant) {
		t.Fatalf("create without identity: %v", err)
	}
}
