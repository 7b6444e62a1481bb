package biz

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
)

// 人证不符: a person in a permit zone (a zone naming a factory area) while a
// permit is in force at the area, on none of its permits and not on the
// zone's allowed tags, for CertAfter (fix time).
func TestCertMismatch(t *testing.T) {
	p1 := []Permit{{ID: 1, TicketNo: "DH-001", AreaID: 500, Users: map[int64]bool{101: true}}}
	p2 := append([]Permit{{ID: 2, TicketNo: "SX-002", AreaID: 500, Users: map[int64]bool{102: true}}}, p1...)
	elsewhere := []Permit{{ID: 3, TicketNo: "GC-003", AreaID: 600, Users: map[int64]bool{101: true}}}
	none := []Permit{}
	type pstep struct {
		at      time.Duration
		permits []Permit // non-nil: SetPermits before the fixes
		fixes   []Fix
		want    []string
	}
	in, out := func(tag string) Fix { return fix(tag, 5, 5) }, func(tag string) Fix { return fix(tag, 50, 50) }
	cases := []struct {
		name  string
		after time.Duration // 0: the default 60 s
		steps []pstep
	}{
		{"the permit's operator raises nothing", 0, []pstep{
			{0, p1, []Fix{in("A")}, nil}, {61 * time.Second, nil, []Fix{in("A")}, nil}, {120 * time.Second, nil, []Fix{in("A")}, nil}}},
		{"a person not on the permit raises after 60 s, once, and clears on leaving", 0, []pstep{
			{0, p1, []Fix{in("B")}, nil},
			{59 * time.Second, nil, []Fix{in("B")}, nil},
			{60 * time.Second, nil, []Fix{in("B")}, []string{"人证不符 raised"}},
			{70 * time.Second, nil, []Fix{in("B")}, nil},
			{80 * time.Second, nil, []Fix{out("B")}, []string{"人证不符 cleared"}}}},
		{"a short pass stays under the delay", 0, []pstep{
			{0, p1, []Fix{in("B")}, nil}, {30 * time.Second, nil, []Fix{out("B")}, nil}, {100 * time.Second, nil, []Fix{out("B")}, nil}}},
		{"on the zone's allowed tags: exempt", 0, []pstep{
			{0, p1, []Fix{in("C")}, nil}, {90 * time.Second, nil, []Fix{in("C")}, nil}}},
		{"a tag bound to no user is not judged", 0, []pstep{
			{0, p1, []Fix{in("D")}, nil}, {90 * time.Second, nil, []Fix{in("D")}, nil}}},
		{"no permit in force at the area: nothing", 0, []pstep{
			{0, none, []Fix{in("B")}, nil}, {90 * time.Second, nil, []Fix{in("B")}, nil}}},
		{"a permit in force at another area: nothing", 0, []pstep{
			{0, elsewhere, []Fix{in("B")}, nil}, {90 * time.Second, nil, []Fix{in("B")}, nil}}},
		{"on one of two permits at the area: nothing", 0, []pstep{
			{0, p2, []Fix{in("B")}, nil}, {90 * time.Second, nil, []Fix{in("B")}, nil}}},
		{"the permit ends: cleared at once", 0, []pstep{
			{0, p1, []Fix{in("B")}, nil},
			{60 * time.Second, nil, []Fix{in("B")}, []string{"人证不符 raised"}},
			{65 * time.Second, none, nil, []string{"人证不符 cleared"}},
			{200 * time.Second, nil, []Fix{in("B")}, nil}}},
		{"put on a permit: cleared at once", 0, []pstep{
			{0, p1, []Fix{in("B")}, nil},
			{60 * time.Second, nil, []Fix{in("B")}, []string{"人证不符 raised"}},
			{65 * time.Second, p2, nil, []string{"人证不符 cleared"}}}},
		{"the tenant's delay of 10 s", 10 * time.Second, []pstep{
			{0, p1, []Fix{in("B")}, nil}, {9 * time.Second, nil, []Fix{in("B")}, nil}, {10 * time.Second, nil, []Fix{in("B")}, []string{"人证不符 raised"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sink := &memSink{}
			e := NewEngine(sink, nil, NewHub(10), DefaultRules)
			now := t0
			e.Now = func() time.Time { return now }
			e.Load("t", []TagConf{{ID: 1, Code: "A", UserID: 101}, {ID: 2, Code: "B", UserID: 102, PersonName: "李四"}, {ID: 3, Code: "C", UserID: 103}, {ID: 4, Code: "D"}},
				[]ZoneConf{{ID: 40, Name: "动火作业区", Kind: ZoneOrdinary, Floor: 1, Poly: square(0, 0, 10, 10), AreaID: 500, Allowed: map[int64]bool{3: true}, Responsible: 9}})
			if c.after > 0 {
				r := DefaultRules
				r.CertAfter = c.after
				e.SetRules("t", r)
			}
			for i, s := range c.steps {
				now = t0.Add(s.at)
				if s.permits != nil {
					e.SetPermits(context.Background(), "t", s.permits)
				}
				if len(s.fixes) > 0 {
					fs := make([]Fix, len(s.fixes))
					for j, f := range s.fixes {
						f.TS = now
						fs[j] = f
					}
					e.Ingest(context.Background(), "t", fs)
				}
				w := sink.take()
				if got := describe(w); !reflect.DeepEqual(got, s.want) {
					t.Fatalf("step %d (%v): %v, want %v", i, s.at, got, s.want)
				}
				for _, x := range w {
					if x.New && (x.Alarm.ZoneID != 40 || x.Alarm.ResponsibleUserID != 9 || !strings.Contains(x.Alarm.Detail, "DH-001") || ParkCode(x.Alarm.AlarmType) != ParkCertMismatch) {
						t.Fatalf("alarm %+v", x.Alarm)
					}
				}
			}
		})
	}
}

func TestCertDetail(t *testing.T) {
	var ps []Permit
	for _, no := range []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7"} {
		ps = append(ps, Permit{TicketNo: no})
	}
	got := certDetail("罐区", ps, time.Minute)
	if want := "在作业区域「罐区」停留超过 60 秒,不是作业中的作业票 A1、A2、A3、A4、A5 等 7 张 的作业人员或监护人"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	if n := len([]rune(certDetail(strings.Repeat("区", 300), ps, time.Minute))); n > 200 {
		t.Fatalf("detail of %d characters", n)
	}
}

// The watch reads a tenant asked for at once; a failed read keeps the last
// list.
func TestWatchPermitsKeepsTheLastList(t *testing.T) {
	e := NewEngine(&memSink{}, nil, NewHub(10), DefaultRules)
	fail := make(chan bool, 1)
	calls := make(chan string, 10)
	src := func(_ context.Context, tenant string) ([]Permit, error) {
		calls <- tenant
		if <-fail {
			return nil, context.DeadlineExceeded
		}
		return []Permit{{ID: 1, TicketNo: "DH-1", AreaID: 500, Users: map[int64]bool{1: true}}}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go e.WatchPermits(ctx, src)
	areas := func() int {
		e.mu.Lock()
		defer e.mu.Unlock()
		return len(e.tenant("t").permits[500])
	}
	fail <- false
	// Loading a zone naming an area asks for the tenant's permits.
	e.Load("t", nil, []ZoneConf{{ID: 40, Name: "z", Floor: 1, Poly: square(0, 0, 10, 10), AreaID: 500}})
	if got := <-calls; got != "t" {
		t.Fatalf("read %q", got)
	}
	deadline := time.Now().Add(2 * time.Second)
	for areas() != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if areas() != 1 {
		t.Fatal("the permits were not set")
	}
	fail <- true
	e.AskPermits("t")
	<-calls
	time.Sleep(50 * time.Millisecond)
	if areas() != 1 {
		t.Fatal("a failed read dropped the last list")
	}
}

// After a restart an open 人证不符 stays until the permits are read: a fix
// before that neither clears nor raises it.
func TestCertMismatchRestored(t *testing.T) {
	sink := &memSink{}
	e := NewEngine(sink, nil, NewHub(10), DefaultRules)
	now := t0
	e.Now = func() time.Time { return now }
	e.Load("t", []TagConf{{ID: 2, Code: "B", UserID: 102}},
		[]ZoneConf{{ID: 40, Name: "动火作业区", Floor: 1, Poly: square(0, 0, 10, 10), AreaID: 500}})
	a := Alarm{AlarmType: AlarmCertMismatch, TagID: 2, ZoneID: 40, RaisedAt: t0.Add(-time.Minute), State: StateAlarming}
	a.ID, a.TenantID = 77, "t"
	e.Restore([]Alarm{a})
	f := fix("B", 5, 5)
	f.TS = now
	e.Ingest(context.Background(), "t", []Fix{f})
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("before the permits are read: %v", describe(w))
	}
	e.SetPermits(context.Background(), "t", nil)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.ID != 77 || w[0].Alarm.ClearedAt == nil {
		t.Fatalf("no permit in force: %v", describe(w))
	}
}
