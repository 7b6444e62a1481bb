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
