package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/ruletable"
	"anquan/kit/valid"
)

// Rule is one version of a tenant's positioning rule (定位规则): the
// engine's thresholds. A change is a new version; the highest version is in
// force (kit/ruletable).
type Rule struct {
	db.Base
	Code    string `gorm:"size:64;not null"`
	Value   int32  `gorm:"not null"`
	Source  string `gorm:"size:200;not null;default:''"`
	Version int32  `gorm:"not null"`
}

func (Rule) TableName() string { return "positioning_rule" }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, int32, int32) { return r.Code, r.Value, r.Version }

// Rule codes (research/monitoring.md section 4).
const (
	RuleReportInterval = "report.interval.seconds"
	RuleDebounce       = "zone.debounce.seconds"
	RuleStillRadius    = "still.radius.metres"
	RuleStillMinutes   = "still.minutes"
	RuleAbsentMinutes  = "absent.minutes"
	RuleBatteryLow     = "battery.low.percent"
	RuleBatteryClear   = "battery.clear.percent"
	RuleGatherPeople   = "gather.people"
	RuleGatherRadius   = "gather.radius.metres"
	RuleGatherSeconds  = "gather.seconds"
	RuleCertSeconds    = "cert_mismatch.seconds"
)

// OfflineFactor: a tag silent for more than this many report intervals is
// offline (research/monitoring.md section 4: "silent for more than 3 x the
// report interval").
const OfflineFactor = 3

// RuleDef is a rule's meaning, unit and default.
type RuleDef = ruletable.Def[int32]

// RuleDefs are every positioning rule, in display order.
var RuleDefs = ruletable.Table[int32]{
	{Code: RuleReportInterval, Name: "定位卡上报周期(静默超过 3 倍即离线)", Unit: "秒", Source: "行业惯例:静默超过 3 倍上报周期判定离线", Default: 20},
	{Code: RuleDebounce, Name: "串岗、超员持续时间(防抖)", Unit: "秒", Source: "行业惯例", Default: 5},
	{Code: RuleStillRadius, Name: "静止判定半径(不小于定位静态误差 3 米)", Unit: "米", Source: "AQ 3064.3-2025:静态误差不超过 ±3 米", Default: 3},
	{Code: RuleStillMinutes, Name: "长时间静止报警时长", Unit: "分钟", Source: "行业惯例", Default: 5},
	{Code: RuleAbsentMinutes, Name: "脱岗报警时长(离开岗位区域)", Unit: "分钟", Source: "行业惯例", Default: 10},
	{Code: RuleBatteryLow, Name: "低电量报警阈值(低于)", Unit: "%", Source: "行业惯例", Default: 20},
	{Code: RuleBatteryClear, Name: "低电量恢复阈值(不低于)", Unit: "%", Source: "行业惯例:恢复阈值高于报警阈值,防止反复报警", Default: 30},
	{Code: RuleGatherPeople, Name: "人员聚集人数(0 为不检测)", Unit: "人", Source: "行业惯例", Default: 6},
	{Code: RuleGatherRadius, Name: "人员聚集半径", Unit: "米", Source: "行业惯例", Default: 5},
	{Code: RuleGatherSeconds, Name: "人员聚集持续时间", Unit: "秒", Source: "行业惯例", Default: 60},
	{Code: RuleCertSeconds, Name: "人证不符报警时长(在作业票作业区域内且不在票上)", Unit: "秒", Source: "平台默认值,非国家标准规定", Default: 60},
}

// ruleBounds are the values a tenant may set.
var ruleBounds = map[string][2]int32{
	RuleReportInterval: {1, 600},
	RuleDebounce:       {1, 600},
	RuleStillRadius:    {3, 50},
	RuleStillMinutes:   {1, 240},
	RuleAbsentMinutes:  {1, 480},
	RuleBatteryLow:     {1, 90},
	RuleBatteryClear:   {2, 100},
	RuleGatherPeople:   {0, 1000},
	RuleGatherRadius:   {1, 100},
	RuleGatherSeconds:  {5, 3600},
	RuleCertSeconds:    {5, 3600},
}

