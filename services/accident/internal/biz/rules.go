package biz

import "time"

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
type RuleDef struct {
	Code, Name, Unit, Source string
	Default                  float64
}

// RuleDefs are every rule the service reads, in display order.
var RuleDefs = []RuleDef{
	{RuleReportHours, "单位负责人上报期限", "小时", src493 + "第九条", 1},
	{RuleSupplementDays, "伤亡人数变化补报期限", "日", src493 + "第十三条", 30},
	{RuleInvestigationDays, "事故调查报告提交期限", "日", src493 + "第二十九条", 60},
	{RuleExtensionDays, "调查期限最长延长", "日", src493 + "第二十九条", 60},
	{RuleDeathsSpecial, "特别重大事故死亡人数下限", "人", grade493, 30},
	{RuleDeathsMajor, "重大事故死亡人数下限", "人", grade493, 10},
	{RuleDeathsLarger, "较大事故死亡人数下限", "人", grade493, 3},
	{RuleSeriousSpecial, "特别重大事故重伤人数下限 (含急性工业中毒)", "人", grade493, 100},
	{RuleSeriousMajor, "重大事故重伤人数下限 (含急性工业中毒)", "人", grade493, 50},
	{RuleSeriousLarger, "较大事故重伤人数下限 (含急性工业中毒)", "人", grade493, 10},
	{RuleLossSpecial, "特别重大事故直接经济损失下限", "万元", grade493, 10000},
	{RuleLossMajor, "重大事故直接经济损失下限", "万元", grade493, 5000},
	{RuleLossLarger, "较大事故直接经济损失下限", "万元", grade493, 1000},
}

// RuleDefOf finds a rule's definition.
func RuleDefOf(code string) (RuleDef, bool) {
	for _, d := range RuleDefs {
		if d.Code == code {
			return d, true
		}
	}
	return RuleDef{}, false
}

// RuleSet is the values in force of a tenant (code -> value).
type RuleSet map[string]float64

// Get is the value in force, or the national default.
func (s RuleSet) Get(code string) float64 {
	if v, ok := s[code]; ok {
		return v
	}
	d, _ := RuleDefOf(code)
	return d.Default
}

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
