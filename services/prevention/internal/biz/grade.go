package biz

import (
	"math"
	"slices"
	"strings"

	"anquan/kit/errs"
)

// Assessment methods.
const (
	MethodLEC = "LEC"
	MethodLS  = "LS"
)

// Allowed factor values. LEC (作业条件危险性评价法, Graham-Kinney): L
// likelihood, E exposure, C consequence, from the method's standard tables.
// LS (风险矩阵法): L likelihood 1-5, S severity 1-5.
var (
	lecL = []float64{0.1, 0.2, 0.5, 1, 3, 6, 10}
	lecE = []float64{0.5, 1, 2, 3, 6, 10}
	lecC = []float64{1, 3, 7, 15, 40, 100}
	ls15 = []float64{1, 2, 3, 4, 5}
)

// Grade computes the score and level of an assessment.
//
// LEC: D = L·E·C; D ≥ 320 重大 (1), 160 ≤ D < 320 较大 (2), 70 ≤ D < 160
// 一般 (3), D < 70 低 (4) — the usual mapping of the method's five bands
// (>320 极其危险, 160-320 高度危险, 70-160 显著危险, 20-70 and <20) onto the
// four national levels.
// LS: R = L·S; R ≥ 20 重大, 15 ≤ R < 20 较大, 9 ≤ R < 15 一般, R < 9 低
// (the 5×5 matrix of DB37/T 2882 style guides).
func Grade(method string, l, e, c, s float64) (score float64, level int32, err error) {
	switch strings.ToUpper(strings.TrimSpace(method)) {
	case MethodLEC:
		if !in(lecL, l) {
			return 0, 0, errs.BadRequest("LEC 法的 L(事故发生可能性)只能取 0.1、0.2、0.5、1、3、6、10")
		}
		if !in(lecE, e) {
			return 0, 0, errs.BadRequest("LEC 法的 E(暴露频繁程度)只能取 0.5、1、2、3、6、10")
		}
		if !in(lecC, c) {
			return 0, 0, errs.BadRequest("LEC 法的 C(后果严重程度)只能取 1、3、7、15、40、100")
		}
		d := round2(l * e * c)
		switch {
		case d >= 320:
			return d, LevelMajor, nil
		case d >= 160:
			return d, LevelLarger, nil
		case d >= 70:
			return d, LevelGeneral, nil
		}
		return d, LevelLow, nil
	case MethodLS:
		if !in(ls15, l) {
			return 0, 0, errs.BadRequest("LS 法的 L(可能性)只能取 1-5 的整数")
		}
		if !in(ls15, s) {
			return 0, 0, errs.BadRequest("LS 法的 S(严重性)只能取 1-5 的整数")
		}
		r := l * s
		switch {
		case r >= 20:
			return r, LevelMajor, nil
		case r >= 15:
			return r, LevelLarger, nil
		case r >= 9:
			return r, LevelGeneral, nil
		}
		return r, LevelLow, nil
	}
	return 0, 0, errs.BadRequest("评价方法只能是 LEC 或 LS")
}

func in(set []float64, v float64) bool {
	return slices.ContainsFunc(set, func(x float64) bool { return math.Abs(x-v) < 1e-9 })
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
