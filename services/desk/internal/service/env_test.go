package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/desk/internal/biz"
	"anquan/desk/internal/data"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/desk/v1"
)

const (
	tenantA = "100001"
	tenantB = "100002"
)

// fakeSystem stands in for blade-system: departments, roles and licence
// ends per tenant; down makes every call fail as an unreachable service would.
type fakeSystem struct {
	depts  map[string][]int64
	roles  map[string][]biz.Role
	expiry map[string]*time.Time
	down   bool
}

var errDown = errors.New("blade-system unreachable")

func (f *fakeSystem) TenantExpiry(_ context.Context, tenantID string) (*time.Time, error) {
	if f.down {
		return nil, errDown
	}
	return f.expiry[tenantID], nil
}

func (f *fakeSystem) Roles(_ context.Context, tenantID string) ([]biz.Role, error) {
	if f.down {
		return nil, errDown
	}
	return f.roles[tenantID], nil
}

func (f *fakeSystem) DeptIDs(_ context.Context, tenantID string) ([]int64, error) {
	if f.down {
		return nil, errDown
	}
	return f.depts[tenantID], nil
}

// env is desk's handlers over a SQLite database in a temporary folder.
type env struct {
	t   *testing.T
	g   *gorm.DB
	uc  *biz.Desk
	h   *Desk
	sys *fakeSystem
}

// Roles of tenant A: 20 administrators, 21 staff. Departments: 10, 11.
const (
	roleAdmin = 20
	roleStaff = 21
)

func newEnv(t *testing.T) *env {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(context.Background(), c, "desk")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := g.DB(); err == nil {
			_ = s.Close() // best-effort cleanup in a test
		}
	})
	if err := data.Migrate(g); err != nil {
		t.Fatal(err)
	}
	sys := &fakeSystem{
		depts:  map[string][]int64{tenantA: {10, 11}, tenantB: {12}},
		roles:  map[string][]biz.Role{tenantA: {{ID: roleAdmin, Alias: biz.AdminAlias}, {ID: roleStaff, Alias: "staff"}}, tenantB: {{ID: 30, Alias: "staff"}}},
		expiry: map[string]*time.Time{},
	}
	uc := biz.New(data.NewNotices(g), data.NewQueries(g), db.NewTransactor(g), sys, outbox.New(g, nil))
	return &env{t: t, g: g, uc: uc, h: New(uc), sys: sys}
}

// user is a logged-in caller.
func user(tenant string, id int64, depts, roles []int64) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: id, UserName: "张三", Account: "zhangsan", DeptIDs: depts, RoleIDs: roles, DataScope: ident.ScopeAll})
}

// submit publishes p as ctx's caller and returns the new notice's id.
func (e *env) submit(ctx context.Context, p *pb.Notice) int64 {
	e.t.Helper()
	if _, err := e.h.NoticeSubmit(ctx, p); err != nil {
		e.t.Fatalf("submit %q: %v", p.MessageTitle, err)
	}
	var n biz.Notice
	if err := e.g.WithContext(ident.AsSystem(ctx)).Where("message_title = ?", p.MessageTitle).Order("id desc").Take(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n.ID
}

func (e *env) unread(ctx context.Context) int32 {
	e.t.Helper()
	n, err := e.h.UnreadCount(ctx, &commonv1.Empty{})
	if err != nil {
		e.t.Fatal(err)
	}
	return n.Value
}

// titles lists ctx's inbox with filters, in order.
func (e *env) titles(ctx context.Context, filters map[string]string) []string {
	e.t.Helper()
	p, err := e.h.MessageList(ctx, &commonv1.PageQuery{Filters: filters})
	if err != nil {
		e.t.Fatal(err)
	}
	out := make([]string, len(p.Records))
	for i, r := range p.Records {
		out[i] = r.MessageTitle
	}
	return out
}

// notices counts stored notices of any tenant matching a condition.
func (e *env) notices(where string, args ...any) int64 {
	var n int64
	e.g.WithContext(ident.AsSystem(context.Background())).Model(&biz.Notice{}).Where(where, args...).Count(&n)
	return n
}

func wantNotFound(t *testing.T, what string, err error) {
	t.Helper()
	if !errs.IsNotFound(err) {
		t.Errorf("%s: err = %v, want NotFound", what, err)
	}
}
