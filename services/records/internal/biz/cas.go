package biz

import (
	"regexp"
	"strings"

	"anquan/kit/errs"
)

var casPattern = regexp.MustCompile(`^(\d{2,7})-(\d{2})-(\d)$`)

// ValidCAS: a CAS registry number, 2-7 digits, 2 digits and a check digit
// (the sum of the other digits, each times its position counted from the
// right starting at 1, modulo 10).
func ValidCAS(cas string) bool {
	m := casPattern.FindStringSubmatch(cas)
	if m == nil {
		return false
	}
	digits := m[1] + m[2]
	sum := 0
	for i := 0; i < len(digits); i++ {
		sum += int(digits[len(digits)-1-i]-'0') * (i + 1)
	}
	return sum%10 == int(m[3][0]-'0')
}

// GhsClasses are the GHS hazard classes (GB 30000.2-29 / 《危险化学品目录》
// 2015 classification) a chemical may carry, by code.
var GhsClasses = map[string]string{
	"EXP": "爆炸物", "FLG": "易燃气体", "AER": "气溶胶", "OXG": "氧化性气体", "PRG": "加压气体", "FLL": "易燃液体",
	"FLS": "易燃固体", "SRS": "自反应物质和混合物", "PYL": "自燃液体", "PYS": "自燃固体", "SHS": "自热物质和混合物",
	"WFG": "遇水放出易燃气体的物质和混合物", "OXL": "氧化性液体", "OXS": "氧化性固体", "ORP": "有机过氧化物", "MCM": "金属腐蚀物",
	"DES": "退敏爆炸物", "ATO": "急性毒性", "SKC": "皮肤腐蚀/刺激", "EYE": "严重眼损伤/眼刺激", "RSS": "呼吸道或皮肤致敏",
	"MUT": "生殖细胞致突变性", "CAR": "致癌性", "REP": "生殖毒性", "STS": "特异性靶器官毒性-一次接触",
	"STR": "特异性靶器官毒性-反复接触", "ASP": "吸入危害", "AQU": "危害水生环境", "OZO": "危害臭氧层",
}

// GhsOrder lists the codes in the standard's order (export and display).
var GhsOrder = []string{"EXP", "FLG", "AER", "OXG", "PRG", "FLL", "FLS", "SRS", "PYL", "PYS", "SHS", "WFG", "OXL", "OXS", "ORP", "MCM", "DES",
	"ATO", "SKC", "EYE", "RSS", "MUT", "CAR", "REP", "STS", "STR", "ASP", "AQU", "OZO"}

// NormalizeGhs checks a comma list of GHS codes and returns it sorted in
// the standard's order without duplicates.
func NormalizeGhs(list string) (string, error) {
	seen := map[string]bool{}
	for _, c := range strings.Split(list, ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if _, ok := GhsClasses[c]; !ok {
			return "", errs.BadRequest("未知的 GHS 危险类别 %s", c)
		}
		seen[c] = true
	}
	out := make([]string, 0, len(seen))
	for _, c := range GhsOrder {
		if seen[c] {
			out = append(out, c)
		}
	}
	return strings.Join(out, ","), nil
}

// GhsNames are the names of a comma list of codes.
func GhsNames(list string) string {
	var out []string
	for _, c := range strings.Split(list, ",") {
		if n, ok := GhsClasses[c]; ok {
			out = append(out, n)
		}
	}
	return strings.Join(out, "、")
}
