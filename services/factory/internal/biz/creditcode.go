package biz

import (
	"strings"

	"anquan/kit/errs"
)

// creditAlphabet is the character set of the unified social credit code
// (GB 32100-2015): digits and capital letters without I, O, Z, S, V. A
// character's value is its index.
const creditAlphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY"

// creditWeights weigh positions 1-17 (3^(i) mod 31).
var creditWeights = [17]int{1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28}

// CreditCheckChar computes the 18th character from the first 17.
func CreditCheckChar(first17 string) (byte, bool) {
	if len(first17) != 17 {
		return 0, false
	}
	sum := 0
	for i := 0; i < 17; i++ {
		v := strings.IndexByte(creditAlphabet, first17[i])
		if v < 0 {
			return 0, false
		}
		sum += v * creditWeights[i]
	}
	c := 31 - sum%31
	if c == 31 {
		c = 0
	}
	return creditAlphabet[c], true
}

// ValidateCreditCode checks a unified social credit code: 18 characters of
// the GB 32100 alphabet, the registration-authority and type characters, a
// six-digit administrative division code and the check character. It
// returns the code upper-cased.
func ValidateCreditCode(code string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(code))
	if len(c) != 18 {
		return "", errs.BadRequest("统一社会信用代码应为 18 位")
	}
	for i := 0; i < 18; i++ {
		if strings.IndexByte(creditAlphabet, c[i]) < 0 {
			return "", errs.BadRequest("统一社会信用代码第 %d 位字符 %q 不合法（不使用 I、O、Z、S、V）", i+1, c[i])
		}
	}
	// Position 1: registration authority (1 机构编制, 5 民政, 9 工商, Y 其他, ...);
	// position 2: the type within it. Both must be digits or Y.
	if !strings.ContainsRune("123456789ANY", rune(c[0])) {
		return "", errs.BadRequest("统一社会信用代码第 1 位（登记管理部门代码）不合法")
	}
	for i := 2; i < 8; i++ {
		if c[i] < '0' || c[i] > '9' {
			return "", errs.BadRequest("统一社会信用代码第 3-8 位应为行政区划码（数字）")
		}
	}
	want, _ := CreditCheckChar(c[:17])
	if c[17] != want {
		return "", errs.BadRequest("统一社会信用代码校验位错误")
	}
	return c, nil
}
