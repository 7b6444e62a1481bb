package biz

import (
	"time"

	"anquan/kit/ruletable"
)

// Rule codes and their national defaults. A tenant may set a stricter
// value (a new version); the highest version is in force.
const (
	RuleFilingWorkdays  = "plan.filing.workdays"
	RuleEvaluationYears = "plan.evaluation.years"
	RuleDrillGeneral    = "drill.general.months"
	RuleDrillOnSite     = "drill.onsite.months"
	RuleDrillHazchem    = "drill.hazchem.months"
	RuleHazchemUnit     = "unit.hazchem"
)

// RuleDef is a rule's meaning and national default.
type RuleDef = ruletable.Def[int32]

// RuleDefs are every rule the service reads, in display order.
var RuleDefs = ruletable.Table[int32]{
	{Code: RuleFilingWorkdays, Name: "预案公布后备案期限", Unit: "工作日", Source: "《生产安全事故应急预案管理办法》(应急管理部令第2号) 第二十六条", Default: 20},
	{Code: RuleEvaluationYears, Name: "预案评估周期", Unit: "年", Source: "《生产安全事故应急预案管理办法》(应急管理部令第2号) 第三十五条", Default: 3},
	{Code: RuleDrillGeneral, Name: "综合或专项预案演练周期", Unit: "月", Source: "《生产安全事故应急预案管理办法》(应急管理部令第2号) 第三十三条:每年至少一次", Default: 12},
	{Code: RuleDrillOnSite, Name: "现场处置方案演练周期", Unit: "月", Source: "《生产安全事故应急预案管理办法》(应急管理部令第2号) 第三十三条:每半年至少一次", Default: 6},
	{Code: RuleDrillHazchem, Name: "危化品单位演练周期", Unit: "月", Source: "《生产安全事故应急条例》(国务院令第708号) 第八条:每半年至少一次并报告", Default: 6},
	{Code: RuleHazchemUnit, Name: "本单位为危险化学品生产、经营、储存单位 (1 是, 2 否)", Unit: "", Source: "《生产安全事故应急条例》(国务院令第708号) 第八条", Default: 2},
}

// RuleDefOf finds a rule's definition.
func RuleDefOf(code string) (RuleDef, bool) { return RuleDefs.Of(code) }

// RuleSet is the values in force of a tenant (code -> value).
type RuleSet map[string]int32

// Get is the value in force, or the national default.
func (s RuleSet) Get(code string) int32 { return RuleDefs.Get(s, code) }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, int32, int32) { return r.Code, r.Value, r.Version }

// day is the start of t's calendar day in t's location.
func day(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// Calendar tells working days: weekends are rest days unless listed as
// working days (调休), and listed holidays are rest days.
type Calendar struct {
	// Holidays and Workdays hold dates as yyyy-MM-dd.
	Holidays map[string]bool
	Workdays map[string]bool
}

// Working reports whether t's day is a working day.
func (c Calendar) Working(t time.Time) bool {
	k := t.Format("2006-01-02")
	if c.Workdays[k] {
		return true
	}
	if c.Holidays[k] {
		return false
	}
	wd := t.Weekday()
	return wd != time.Saturday && wd != time.Sunday
}

// AddWorkdays is the n-th working day after from (from itself not counted).
func (c Calendar) AddWorkdays(from time.Time, n int32) time.Time {
	t := day(from)
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if c.Working(t) {
			n--
		}
	}
	return t
}

// DrillMonths is the drill interval of a plan type: the on-site rule for
// 现场处置方案, the general rule for 综合 and 专项 plans; a hazchem unit's
// rule applies when it is shorter.
func DrillMonths(rules RuleSet, planType int32) int32 {
	hazchem := rules.Get(RuleHazchemUnit) == 1
	m := rules.Get(RuleDrillGeneral)
	if planType == PlanOnSite {
		m = rules.Get(RuleDrillOnSite)
	}
	if hazchem {
		if h := rules.Get(RuleDrillHazchem); h < m {
			m = h
		}
	}
	return m
}

// SupplyStatus computes a supply item's status at now: scrapped, expired,
// short of its minimum stock, due for a check, or normal (in that order).
func SupplyStatus(s *Supply, now time.Time) int32 {
	switch {
	case s.Scrapped:
		return SupplyScrapped
	case s.ExpiryDate != nil && day(now).After(day(*s.ExpiryDate)):
		return SupplyExpired
	case s.MinStock > 0 && s.Quantity < s.MinStock:
		return SupplyShort
	}
	if next := NextCheck(s); next != nil && day(now).After(*next) {
		return SupplyCheckDue
	}
	return SupplyNormal
}

// NextCheck is when a supply item is next due for a check (nil when it has
// no cycle or was never checked: then its creation day counts).
func NextCheck(s *Supply) *time.Time {
	if s.CheckCycleDays <= 0 {
		return nil
	}
	from := s.CreateTime
	if s.LastCheckDate != nil {
		from = *s.LastCheckDate
	}
	if from.IsZero() {
		return nil
	}
	t := day(from).AddDate(0, 0, int(s.CheckCycleDays))
	return &t
}
