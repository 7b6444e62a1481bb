package biz

import (
	"strings"
	"testing"

	"anquan/kit/errs"
)

func TestValidateCreditCode(t *testing.T) {
	cases := []struct {
		code, msg string // msg "" = valid
	}{
		{"91350100M000100Y43", ""},       // a published example
		{"91110000600037341L", ""},       // another published example
		{" 91350100m000100y43 ", ""},     // trimmed and upper-cased
		{"91350100M000100Y44", "校验位"},    // wrong check character
		{"91350100M000100Y4", "18 位"},    // too short
		{"91350100M000100Y433", "18 位"},  // too long
		{"91350100M000100I43", "不合法"},    // I is not in the alphabet
		{"9135010OM000100Y43", "不合法"},    // O is not in the alphabet
		{"0135010000000100Y4", "登记管理部门"}, // authority 0 does not exist
		{"9135A100M000100Y43", "行政区划码"},  // division code has a letter
	}
	for _, c := range cases {
		got, err := ValidateCreditCode(c.code)
		if c.msg == "" {
			if err != nil || got != strings.ToUpper(strings.TrimSpace(c.code)) {
				t.Errorf("%q: %v %q", c.code, err, got)
			}
			continue
		}
		if err == nil || !strings.Contains(errs.Message(err), c.msg) {
			t.Errorf("%q: got %v, want a message containing %q", c.code, err, c.msg)
		}
	}
}

func TestCreditCheckCharIsZeroWhenTheSumIsAMultipleOf31(t *testing.T) {
	// All zeros: sum 0, 31 - 0 = 31, which maps to '0'.
	if c, ok := CreditCheckChar("00000000000000000"); !ok || c != '0' {
		t.Fatalf("got %q %v", c, ok)
	}
	if _, ok := CreditCheckChar("short"); ok {
		t.Fatal("a short prefix has no check character")
	}
}
