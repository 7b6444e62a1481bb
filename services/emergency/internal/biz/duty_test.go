package biz

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/timefmt"
)

func dutyOn(from, to, s, e string) *Duty {
	f, _ := time.ParseInLocation("2006-01-02", from, timefmt.Zone)
	t, _ := time.ParseInLocation("2006-01-02", to, timefmt.Zone)
	return &Duty{OrgName: "安全环保部", StartDate: f, EndDate: t, ShiftStart: s, ShiftEnd: e}
}

func TestShiftsOverlapOnlyWhenTheirTimesIntersect(t *testing.T) {
	cases := []struct {
		name string
		a, b *Duty
		want bool
	}{
		{"same day inside", dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"), dutyOn("2026-11-28", "2026-11-28", "12:00", "14:00"), true},
		{"adjacent shifts", dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"), dutyOn("2026-11-28", "2026-11-28", "20:00", "22:00"), false},
		{"different days", dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"), dutyOn("2026-11-29", "2026-11-30", "08:00", "20:00"), false},
		{"night shift into the next morning", dutyOn("2026-11-28", "2026-11-28", "20:00", "08:00"), dutyOn("2026-11-29", "2026-11-29", "06:00", "10:00"), true},
		{"night shift ends as the day starts", dutyOn("2026-11-28", "2026-11-28", "20:00", "08:00"), dutyOn("2026-11-29", "2026-11-29", "08:00", "10:00"), false},
		{"24 hours", dutyOn("2026-11-28", "2026-11-28", "00:00", "00:00"), dutyOn("2026-11-28", "2026-11-28", "23:00", "23:30"), true},
		{"ranges overlap on one day", dutyOn("2026-11-01", "2026-11-10", "08:00", "09:00"), dutyOn("2026-11-10", "2026-11-20", "08:30", "10:00"), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := FirstOverlap(c.a, c.b)
			_, back := FirstOverlap(c.b, c.a)
			if got != c.want || back != c.want {
				t.Fatalf("overlap %v/%v, want %v", got, back, c.want)
			}
		})
	}
}

func TestShiftsAreOnePerDayAndCrossMidnight(t *testing.T) {
	s := dutyOn("2026-11-28", "2026-11-30", "20:00", "08:00").Shifts()
	if len(s) != 3 || s[0].From.Format("01-02 15:04") != "11-28 20:00" || s[2].To.Format("01-02 15:04") != "12-01 08:00" {
		t.Fatalf("shifts: %v", s)
	}
}

func TestValidateDutyRefusesBadRosters(t *testing.T) {
	cases := []struct {
		name string
		d    *Duty
		msg  string
	}{
		{"end before start", dutyOn("2026-11-28", "2026-11-27", "08:00", "20:00"), "不能早于开始日期"},
		{"32 days", dutyOn("2026-11-01", "2026-12-02", "08:00", "20:00"), "不能超过 31 天"},
		{"bad start", dutyOn("2026-11-28", "2026-11-28", "8:00", "20:00"), "开始时间格式错误"},
		{"bad end", dutyOn("2026-11-28", "2026-11-28", "08:00", "24:30"), "结束时间格式错误"},
		{"duty type", func() *Duty { d := dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"); d.DutyType = 2; return d }(), "值班类型"},
		{"no name", func() *Duty { d := dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"); d.OrgName = " "; return d }(), "请填写部门名称"},
		{"long name", func() *Duty {
			d := dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00")
			d.OrgName = strings.Repeat("部", 101)
			return d
		}(), "不能超过100个字符"},
		{"bad phone", func() *Duty { d := dutyOn("2026-11-28", "2026-11-28", "08:00", "20:00"); d.Phone = "电话"; return d }(), "值班电话格式不正确"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ValidateDuty(c.d)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %q", err, c.msg)
			}
		})
	}
	if err := ValidateDuty(dutyOn("2026-11-01", "2026-12-01", "08:00", "20:00")); err != nil {
		t.Fatalf("31 days: %v", err)
	}
}
