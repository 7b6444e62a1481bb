package biz

import (
	"strings"
	"testing"
)

func TestValidateLaunchRefusesBadInput(t *testing.T) {
	ok := func() Launch { return Launch{PlanID: 1, Level: 2, Place: "罐区", Description: "泄漏"} }
	cases := []struct {
		name string
		mod  func(*Launch)
		msg  string
	}{
		{"no plan", func(l *Launch) { l.PlanID = 0 }, "请选择应急预案"},
		{"level 0", func(l *Launch) { l.Level = 0 }, "响应级别"},
		{"level 5", func(l *Launch) { l.Level = 5 }, "响应级别"},
		{"no place", func(l *Launch) { l.Place = "  " }, "请填写事发地点"},
		{"long place", func(l *Launch) { l.Place = strings.Repeat("地", 201) }, "不能超过200个字符"},
		{"no description", func(l *Launch) { l.Description = "" }, "请填写事件描述"},
		{"too many users", func(l *Launch) { l.NotifyUserIDs = make([]int64, MaxNotifyUsers+1) }, "通知人员不能超过"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := ok()
			c.mod(&l)
			if err := ValidateLaunch(&l); err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %q", err, c.msg)
			}
		})
	}
	l := ok()
	l.Place = "  罐区 "
	if err := ValidateLaunch(&l); err != nil || l.Place != "罐区" {
		t.Fatalf("a good launch: %v %q", err, l.Place)
	}
}
