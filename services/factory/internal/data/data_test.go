package data

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/factory/internal/biz"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

func openDB(t testing.TB) *gorm.DB { return dbtest.Open(t, "factory", Migrate) }

func inTenant(id string) context.Context { return ident.ForTenant(context.Background(), id) }

// Seeding twice adds nothing; the demo rows pass the same validation as a submit.
func TestSeedIsIdempotentAndValid(t *testing.T) {
	g := openDB(t)
	for i := 0; i < 2; i++ {
		if err := Seed(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	ctx := inTenant(seedids.DemoTenant)
	var ents, areas, maps int64
	g.WithContext(ctx).Model(&biz.Enterprise{}).Count(&ents)
	g.WithContext(ctx).Model(&biz.Area{}).Count(&areas)
	g.WithContext(ctx).Model(&biz.MapSetting{}).Count(&maps)
	if ents != 1 || areas != 5 || maps != 1 {
		t.Fatalf("seeded %d enterprises, %d areas, %d maps", ents, areas, maps)
	}
	if _, err := biz.ValidateCreditCode(DemoCreditCode()); err != nil {
		t.Fatalf("demo credit code: %v", err)
	}
	// other tenants see none of it
	var other int64
	g.WithContext(inTenant("300001")).Model(&biz.Area{}).Count(&other)
	if other != 0 {
		t.Fatalf("tenant 300001 sees %d areas", other)
	}
}

// Covering reads only the areas whose box holds the point, of the type asked,
// within the caller's tenant; ByIDs drops other tenants' ids.
func TestCoveringAndByIDs(t *testing.T) {
	g := openDB(t)
	if err := Seed(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	q := AreaQueries{G: g}
	ctx := inTenant(seedids.DemoTenant)
	names := func(l []biz.Area) (out []string) {
		for _, a := range l {
			out = append(out, a.Name)
		}
		return out
	}
	cases := []struct {
		p        biz.Point
		areaType int32
		want     int
	}{
		{biz.Point{Lng: 118.8010, Lat: 32.2710}, 0, 1},               // tank farm box
		{biz.Point{Lng: 118.80175, Lat: 32.2714}, 0, 1},              // in the hole: the box still holds it (biz decides)
		{biz.Point{Lng: 118.8010, Lat: 32.2710}, biz.AreaStorage, 0}, // type filter
		{biz.Point{Lng: 118.8070, Lat: 32.2722}, 0, 1},               // L-shape's box holds its notch
		{biz.Point{Lng: 119.0, Lat: 33.0}, 0, 0},
	}
	for _, c := range cases {
		l, err := q.Covering(ctx, c.p, c.areaType)
		if err != nil || len(l) != c.want {
			t.Errorf("Covering(%v, %d) = %v %v, want %d", c.p, c.areaType, names(l), err, c.want)
		}
	}
	if l, _ := q.Covering(inTenant("300001"), biz.Point{Lng: 118.8010, Lat: 32.2710}, 0); len(l) != 0 {
		t.Fatalf("another tenant covers %v", names(l))
	}
	l, err := q.ByIDs(ctx, []int64{seedids.DemoAreaTank, seedids.DemoAreaUtilities, 42})
	if err != nil || len(l) != 2 {
		t.Fatalf("ByIDs: %v %v", names(l), err)
	}
	if l, _ := q.ByIDs(inTenant("300001"), []int64{seedids.DemoAreaTank}); len(l) != 0 {
		t.Fatalf("ByIDs across tenants: %v", names(l))
	}
}

func TestLatestReadingIsTheNewestSince(t *testing.T) {
	g := openDB(t)
	r := Readings{G: g}
	ctx := inTenant(seedids.DemoTenant)
	now := time.Now().Truncate(time.Second)
	for _, age := range []time.Duration{50 * time.Minute, 20 * time.Minute, 5 * time.Minute} {
		if err := r.Add(ctx, &biz.WeatherReading{Station: "s", Temperature: float64(age / time.Minute), ObservedAt: now.Add(-age)}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := r.Latest(ctx, now.Add(-30*time.Minute))
	if err != nil || got == nil || got.Temperature != 5 {
		t.Fatalf("latest: %+v %v", got, err)
	}
	if got, _ := r.Latest(ctx, now.Add(time.Minute)); got != nil {
		t.Fatalf("nothing newer than now: %+v", got)
	}
	if got, _ := r.Latest(inTenant("300001"), now.Add(-time.Hour)); got != nil {
		t.Fatalf("another tenant's station: %+v", got)
	}
}
