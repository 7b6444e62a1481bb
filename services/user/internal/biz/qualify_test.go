package biz_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"anquan/kit/timefmt"
	"anquan/user/internal/biz"
)

func TestJudgeCertificates(t *testing.T) {
	const today = "2026-03-10"
	holder := func(id int64, no, issue, expire string) biz.Holder {
		return biz.Holder{UserID: id, RealName: "孙焊工", UserStatus: biz.StatusNormal, CertificateNo: no, IssueDate: issue, ExpireDate: expire}
	}
	cases := []struct {
		name   string
		kind   string
		rows   []biz.Holder
		valid  bool
		reason string
		no     string
	}{
		{"valid", "welding", []biz.Holder{holder(1, "A", "2025-01-01", "2027-01-01")}, true, "", "A"},
		{"expires today is valid until the end of the day", "welding", []biz.Holder{holder(1, "A", "2020-01-01", today)}, true, "", "A"},
		{"issued today is valid", "welding", []biz.Holder{holder(1, "A", today, "2030-01-01")}, true, "", "A"},
		{"expired yesterday", "welding", []biz.Holder{holder(1, "A", "2020-01-01", "2026-03-09")}, false, "已于 2026-03-09 过期", "A"},
		{"not yet issued", "welding", []biz.Holder{holder(1, "A", "2026-03-11", "2030-01-01")}, false, "自 2026-03-11 起生效", "A"},
		{"holds none of the kind", "welding", []biz.Holder{holder(1, "", "", "")}, false, "未持有焊接与热切割作业证书", ""},
		{"wrong kind", "swimming", nil, false, "证书类型 swimming 不存在", ""},
		{"unknown user", "welding", nil, false, "人员不存在", ""},
		{"disabled account", "welding", []biz.Holder{{UserID: 1, RealName: "孙焊工", UserStatus: biz.StatusPending, CertificateNo: "A", IssueDate: "2025-01-01", ExpireDate: "2027-01-01"}}, false, "账号未启用", ""},
		{"an expired and a valid one: valid wins", "welding", []biz.Holder{holder(1, "OLD", "2010-01-01", "2016-01-01"), holder(1, "NEW", "2016-01-01", "2028-01-01")}, true, "", "NEW"},
		{"two expired: the latest is named", "welding", []biz.Holder{holder(1, "OLD", "2010-01-01", "2016-01-01"), holder(1, "MID", "2016-01-01", "2022-01-01")}, false, "(MID)", "MID"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := biz.Judge([]int64{1}, c.kind, today, c.rows)
			if len(v) != 1 {
				t.Fatalf("verdicts: %+v", v)
			}
			if v[0].Valid != c.valid || !strings.Contains(v[0].Reason, c.reason) || v[0].CertificateNo != c.no || v[0].UserID != 1 {
				t.Fatalf("got %+v", v[0])
			}
		})
	}
}

func TestJudgeKeepsOrderAndAnswersEachIDOnce(t *testing.T) {
	rows := []biz.Holder{{UserID: 2, RealName: "王", UserStatus: biz.StatusNormal, CertificateNo: "X", IssueDate: "2020-01-01", ExpireDate: "2030-01-01"}}
	v := biz.Judge([]int64{3, 2, 3, 9}, "electrician", "2026-01-01", rows)
	if len(v) != 3 || v[0].UserID != 3 || v[1].UserID != 2 || v[2].UserID != 9 || !v[1].Valid || v[0].Valid || v[2].Valid {
		t.Fatalf("%+v", v)
	}
}

func TestDayAndCheckAtUseTheTenantZone(t *testing.T) {
	// 2026-03-09 17:30 UTC is 2026-03-10 01:30 in Asia/Shanghai.
	if d := biz.Day(time.Date(2026, 3, 9, 17, 30, 0, 0, time.UTC)); d != "2026-03-10" {
		t.Fatalf("day %s", d)
	}
	at, err := biz.CheckAt("2026-03-10 23:59:59", time.Now())
	if err != nil || biz.Day(at) != "2026-03-10" {
		t.Fatalf("at %v %v", at, err)
	}
	if _, err := biz.CheckAt("yesterday", time.Now()); err == nil {
		t.Fatal("a bad time is accepted")
	}
}

func TestWindowStates(t *testing.T) {
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, timefmt.Zone)
	cases := []struct {
		name   string
		s      biz.ExpireSetting
		expire string
		want   int32
	}{
		{"expired yesterday", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 30}, "2026-03-09", biz.StateExpired},
		{"expires today", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 30}, "2026-03-10", biz.StateExpiring},
		{"last day of a 30-day window", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 30}, "2026-04-09", biz.StateExpiring},
		{"first day after it", biz.ExpireSetting{Type: biz.RemindDays, RemindDate: 30}, "2026-04-10", biz.StateValid},
		{"one calendar month", biz.ExpireSetting{Type: biz.RemindMonths, RemindDate: 1}, "2026-04-10", biz.StateExpiring},
		{"after one calendar month", biz.ExpireSetting{Type: biz.RemindMonths, RemindDate: 1}, "2026-04-11", biz.StateValid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := biz.WindowOf(c.s, now)
			if got := w.State(&biz.Certificate{ExpireDate: c.expire}); got != c.want {
				t.Fatalf("state %d, want %d (window %+v)", got, c.want, w)
			}
		})
	}
	if d := biz.DaysLeft("2026-03-10", "2026-03-09"); d != -1 {
		t.Fatalf("days left %d", d)
	}
}

func TestLeafKinds(t *testing.T) {
	for code, leaf := range map[string]bool{"welding": true, "lifting": true, "other": true, "special_operation": false, "nope": false} {
		if biz.IsLeafKind(code) != leaf {
			t.Fatalf("%s leaf=%v", code, !leaf)
		}
	}
}

// The web reads the certificate tree as blade-system's certificate_tree
// dictionary: its keys and names must be biz.Kinds.
func TestCertificateTreeDictionaryMatchesKinds(t *testing.T) {
	raw, err := os.ReadFile("../../../system/internal/data/seed/dicts.json")
	if err != nil {
		t.Skip("system seed not beside this module:", err)
	}
	type item struct {
		Key, Value string
		Children   []item
	}
	var dicts []struct {
		Code  string
		Items []item
	}
	if err := json.Unmarshal(raw, &dicts); err != nil {
		t.Fatal(err)
	}
	var got []biz.Kind
	var walk func(parent string, items []item)
	walk = func(parent string, items []item) {
		for _, it := range items {
			got = append(got, biz.Kind{Code: it.Key, Parent: parent, Name: it.Value})
			walk(it.Key, it.Children)
		}
	}
	for _, d := range dicts {
		if d.Code == "certificate_tree" {
			walk("", d.Items)
		}
	}
	if len(got) != len(biz.Kinds) {
		t.Fatalf("dictionary has %d kinds, biz %d", len(got), len(biz.Kinds))
	}
	for i := range got {
		if got[i] != biz.Kinds[i] {
			t.Fatalf("kind %d: dictionary %+v, biz %+v", i, got[i], biz.Kinds[i])
		}
	}
}

func TestGuardianWorkTypes(t *testing.T) {
	for _, w := range []string{"hotWork", "confinedSpaceWork", "blindPlateWork", "altitudeWork", "liftingWork", "temporaryPowerWork", "breakGroundWork", "openCircuitWork", "ordinary"} {
		if biz.WorkTypeName(w) == "" {
			t.Fatalf("work type %s missing", w)
		}
	}
}
