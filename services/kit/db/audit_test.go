package db_test

import (
	"context"
	"strconv"
	"testing"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
)

type widget struct {
	db.Base
	Name  string `gorm:"size:50;not null"`
	Count int32  `gorm:"not null;default:0"`
}

func (widget) TableName() string { return "widget" }

func openAudited(t *testing.T) *gorm.DB {
	g := dbtest.Open(t, "audittest", func(g *gorm.DB) error { return g.AutoMigrate(&widget{}) })
	if err := db.MigrateAudit(g); err != nil {
		t.Fatal(err)
	}
	if err := db.EnableAudit(g); err != nil {
		t.Fatal(err)
	}
	db.NameEntity("widget", "部件")
	return g
}

func logs(t *testing.T, g *gorm.DB) []db.AuditLog {
	var out []db.AuditLog
	if err := g.WithContext(ident.AsSystem(context.Background())).Order("create_time, id").Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryWriteIsAudited: a create, an update through the model, an
// update by condition, a logical delete and a physical delete each leave
// one row with who, the tenant, the ids, the columns and the digests.
func TestEveryWriteIsAudited(t *testing.T) {
	g := openAudited(t)
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 7, Account: "safety"})
	w := &widget{Name: "阀门"}
	if err := g.WithContext(ctx).Create(w).Error; err != nil {
		t.Fatal(err)
	}
	if err := g.WithContext(ctx).Model(&widget{}).Where("id = ?", w.ID).Updates(map[string]any{"name": "阀门2", "count": 3}).Error; err != nil {
		t.Fatal(err)
	}
	w.Name = "阀门3"
	if err := g.WithContext(ctx).Model(w).Updates(widget{Name: "阀门3"}).Error; err != nil {
		t.Fatal(err)
	}
	if err := g.WithContext(ctx).Model(&widget{}).Where("id = ?", w.ID).Update("is_deleted", 1).Error; err != nil {
		t.Fatal(err)
	}
	if err := g.WithContext(ctx).Unscoped().Where("id = ?", w.ID).Delete(&widget{}).Error; err != nil {
		t.Fatal(err)
	}
	// Another tenant's id matches nothing: no entry.
	other := ident.With(context.Background(), &ident.Identity{TenantID: "300001", UserID: 9, Account: "b"})
	if err := g.WithContext(other).Model(&widget{}).Where("id = ?", w.ID).Update("name", "x").Error; err != nil {
		t.Fatal(err)
	}
	got := logs(t, g)
	want := []struct{ op, changes string }{{"create", ""}, {"update", "count,name"}, {"update", "name"}, {"delete", "is_deleted"}, {"delete", ""}}
	if len(got) != len(want) {
		t.Fatalf("%d entries: %+v", len(got), got)
	}
	id := w.ID
	for i, e := range got {
		if e.Op != want[i].op || e.Changes != want[i].changes || e.TenantID != "100001" || e.UserID != 7 || e.Account != "safety" ||
			e.Entity != "widget" || e.EntityName != "部件" || e.RecordIDs != itoa(id) || e.Rows != 1 {
			t.Errorf("entry %d: %+v", i, e)
		}
		if (e.Op != "create") != (e.BeforeDigest != "") {
			t.Errorf("entry %d before digest %q", i, e.BeforeDigest)
		}
	}
	if got[1].BeforeDigest == got[2].BeforeDigest {
		t.Error("the row changed but its before digests are equal")
	}
}

// TestAFailedAuditFailsTheWrite: with the audit table gone, a write is
// refused and leaves nothing behind (fail closed).
func TestAFailedAuditFailsTheWrite(t *testing.T) {
	g := openAudited(t)
	if err := g.Migrator().DropTable(&db.AuditLog{}); err != nil {
		t.Fatal(err)
	}
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 7})
	if err := g.WithContext(ctx).Create(&widget{Name: "x"}).Error; err == nil {
		t.Fatal("a write without its audit row succeeded")
	}
	var n int64
	g.WithContext(ctx).Model(&widget{}).Count(&n)
	if n != 0 {
		t.Fatalf("%d rows written without an audit", n)
	}
}

func itoa(v int64) string { return fmtInt(v) }

func fmtInt(v int64) string {
	return strconv.FormatInt(v, 10)
}
