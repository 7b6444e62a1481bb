package valid

import (
	"strings"
	"testing"
)

func TestTexts(t *testing.T) {
	if err := Required("名称", " \t"); err == nil || !strings.Contains(err.Error(), "请填写名称") {
		t.Fatalf("blank: %v", err)
	}
	if v, err := Text("名称", "  储罐区 ", 3); err != nil || v != "储罐区" {
		t.Fatalf("three runes fit three: %q %v", v, err)
	}
	if _, err := Text("名称", "储罐区A", 3); err == nil || !strings.Contains(err.Error(), "名称不能超过3个字符") {
		t.Fatalf("four runes: %v", err)
	}
	if v, err := Optional("备注", "  ", 3); err != nil || v != "" {
		t.Fatalf("blank optional: %q %v", v, err)
	}
	if _, err := Optional("备注", "abcd", 3); err == nil {
		t.Fatal("optional over the bound was taken")
	}
}

func TestMapPosition(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	if err := MapPosition("点位", nil, nil); err != nil {
		t.Fatalf("unplaced: %v", err)
	}
	if err := MapPosition("点位", f(-120.5), f(1e6)); err != nil {
		t.Fatalf("in bounds: %v", err)
	}
	if err := MapPosition("点位", f(1), nil); err == nil || !strings.Contains(err.Error(), "同时填写") {
		t.Fatalf("half placed: %v", err)
	}
	if err := MapPosition("点位", f(1e6+1), f(0)); err == nil || !strings.Contains(err.Error(), "超出范围") {
		t.Fatalf("out of bounds: %v", err)
	}
}
