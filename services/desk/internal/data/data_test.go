package data

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/desk/internal/biz"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
)

const tenant = "100001"

func openDB(t testing.TB) *gorm.DB { return dbtest.Open(t, "desk", Migrate) }

func inTenant() context.Context { return ident.ForTenant(context.Background(), tenant) }

func addNotice(t *testing.T, g *gorm.DB, a biz.Audience) *biz.Notice {
	t.Helper()
	n := &biz.Notice{MessageTitle: "t", MessageContent: "c", Type: biz.TypeNotice, MessagePushTime: time.Now()}
	n.Status = biz.StatusNormal
	n.SetAudience(a)
	if err := NewNotices(g).Create(inTenant(), n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The audience rule lives in biz (VisibleTo) and in SQL (audience); every
// case must come out the same both ways.
func TestAudienceRuleAgreesInGoAndSQL(t *testing.T) {
	g := openDB(t)
	q := NewQueries(g)
	reader := biz.Viewer{UserID: 7, DeptIDs: []int64{10, 11}, RoleIDs: []int64{20}}
	cases := []struct {
		name   string
		to     biz.Audience
		viewer biz.Viewer
		sees   bool
	}{
		{"whole tenant", biz.Audience{Scope: biz.ScopeTenant}, reader, true},
		{"whole tenant, reader without dept or role", biz.Audience{Scope: biz.ScopeTenant}, biz.Viewer{UserID: 8}, true},
		{"one of the reader's depts", biz.Audience{Scope: biz.ScopeDept, DeptIDs: []int64{3, 11}}, reader, true},
		{"other depts", biz.Audience{Scope: biz.ScopeDept, DeptIDs: []int64{1, 110}}, reader, false},
		{"dept id that only shares digits", biz.Audience{Scope: biz.ScopeDept, DeptIDs: []int64{100, 210}}, reader, false},
		{"the reader by id", biz.Audience{Scope: biz.ScopeUser, UserIDs: []int64{5, 7}}, reader, true},
		{"other users", biz.Audience{Scope: biz.ScopeUser, UserIDs: []int64{77, 70}}, reader, false},
		{"one of the reader's roles", biz.Audience{Scope: biz.ScopeRole, RoleIDs: []int64{20}}, reader, true},
		{"other roles", biz.Audience{Scope: biz.ScopeRole, RoleIDs: []int64{2, 200}}, reader, false},
		{"reader with no dept, dept notice", biz.Audience{Scope: biz.ScopeDept, DeptIDs: []int64{10}}, biz.Viewer{UserID: 7}, false},
		{"lists other than the scope's are ignored", biz.Audience{Scope: biz.ScopeRole, RoleIDs: []int64{2}, UserIDs: []int64{7}}, reader, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := addNotice(t, g, c.to)
			if got := n.VisibleTo(c.viewer); got != c.sees {
				t.Errorf("VisibleTo = %v, want %v", got, c.sees)
			}
			ids, err := q.Visible(inTenant(), c.viewer, []int64{n.ID})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(ids) == 1; got != c.sees {
				t.Errorf("SQL audience = %v, want %v", got, c.sees)
			}
		})
	}
}

func TestAddOnceStoresOneMessagePerSourceEvent(t *testing.T) {
	g := openDB(t)
	q := NewQueries(g)
	src := "evt-1"
	for i := 0; i < 2; i++ {
		n := &biz.Notice{MessageTitle: "t", MessageContent: "c", Type: biz.TypeMessage, MessagePushTime: time.Now(), SourceEvent: &src}
		n.SetAudience(biz.Audience{Scope: biz.ScopeTenant})
		added, err := q.AddOnce(inTenant(), n)
		if err != nil {
			t.Fatal(err)
		}
		if added != (i == 0) {
			t.Fatalf("attempt %d: added = %v", i+1, added)
		}
	}
	var n int64
	g.WithContext(inTenant()).Model(&biz.Notice{}).Where("source_event = ?", src).Count(&n)
	if n != 1 {
		t.Fatalf("messages for one event = %d, want 1", n)
	}
}

func TestMigrateTwiceKeepsTheIndexes(t *testing.T) {
	g := openDB(t)
	if err := Migrate(g); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	for _, ix := range indexes {
		if !g.Migrator().HasIndex(ix.Table, ix.Name) {
			t.Errorf("index %s missing", ix.Name)
		}
	}
	for _, name := range []string{"uk_notice_read", "idx_notice_read_user"} {
		if !g.Migrator().HasIndex(&biz.NoticeRead{}, name) {
			t.Errorf("index %s missing", name)
		}
	}
}
