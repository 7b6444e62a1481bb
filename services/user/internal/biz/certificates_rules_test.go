package biz

import (
	"strings"
	"testing"

	"anquan/kit/paging"
)

func TestCheckCertificateRules(t *testing.T) {
	good := func() Certificate {
		return Certificate{UserID: 7, Kind: "welding", CertificateNo: " T-1 ", IssueDate: "2025-01-01", ExpireDate: "2028-01-01"}
	}
	cases := []struct {
		name   string
		change func(c *Certificate)
		msg    string
	}{
		{"valid", func(c *Certificate) {}, ""},
		{"no holder", func(c *Certificate) { c.UserID = 0 }, "请选择持证人"},
		{"no kind", func(c *Certificate) { c.Kind = "" }, "请选择证书类型"},
		{"kind outside the tree", func(c *Certificate) { c.Kind = "diving" }, "证书类型不存在"},
		{"a branch of the tree", func(c *Certificate) { c.Kind = "special_equipment" }, "证书类型不存在"},
		{"no number", func(c *Certificate) { c.CertificateNo = "  " }, "请输入证书编号"},
		{"number too long", func(c *Certificate) { c.CertificateNo = strings.Repeat("9", 65) }, "证书编号不能超过64个字"},
		{"no issue date", func(c *Certificate) { c.IssueDate = "" }, "请选择发证日期"},
		{"bad expire date", func(c *Certificate) { c.ExpireDate = "2028-02-30" }, "到期日期格式错误"},
		{"expire equal to issue", func(c *Certificate) { c.ExpireDate = c.IssueDate }, "到期日期必须晚于发证日期"},
		{"expire before issue", func(c *Certificate) { c.ExpireDate = "2024-12-31" }, "到期日期必须晚于发证日期"},
		{"bad review date", func(c *Certificate) { c.ReviewDate = "soon" }, "复审日期格式错误"},
		{"date with a time is cut to the day", func(c *Certificate) { c.ExpireDate = "2028-01-01 08:00:00" }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := good()
			c.change(&v)
			err := checkCertificate(&v)
			if c.msg == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if v.CertificateNo != "T-1" || len(v.ExpireDate) != 10 {
					t.Fatalf("not normalised: %+v", v)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("want %q, got %v", c.msg, err)
			}
		})
	}
}

func TestOperatorQueryFilters(t *testing.T) {
	cases := []struct {
		name      string
		filters   map[string]string
		kind      string
		qualified bool
		userType  string
		msg       string
	}{
		{"kind and qualified", map[string]string{"kind": "welding", "qualified": "1"}, "welding", true, "", ""},
		{"inOrOut is the user type", map[string]string{"inOrOut": "2"}, "", false, "2", ""},
		{"inOrOut 0 is everyone", map[string]string{"inOrOut": "0"}, "", false, "", ""},
		{"bad inOrOut", map[string]string{"inOrOut": "5"}, "", false, "", "人员类型"},
		{"unknown kind", map[string]string{"kind": "diving"}, "", false, "", "证书类型不存在"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := readOperatorQuery(paging.Query{Filters: c.filters})
			if c.msg != "" {
				if err == nil || !strings.Contains(err.Error(), c.msg) {
					t.Fatalf("want %q, got %v", c.msg, err)
				}
				return
			}
			if err != nil || o.kind != c.kind || o.qualified != c.qualified || o.q.Filters["userType_equal"] != c.userType {
				t.Fatalf("got %+v %v", o, err)
			}
		})
	}
}
