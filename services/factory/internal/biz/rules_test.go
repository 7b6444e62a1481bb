package biz

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

func msgHas(t *testing.T, err error, part string) {
	t.Helper()
	if part == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	if err == nil || !strings.Contains(errs.Message(err), part) {
		t.Fatalf("got %v, want a message containing %q", err, part)
	}
}

func TestValidateArea(t *testing.T) {
	ok := func() Area {
		return Area{Name: "罐区", AreaType: AreaTank, RiskLevel: 1, AreaLocation: `[[0,0],[1,0],[1,1]]`}
	}
	cases := []struct {
		name string
		edit func(*Area)
		msg  string
	}{
		{"valid", func(*Area) {}, ""},
		{"no name", func(a *Area) { a.Name = "  " }, "分区名称不能为空"},
		{"long name", func(a *Area) { a.Name = strings.Repeat("区", 101) }, "不能超过 100"},
		{"area type 0", func(a *Area) { a.AreaType = 0 }, "区域类型不合法"},
		{"area type 4", func(a *Area) { a.AreaType = 4 }, "区域类型不合法"},
		{"risk level 0", func(a *Area) { a.RiskLevel = 0 }, "风险等级不合法"},
		{"risk level 5", func(a *Area) { a.RiskLevel = 5 }, "风险等级不合法"},
		{"negative sort", func(a *Area) { a.Sort = -1 }, "排序"},
		{"no polygon", func(a *Area) { a.AreaLocation = "" }, "区域范围不能为空"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := ok()
			c.edit(&a)
			msgHas(t, ValidateArea(&a), c.msg)
		})
	}
	a := ok()
	_ = ValidateArea(&a)
	if a.MaxLng != 1 || a.MaxLat != 1 || a.AreaLocation != `[[0,0],[1,0],[1,1],[0,0]]` || a.Colour() != "red" {
		t.Fatalf("normalised area: %+v", a)
	}
}

func TestValidateEnterprise(t *testing.T) {
	ok := func() Enterprise {
		return Enterprise{EnterpriseName: "江东化工有限公司", CreditCode: "91350100M000100Y43"}
	}
	cases := []struct {
		name string
		edit func(*Enterprise)
		msg  string
	}{
		{"valid", func(*Enterprise) {}, ""},
		{"no name", func(e *Enterprise) { e.EnterpriseName = "" }, "企业名称不能为空"},
		{"no credit code", func(e *Enterprise) { e.CreditCode = "" }, "18 位"},
		{"bad check char", func(e *Enterprise) { e.CreditCode = "91350100M000100Y40" }, "校验位"},
		{"bad phone", func(e *Enterprise) { e.ContactPhone = "call me" }, "联系电话"},
		{"bad longitude", func(e *Enterprise) { e.Longitude = 181 }, "经纬度超出范围"},
		{"bad boundary", func(e *Enterprise) { e.AreaLocation = `[[0,0],[1,1]]` }, "至少需要 3 个"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ok()
			c.edit(&e)
			msgHas(t, ValidateEnterprise(&e), c.msg)
		})
	}
	e := ok()
	e.AreaLocation = `[[0,0],[4,0],[4,2],[0,2]]`
	msgHas(t, ValidateEnterprise(&e), "")
	if e.Longitude != 2 || e.Latitude != 1 {
		t.Fatalf("centre from the boundary: %v,%v", e.Longitude, e.Latitude)
	}
}

