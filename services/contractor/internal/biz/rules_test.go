package biz

import (
	"strings"
	"testing"
	"time"
)

func TestValidIDCard(t *testing.T) {
	for card, want := range map[string]bool{
		"11010519491231002X": true, // the GB 11643 example
		"110105194912310021": false,
		"11010519491231002":  false,
		"1101051949123100XX": false,
	} {
		if ValidIDCard(card) != want {
			t.Errorf("ValidIDCard(%s) != %v", card, want)
		}
	}
	if m := MaskIDCard("11010519491231002X"); m != "110105********002X" {
		t.Errorf("mask: %s", m)
	}
}

func TestCheck(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	later, earlier := now.AddDate(0, 1, 0), now.AddDate(0, 0, -1)
	company := func() *Company {
		return &Company{Name: "甲", Admission: AdmissionAdmitted, QualificationExpire: &later, AgreementExpire: &later}
	}
	person := func() *Person { return &Person{Name: "乙", UserID: 7, Trained: true, TrainExpire: &later} }
	if v := Check(person(), company(), now); !v.Allowed || !v.Contractor {
		t.Fatalf("all in order: %+v", v)
	}
	cases := []struct {
		name string
		p    func(*Person)
		c    func(*Company)
		want string
	}{
		{"untrained", func(p *Person) { p.Trained = false }, nil, "未通过入场安全培训考试"},
		{"training expired", func(p *Person) { p.TrainExpire = &earlier }, nil, "入场安全培训已过期"},
		{"certificate expired", func(p *Person) { p.CertificateExpire = &earlier }, nil, "个人作业证书已过期"},
		{"person blacklisted", func(p *Person) { p.Blacklisted = true }, nil, "人员已列入黑名单"},
		{"company blacklisted", nil, func(c *Company) { c.Blacklisted = true }, "所属单位已列入黑名单"},
		{"pending", nil, func(c *Company) { c.Admission = AdmissionPending }, "未通过准入审核"},
		{"exited", nil, func(c *Company) { c.Admission = AdmissionExited }, "已退场"},
		{"qualification", nil, func(c *Company) { c.QualificationExpire = &earlier }, "资质证书"},
		{"agreement", nil, func(c *Company) { c.AgreementExpire = nil }, "安全协议"},
	}
	for _, c := range cases {
		p, co := person(), company()
		if c.p != nil {
			c.p(p)
		}
		if c.c != nil {
			c.c(co)
		}
		v := Check(p, co, now)
		if v.Allowed || !strings.Contains(v.Reason(), c.want) {
			t.Errorf("%s: %+v", c.name, v)
		}
	}
	if v := Check(person(), nil, now); v.Allowed || !strings.Contains(v.Reason(), "单位不存在") {
		t.Errorf("no company: %+v", v)
	}
}
