package data

import (
	"context"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/workticket/internal/biz"
)

func openDB(t testing.TB) *gorm.DB { return dbtest.Open(t, "workticket", Migrate) }

func TestPermitNumbersAreUniqueUnderConcurrentCreation(t *testing.T) {
	g := openDB(t)
	q := Queries{DB: g}
	ctx := ident.ForTenant(context.Background(), "100001")
	const n = 20
	var wg sync.WaitGroup
	got := make(chan int32, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var seq int32
			err := db.Tx(ctx, g, func(ctx context.Context) error {
				var err error
				seq, err = q.NextSeq(ctx, "DH", "20261121")
				return err
			})
			if err != nil {
				t.Error(err)
				return
			}
			got <- seq
		}()
	}
	wg.Wait()
	close(got)
	seen := map[int32]bool{}
	for s := range got {
		if seen[s] || s < 1 || s > n {
			t.Fatalf("sequence %d repeated or out of range", s)
		}
		seen[s] = true
	}
	// Another tenant counts from 1.
	other, err := q.NextSeq(ident.ForTenant(context.Background(), "300001"), "DH", "20261121")
	if err != nil || other != 1 {
		t.Fatalf("other tenant: %d %v", other, err)
	}
}

func TestRememberedTotalFollowsWrites(t *testing.T) {
	g := openDB(t)
	st := NewStores(g)
	ctx := ident.ForTenant(context.Background(), "100001")
	add := func(no string) {
		tk := &biz.Ticket{TicketNo: no, WorkType: biz.HotWork, Content: "c", PlanStart: time.Now(), PlanEnd: time.Now().Add(time.Hour)}
		if err := st.Tickets.Create(ctx, tk); err != nil {
			t.Fatal(err)
		}
	}
	add("DH-1")
	p, err := st.Tickets.Page(ctx, paging.Query{})
	if err != nil || p.Total != 1 {
		t.Fatalf("page %v %v", p, err)
	}
	add("DH-2")
	if p, _ = st.Tickets.Page(ctx, paging.Query{}); p.Total != 2 || len(p.Records) != 2 {
		t.Fatalf("after a write: total %d, %d rows", p.Total, len(p.Records))
	}
	if p, _ = st.Tickets.Page(ident.ForTenant(context.Background(), "300001"), paging.Query{}); p.Total != 0 {
		t.Fatalf("another tenant's total: %d", p.Total)
	}
	if p, _ = st.Tickets.Page(ctx, paging.Query{Size: 1, Current: 2}); len(p.Records) != 1 || p.Records[0].TicketNo != "DH-1" {
		t.Fatalf("second page: %+v", p.Records)
	}
}

func TestTicketNosFindsOnlyTheTenantsPermits(t *testing.T) {
	g := openDB(t)
	st := NewStores(g)
	q := Queries{DB: g, Tickets: st.Tickets}
	mine := ident.ForTenant(context.Background(), "100001")
	other := ident.ForTenant(context.Background(), "300001")
	for ctx, no := range map[context.Context]string{mine: "DH-1", other: "DH-2"} {
		tk := &biz.Ticket{TicketNo: no, WorkType: biz.HotWork, Content: "c", PlanStart: time.Now(), PlanEnd: time.Now().Add(time.Hour)}
		if err := st.Tickets.Create(ctx, tk); err != nil {
			t.Fatal(err)
		}
	}
	got, err := q.TicketNos(mine, []string{"DH-1", "DH-2", "DH-3"})
	if err != nil || len(got) != 1 || got[0] != "DH-1" {
		t.Fatalf("found %v %v", got, err)
	}
	if got, err = q.TicketNos(mine, nil); err != nil || len(got) != 0 {
		t.Fatalf("no numbers: %v %v", got, err)
	}
}
