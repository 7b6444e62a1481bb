package biz

import (
	"time"

	"anquan/kit/ruletable"
)

// Rule codes and their national defaults (《生产安全事故报告和调查处理条例》,
// 国务院令第493号). A tenant may keep a different value (a new version) where
// its authority sets one; the highest version is in force.
const (
	RuleReportHours       = "report.hours"
	RuleSupplementDays    = "supplement.days"
	RuleInvestigationDays = "investigation.days"
	RuleExtensionDays     = "investigation.extension.days"
	RuleDeathsSpecial     = "grade.deaths.special"
	RuleDeathsMajor       = "grade.deaths.major"
	RuleDeathsLarger      = "grade.deaths.larger"
	RuleSeriousSpecial    = "grade.serious.special"
	RuleSeriousMajor      = "grade.serious.major"
	RuleSeriousLarger     = "grade.serious.larger"
	RuleLossSpecial       = "grade.loss.special"
	RuleLossMajor         = "grade.loss.major"
	RuleLossLarger        = "grade.loss.larger"
	src493                = "《生产安全事故报告和调查处理条例》(国务院令第493号) "
	grade493              = src493 + "第三条 (以上含本数,以下不含本数)"
)

// RuleDef is a rule's meaning and national default.
type RuleDef = ruletable.Def[float64]

// RuleDefs are every rule the service reads, in display order.
var RuleDefs = ruletable.Table[float64]{
	{Code: RuleReportHours, Name: "单位负责人上报期限", Unit: "小时", Source: src493 + "第九条", Default: 1},
	{Code: RuleSupplementDays, Name: "伤亡人数变化补报期限", Unit: "日", Source: src493 + "第十三条", Default: 30},
	{Code: RuleInvestigationDays, Name: "事故调查报告提交期限", Unit: "日", Source: src493 + "第二十九条", Default: 60},
	{Code: RuleExtensionDays, Name: "调查期限最长延长", Unit: "日", Source: src493 + "第二十九条", Default: 60},
	{Code: RuleDeathsSpecial, Name: "特别重大事故死亡人数下限", Unit: "人", Source: grade493, Default: 30},
	{Code: RuleDeathsMajor, Name: "重大事故死亡人数下限", Unit: "人", Source: grade493, Default: 10},
	{Code: RuleDeathsLarger, Name: "较大事故死亡人数下限", Unit: "人", Source: grade493, Default: 3},
	{Code: RuleSeriousSpecial, Name: "特别重大事故重伤人数下限 (含急性工业中毒)", Unit: "人", Source: grade493, Default: 100},
	{Code: RuleSeriousMajor, Name: "重大事故重伤人数下限 (含急性工业中毒)", Unit: "人", Source: grade493, Default: 50},
	{Code: RuleSeriousLarger, Name: "较大事故重伤人数下限 (含急性工业中毒)", Unit: "人", Source: grade493, Default: 10},
	{Code: RuleLossSpecial, Name: "特别重大事故直接经济损失下限", Unit: "万元", Source: grade493, Default: 10000},
	{Code: RuleLossMajor, Name: "重大事故直接经济损失下限", Unit: "万元", Source: grade493, Default: 5000},
	{Code: RuleLossLarger, Name: "较大事故直接经济损失下限", Unit: "万元", Source: grade493, Default: 1000},
}

// RuleDefOf finds a rule's definition.
func RuleDefOf(code string) (RuleDef, bool) { return RuleDefs.Of(code) }

// RuleSet is the values in force of a tenant (code -> value).
type RuleSet map[string]float64

// Get is the value in force, or the national default.
func (s RuleSet) Get(code string) float64 { return RuleDefs.Get(s, code) }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, float64, int32) { return r.Code, r.Value, r.Version }

// Figures are an accident's casualties and loss.
type Figures struct {
	Deaths, SeriousInjuries, MinorInjuries, Missing int32
	DirectLoss                                      float64
}

// gradeOf grades one measure against its three lower bounds ("以上" includes
// the bound).
func gradeOf(v, special, major, larger float64) int32 {
	switch {
	case v >= special:
		return GradeSpecial
	case v >= major:
		return GradeMajor
	case v >= larger:
		return GradeLarger
	}
	return GradeGeneral
}

// Grade is the highest grade any of deaths, serious injuries and direct
// loss reaches.
func Grade(f Figures, r RuleSet) int32 {
	g := gradeOf(float64(f.Deaths), r.Get(RuleDeathsSpecial), r.Get(RuleDeathsMajor), r.Get(RuleDeathsLarger))
	g = min(g, gradeOf(float64(f.SeriousInjuries), r.Get(RuleSeriousSpecial), r.Get(RuleSeriousMajor), r.Get(RuleSeriousLarger)))
	return min(g, gradeOf(f.DirectLoss, r.Get(RuleLossSpecial), r.Get(RuleLossMajor), r.Get(RuleLossLarger)))
}

// Clock is an accident's deadlines from its occurrence.
type Clock struct {
	ReportDue, SupplementDue, InvestigationDue time.Time
}

// ClockOf computes the deadlines.
func ClockOf(occurred time.Time, r RuleSet) Clock {
	return Clock{
		ReportDue:        occurred.Add(time.Duration(r.Get(RuleReportHours) * float64(time.Hour))),
		SupplementDue:    occurred.AddDate(0, 0, int(r.Get(RuleSupplementDays))),
		InvestigationDue: occurred.AddDate(0, 0, int(r.Get(RuleInvestigationDays))),
	}
}