func TestValidateMap(t *testing.T) {
	cases := []struct {
		name string
		c    MapConfig
		msg  string
	}{
		{"defaults filled", MapConfig{CentralPoint: []float64{118.8, 32.27}}, ""},
		{"no centre", MapConfig{}, "中心点"},
		{"centre out of range", MapConfig{CentralPoint: []float64{118.8, 95}}, "中心点"},
		{"negative scale", MapConfig{CentralPoint: []float64{118.8, 32.27}, ModelPoint: ModelPoint{Scale: -1}}, "缩放"},
		{"accuracy too big", MapConfig{CentralPoint: []float64{118.8, 32.27}, ModelAccuracy: 5000}, "精度"},
		{"quote in URL", MapConfig{CentralPoint: []float64{118.8, 32.27}, MapModelURL: `/a"b`}, "引号"},
		{"bad area point", MapConfig{CentralPoint: []float64{118.8, 32.27}, AreaLocation: []Position{{Lng: 300}}}, "第 1 个点"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msgHas(t, ValidateMap(&c.c), c.msg)
		})
	}
	c := MapConfig{CentralPoint: []float64{118.8, 32.27}}
	_ = ValidateMap(&c)
	if c.ModelPoint.Lng != 118.8 || c.ModelPoint.Scale != 1 || c.ModelAccuracy != DefaultAccuracy || c.MapPath == "" {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestBuildTreeAndChildren(t *testing.T) {
	depts := []Dept{
		{ID: 1, Name: "公司"}, {ID: 3, ParentID: 1, Name: "生产部", Sort: 2}, {ID: 2, ParentID: 1, Name: "安全部", Sort: 1},
		{ID: 4, ParentID: 3, Name: "合成车间"}, {ID: 9, ParentID: 99, Name: "孤儿部门"},
	}
	roots := BuildTree(depts, 0)
	if len(roots) != 2 || roots[0].ID != 1 || roots[1].ID != 9 {
		t.Fatalf("roots: %+v", roots)
	}
	if kids := roots[0].Children; len(kids) != 2 || kids[0].Title != "安全部" || !kids[1].HasChildren {
		t.Fatalf("children sorted by sort: %+v", kids)
	}
	if sub := BuildTree(depts, 3); len(sub) != 1 || sub[0].ID != 3 || len(sub[0].Children) != 1 {
		t.Fatalf("subtree: %+v", sub)
	}
	if none := BuildTree(depts, 42); none != nil {
		t.Fatalf("unknown root: %+v", none)
	}
	lazy := Children(depts, 1)
	if len(lazy) != 2 || lazy[1].Children != nil || !lazy[1].HasChildren {
		t.Fatalf("lazy children: %+v", lazy)
	}
	if r := Children(depts, 0); len(r) != 2 || r[0].Children != nil {
		t.Fatalf("lazy roots: %+v", r)
	}
}

func TestWindName(t *testing.T) {
	for deg, want := range map[float64]string{0: "北风", 22: "北风", 23: "东北风", 90: "东风", 180: "南风", 270: "西风", 337.4: "西北风", 337.6: "北风", 360: "北风", -90: "西风"} {
		if got := WindName(deg); got != want {
			t.Errorf("WindName(%v) = %s, want %s", deg, got, want)
		}
	}
}

func TestValidateReading(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, timefmt.Zone)
	cases := []struct {
		name string
		r    WeatherReading
		at   string
		msg  string
	}{
		{"valid", WeatherReading{Temperature: 20, Humidity: 50}, "", ""},
		{"too hot", WeatherReading{Temperature: 71}, "", "温度"},
		{"humidity over 100", WeatherReading{Humidity: 101}, "", "湿度"},
		{"negative wind", WeatherReading{WindSpeed: -1}, "", "风速"},
		{"direction over 360", WeatherReading{WindDirection: 361}, "", "风向"},
		{"pressure too low", WeatherReading{Pressure: 100}, "", "气压"},
		{"bad time", WeatherReading{}, "yesterday", "观测时间格式"},
		{"future", WeatherReading{}, "2026-11-21 11:00:00", "不能晚于"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msgHas(t, ValidateReading(&c.r, c.at, now), c.msg)
		})
	}
}

// fakes for the weather use case.
type fakeReadings struct{ r *WeatherReading }

func (f fakeReadings) Latest(_ context.Context, since time.Time) (*WeatherReading, error) {
	if f.r != nil && !f.r.ObservedAt.Before(since) {
		return f.r, nil
	}
	return nil, nil
}
func (fakeReadings) Add(context.Context, *WeatherReading) error { return nil }

type fakeDir struct{ param string }

func (fakeDir) Depts(context.Context, string) ([]Dept, error) { return nil, nil }
func (d fakeDir) Param(context.Context, string, string) (string, bool, error) {
	return d.param, d.param != "", nil
}
func (fakeDir) UserName(context.Context, string, int64) (string, bool, error) { return "", false, nil }

type fakeProvider struct {
	url string
	err error
}

func (p *fakeProvider) Fetch(_ context.Context, url string) (*Observation, error) {
	p.url = url
	if p.err != nil {
		return nil, p.err
	}
	return &Observation{Station: "provider", Temperature: 11}, nil
}

func TestCurrentWeatherPrefersTheStationThenTheProviderAndNeverInvents(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.Local)
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: "100001"})
	fresh := &WeatherReading{Station: "1号站", Temperature: 18, ObservedAt: now.Add(-10 * time.Minute)}
	stale := &WeatherReading{Station: "1号站", Temperature: 18, ObservedAt: now.Add(-31 * time.Minute)}
	cases := []struct {
		name        string
		reading     *WeatherReading
		param       string
		providerErr error
		available   bool
		source, msg string
	}{
		{"fresh station reading", fresh, "http://w/x", nil, true, "station", ""},
		{"stale reading, provider", stale, "http://w/x", nil, true, "provider", ""},
		{"no reading, provider fails", nil, "http://w/x", errors.New("timeout"), false, "", "外部气象服务暂不可用"},
		{"nothing configured", stale, "", nil, false, "", "未配置气象数据来源"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &Factory{Readings: fakeReadings{c.reading}, Dir: fakeDir{c.param}, Weather: &fakeProvider{err: c.providerErr},
				Now: func() time.Time { return now }}
			w, err := f.CurrentWeather(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if w.Available != c.available || w.Source != c.source || !strings.Contains(w.Message, c.msg) {
				t.Fatalf("got %+v", w)
			}
			if !w.Available && w.Obs.Temperature != 0 {
				t.Fatalf("invented weather: %+v", w)
			}
		})
	}
}
