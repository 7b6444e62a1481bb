package biz

import (
	"time"

	"anquan/kit/ruletable"
	"anquan/kit/timefmt"
)

// Rule codes and their national defaults. A tenant keeps a different value
// (a new version) where its class or its authority says so; the highest
// version is in force.
const (
	RuleUnitClass             = "unit.class"
	RuleDetectSerious         = "detection.serious.months"
	RuleDetectGeneral         = "detection.general.months"
	RuleExamDefault           = "exam.periodic.default"
	RuleExamBenzene           = "exam.periodic.benzene"
	RuleExamCO                = "exam.periodic.co"
	RuleExamH2S               = "exam.periodic.h2s"
	RuleLeavingWindow         = "exam.leaving.window.days"
	examPrefix                = "exam.periodic."
	src5                      = "《工作场所职业卫生管理规定》(国家卫健委令第5号) 第二十条"
	srcGBZ188                 = "GBZ 188-2014《职业健康监护技术规范》"
	UnitSerious       float64 = 1 // 职业病危害严重
	UnitGeneral       float64 = 2 // 职业病危害一般
)

// RuleDef is a rule's meaning and national default.
type RuleDef = ruletable.Def[float64]

// RuleDefs are every rule the service reads, in display order.
var RuleDefs = ruletable.Table[float64]{
	{Code: RuleUnitClass, Name: "用人单位职业病危害风险分类 (1 严重, 2 一般)", Unit: "类",
		Source: "建设项目职业病危害风险分类管理目录 (国卫办职健发〔2021〕5号); 默认按严重", Default: UnitSerious},
	{Code: RuleDetectSerious, Name: "危害严重单位定期检测周期", Unit: "月", Source: src5 + " (每年至少一次)", Default: 12},
	{Code: RuleDetectGeneral, Name: "危害一般单位定期检测周期", Unit: "月", Source: src5 + " (每三年至少一次)", Default: 36},
	{Code: RuleExamDefault, Name: "在岗期间职业健康检查周期 (未单列的因素)", Unit: "月", Source: srcGBZ188 + " (多数因素 1 年)", Default: 12},
	{Code: RuleExamBenzene, Name: "在岗期间职业健康检查周期: 苯", Unit: "月", Source: srcGBZ188, Default: 12},
	{Code: RuleExamCO, Name: "在岗期间职业健康检查周期: 一氧化碳", Unit: "月", Source: srcGBZ188, Default: 36},
	{Code: RuleExamH2S, Name: "在岗期间职业健康检查周期: 硫化氢", Unit: "月", Source: srcGBZ188, Default: 36},
	{Code: RuleLeavingWindow, Name: "离岗前可视为离岗时检查的在岗期间检查天数", Unit: "天",
		Source: srcGBZ188 + " (离岗前90日内的在岗期间职业健康检查可视为离岗时检查)", Default: 90},
}

// RuleDefOf finds a rule's definition.
func RuleDefOf(code string) (RuleDef, bool) { return RuleDefs.Of(code) }

// RuleSet is the values in force of a tenant (code -> value).
type RuleSet map[string]float64

// Get is the value in force, or the national default.
func (s RuleSet) Get(code string) float64 { return RuleDefs.Get(s, code) }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, float64, int32) { return r.Code, r.Value, r.Version }

// IsExamRule: code names a periodic examination interval.
func IsExamRule(code string) bool {
	_, ok := RuleDefOf(code)
	return ok && len(code) > len(examPrefix) && code[:len(examPrefix)] == examPrefix
}

// DetectionMonths is the detection interval of the tenant's unit class.
func (s RuleSet) DetectionMonths() int {
	if s.Get(RuleUnitClass) == UnitGeneral {
		return int(s.Get(RuleDetectGeneral))
	}
	return int(s.Get(RuleDetectSerious))
}

// ExamMonths is a factor's periodic examination interval.
func (s RuleSet) ExamMonths(rule string) int {
	if !IsExamRule(rule) {
		rule = RuleExamDefault
	}
	return int(s.Get(rule))
}

// Day is t's calendar day in the platform's zone.
func Day(t time.Time) time.Time {
	t = t.In(timefmt.Zone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, timefmt.Zone)
}

// DueAfter is the due day months after the day of last.
func DueAfter(last time.Time, months int) time.Time { return Day(last).AddDate(0, months, 0) }

// LeavingCovered: a worker who left a hazard post on the day left has had the
// leaving examination: a 离岗时 examination no earlier than window days before
// leaving (done at or after leaving counts too), or a 在岗期间 examination
// within the window days up to and including the leaving day (GBZ 188).
func LeavingCovered(left time.Time, windowDays int, exams []Exam) bool {
	left = Day(left)
	from := left.AddDate(0, 0, -windowDays)
	for _, e := range exams {
		d := Day(e.ExamDate)
		switch e.ExamType {
		case ExamLeaving:
			if !d.Before(from) {
				return true
			}
		case ExamPeriodic:
			if !d.Before(from) && !d.After(left) {
				return true
			}
		}
	}
	return false
}

// Overdue: today is past the due day (the due day itself is still in time).
func Overdue(due, now time.Time) bool { return Day(now).After(due) }
