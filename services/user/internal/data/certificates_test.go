package data_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/seedids"
	"anquan/user/internal/biz"
	"anquan/user/internal/data"
	"anquan/user/internal/usertest"
)

func certEnv(t *testing.T, now time.Time) (*usertest.Env, *biz.Certificates) {
	t.Helper()
	env := usertest.New(t)
	ctx := context.Background()
	if err := data.Seed(ctx, env.DB); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ { // idempotent
		if err := data.SeedCertificates(ctx, env.DB, now); err != nil {
			t.Fatal(err)
		}
	}
	c := biz.NewCertificates(env.Users, data.CertStores(env.DB), data.NewCertQueries(env.DB), data.NewCertQueries(env.DB))
	c.Now = func() time.Time { return now }
	return env, c
}

func accountID(t *testing.T, env *usertest.Env, account string) int64 {
	t.Helper()
	u, err := env.Users.FindCredential(context.Background(), seedids.DemoTenant, account)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// queryCounter counts the statements run on a database while on.
type queryCounter struct {
	on bool
	n  int
}

func newCounter(t *testing.T, g *gorm.DB) *queryCounter {
	t.Helper()
	c := &queryCounter{}
	count := func(*gorm.DB) {
		if c.on {
			c.n++
		}
	}
	if err := g.Callback().Query().After("gorm:query").Register("test:count", count); err != nil {
		t.Fatal(err)
	}
	if err := g.Callback().Row().After("gorm:row").Register("test:count", count); err != nil {
		t.Fatal(err)
	}
	return c
}

// during counts the statements fn runs.
func (c *queryCounter) during(fn func()) int {
	c.n, c.on = 0, true
	fn()
	c.on = false
	return c.n
}

func TestSeedCertificatesOnceAndChecksInOneQuery(t *testing.T) {
	now := time.Now()
	env, c := certEnv(t, now)
	demo := usertest.Admin(seedids.DemoTenant, seedids.DemoAdminUser)
	var certs, guards int64
	env.DB.WithContext(demo).Model(&biz.Certificate{}).Count(&certs)
	env.DB.WithContext(demo).Model(&biz.Guardian{}).Count(&guards)
	if certs != 6 || guards != int64(2*len(biz.WorkTypes)) {
		t.Fatalf("seeded %d certificates, %d guardians", certs, guards)
	}
	welder, op2, op1 := accountID(t, env, "welder"), accountID(t, env, "operator2"), accountID(t, env, "operator1")
	ids := []int64{welder, op2, op1, 999}
	for i := int64(0); i < 40; i++ {
		ids = append(ids, 10_000+i)
	}
	counter := newCounter(t, env.DB)
	var v []biz.Verdict
	var err error
	if n := counter.during(func() { v, err = c.CheckCertificates(demo, ids, "welding", "") }); n != 1 {
		t.Fatalf("%d queries for %d people", n, len(ids))
	}
	if err != nil || len(v) != len(ids) || !v[0].Valid || v[1].Valid || v[2].Valid || v[3].Valid || v[3].Reason != "人员不存在" {
		t.Fatalf("verdicts %+v %v", v[:4], err)
	}
	var g *biz.GuardianVerdict
	director := accountID(t, env, "director")
	if n := counter.during(func() { g, err = c.CheckGuardian(demo, director, "hotWork") }); n != 1 || err != nil || !g.Valid {
		t.Fatalf("guardian: %d queries, %+v %v", n, g, err)
	}
	// Another tenant sees none of the demo tenant's people.
	other := usertest.Admin("300009", 1)
	v, err = c.CheckCertificates(other, []int64{welder}, "welding", "")
	if err != nil || v[0].Valid || v[0].Reason != "人员不存在" {
		t.Fatalf("other tenant: %+v %v", v, err)
	}
	g, err = c.CheckGuardian(other, accountID(t, env, "director"), "hotWork")
	if err != nil || g.Valid {
		t.Fatalf("other tenant guardian: %+v %v", g, err)
	}
}

func TestReminderRaisedOncePerCertificateAndStage(t *testing.T) {
	now := time.Now()
	env, c := certEnv(t, now)
	run := func(at time.Time) int {
		c.Now = func() time.Time { return at }
		n, err := c.RemindExpiring(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// operator2 (expired 10 days ago) and contractor1 (20 days left, default 30-day window).
	if n := run(now); n != 2 {
		t.Fatalf("first run raised %d", n)
	}
	if n := run(now); n != 0 {
		t.Fatalf("second run raised %d", n)
	}
	if n := run(now.AddDate(0, 0, 15)); n != 0 {
		t.Fatalf("still expiring raised %d", n)
	}
	// contractor1's lifting certificate has now expired: one more reminder.
	if n := run(now.AddDate(0, 0, 21)); n != 1 {
		t.Fatalf("after contractor1's expiry raised %d", n)
	}
	var events int64
	env.DB.WithContext(ident.AsSystem(context.Background())).Model(&outbox.Event{}).Where("subject = ?", "anquan."+biz.SubjectCertificateExpiring).Count(&events)
	if events != 3 {
		t.Fatalf("%d events", events)
	}
}

func TestExpireSettingRulesAndOneRowPerTenant(t *testing.T) {
	_, c := certEnv(t, time.Now())
	demo := usertest.Admin(seedids.DemoTenant, seedids.DemoAdminUser)
	cases := []struct {
		name string
		s    biz.ExpireSetting
		msg  string
	}{
		{"zero days", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 0}, "1-365"},
		{"a year and a day", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 366}, "1-365"},
		{"13 months", biz.ExpireSetting{Type: biz.RemindMonths, RemindDate: 13}, "1-12"},
		{"unknown type", biz.ExpireSetting{Type: 3, RemindDate: 5}, "提醒方式"},
		{"365 days", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 365}, ""},
		{"2 months", biz.ExpireSetting{Type: biz.RemindMonths, RemindDate: 2}, ""},
	}
	for _, tc := range cases {
		err := c.SaveExpireSetting(demo, tc.s)
		if (tc.msg == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.msg)) {
			t.Fatalf("%s: %v", tc.name, err)
		}
	}
	s, err := c.ExpireSettingOf(demo)
	if err != nil || s.Type != biz.RemindMonths || s.RemindDate != 2 || s.ID == 0 {
		t.Fatalf("setting %+v %v", s, err)
	}
	other, err := c.ExpireSettingOf(usertest.Admin("300009", 1))
	if err != nil || other.ID != 0 || other.RemindDate != biz.DefaultRemindDays {
		t.Fatalf("other tenant %+v %v", other, err)
	}
}