// RuleSourceMax bounds a rule version's source.
const RuleSourceMax = 200

// Engine settings that are not a tenant's: how often a tag's track is kept
// and how long.
const (
	TrackEvery     = 5 * time.Second
	TrackRetention = 7 * 24 * time.Hour
)

// RulesOf reads the thresholds in force of a rule set (the defaults where
// unset).
func RulesOf(set map[string]int32) Rules {
	g := func(c string) int32 { return RuleDefs.Get(set, c) }
	sec := func(c string) time.Duration { return time.Duration(g(c)) * time.Second }
	mins := func(c string) time.Duration { return time.Duration(g(c)) * time.Minute }
	return Rules{Debounce: sec(RuleDebounce), StillRadius: float64(g(RuleStillRadius)), StillAfter: mins(RuleStillMinutes),
		LowBattery: g(RuleBatteryLow), BatteryClear: g(RuleBatteryClear), Offline: OfflineFactor * sec(RuleReportInterval),
		TrackEvery: TrackEvery, Retention: TrackRetention, AbsentAfter: mins(RuleAbsentMinutes),
		GatherPeople: g(RuleGatherPeople), GatherRadius: float64(g(RuleGatherRadius)), GatherAfter: sec(RuleGatherSeconds),
		CertAfter: sec(RuleCertSeconds)}
}

// ValidateRule checks a new value of a rule against its bounds and the
// other rules in force (set): low battery clears above where it raises, a
// gathering is at least 3 people.
func ValidateRule(code string, value int32, source string, set map[string]int32) error {
	d, ok := RuleDefs.Of(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	b := ruleBounds[code]
	if value < b[0] || value > b[1] {
		return errs.BadRequest("%s应在 %d 到 %d %s之间", d.Name, b[0], b[1], d.Unit)
	}
	switch code {
	case RuleBatteryLow:
		if c := RuleDefs.Get(set, RuleBatteryClear); value >= c {
			return errs.BadRequest("低电量报警阈值应低于恢复阈值 %d%%", c)
		}
	case RuleBatteryClear:
		if l := RuleDefs.Get(set, RuleBatteryLow); value <= l {
			return errs.BadRequest("低电量恢复阈值应高于报警阈值 %d%%", l)
		}
	case RuleGatherPeople:
		if value > 0 && value < 3 {
			return errs.BadRequest("人员聚集人数应为 0(不检测)或不少于 3 人")
		}
	}
	_, err := valid.Text("规则依据", source, RuleSourceMax)
	return err
}

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[int32, Rule]

// RuleList is every positioning rule in force.
func (p *Positioning) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[int32](ctx, RuleDefs, p.Q.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (p *Positioning) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, p.Q.Rules)
}

// SubmitRule writes a new version of a rule (audited) and hands the
// tenant's thresholds to the engine.
func (p *Positioning) SubmitRule(ctx context.Context, code string, value int32, source string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	set, err := ruletable.Submit[int32](ctx, p.ruleStore(), p.allRules, code, value, source,
		func(set map[string]int32) error { return ValidateRule(code, value, source, set) })
	if err != nil {
		return err
	}
	p.Engine.SetRules(id.TenantID, RulesOf(set))
	p.changed(id.TenantID)
	return nil
}

// RulesByTenant are the thresholds in force of each tenant among every
// stored version.
func RulesByTenant(rows []Rule) map[string]Rules {
	by := map[string][]Rule{}
	for _, r := range rows {
		by[r.TenantID] = append(by[r.TenantID], r)
	}
	out := make(map[string]Rules, len(by))
	for t, rs := range by {
		out[t] = RulesOf(ruletable.InForce[int32](rs))
	}
	return out
}

// ruleStore writes positioning's rule versions for ruletable.Submit.
func (p *Positioning) ruleStore() ruletable.Store[int32] {
	return ruletable.Store[int32]{Tx: p.Tx, Create: func(ctx context.Context, code string, value int32, source string, version int32) error {
		return p.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
}

func (p *Positioning) allRules(ctx context.Context) ([]Rule, error) { return p.Q.Rules(ctx, "") }
