package crud

import (
	"context"
	"fmt"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

type gadget struct {
	db.Base
	Name  string
	Notes string
}

func openRepo(t *testing.T, spec Spec) (*Repo[gadget], context.Context) {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(context.Background(), c, "crud")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.WithContext(ident.AsSystem(context.Background())).AutoMigrate(&gadget{}); err != nil {
		t.Fatal(err)
	}
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 1})
	return New[gadget](g, spec), ctx
}

func TestRememberedTotalsMoveWithWritesAndExpire(t *testing.T) {
	r, ctx := openRepo(t, Spec{Name: "部件", Filters: paging.Fields{"name": "name"}, CountTTL: 200 * time.Millisecond})
	for i := range 3 {
		if err := r.Create(ctx, &gadget{Name: fmt.Sprint("g", i)}); err != nil {
			t.Fatal(err)
		}
	}
	total := func() int64 {
		p, err := r.Page(ctx, paging.Query{Current: 1, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		return p.Total
	}
	if n := total(); n != 3 {
		t.Fatalf("total %d, want 3", n)
	}
	// a write around the repository (another replica) shows after the TTL
	if err := r.Conn(ctx).Create(&gadget{Name: "elsewhere"}).Error; err != nil {
		t.Fatal(err)
	}
	if n := total(); n != 3 {
		t.Fatalf("remembered total %d, want 3", n)
	}
	time.Sleep(250 * time.Millisecond)
	if n := total(); n != 4 {
		t.Fatalf("total after the TTL %d, want 4", n)
	}
	// a write through the repository shows at once
	if err := r.Remove(ctx, []int64{mustFirst(t, ctx, r).ID}); err != nil {
		t.Fatal(err)
	}
	if n := total(); n != 3 {
		t.Fatalf("total after a remove %d, want 3", n)
	}
	// another tenant has its own total
	other := ident.With(context.Background(), &ident.Identity{TenantID: "200002", UserID: 2})
	if p, err := r.Page(other, paging.Query{Current: 1, Size: 10}); err != nil || p.Total != 0 {
		t.Fatalf("other tenant: %v %v", p, err)
	}
}

func TestDeferredPageReadsTheSameRowsWithoutOmittedColumns(t *testing.T) {
	plain, ctx := openRepo(t, Spec{Name: "部件", Order: "name asc"})
	for i := range 25 {
		if err := plain.Create(ctx, &gadget{Name: fmt.Sprintf("g%02d", i), Notes: "long text"}); err != nil {
			t.Fatal(err)
		}
	}
	deferred := New[gadget](plain.DB, Spec{Name: "部件", Order: "name asc", DeferredPage: true, ListOmit: []string{"notes"}})
	for _, cur := range []int{1, 2, 3} {
		a, err := plain.Page(ctx, paging.Query{Current: cur, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		b, err := deferred.Page(ctx, paging.Query{Current: cur, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Records) != len(b.Records) || a.Total != b.Total {
			t.Fatalf("page %d: %d/%d rows", cur, len(a.Records), len(b.Records))
		}
		for i := range a.Records {
			if a.Records[i].ID != b.Records[i].ID {
				t.Fatalf("page %d row %d: %s vs %s", cur, i, a.Records[i].Name, b.Records[i].Name)
			}
			if b.Records[i].Notes != "" {
				t.Fatalf("omitted column read: %q", b.Records[i].Notes)
			}
		}
	}
}

func mustFirst(t *testing.T, ctx context.Context, r *Repo[gadget]) gadget {
	t.Helper()
	rows, err := r.List(ctx, paging.Query{}, 1)
	if err != nil || len(rows) == 0 {
		t.Fatalf("no row: %v", err)
	}
	return rows[0]
}
