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

// Rule is one version of a tenant's alarm rule (报警规则): flood and
// chattering thresholds and the longest shelve. A change is a new version;
// the highest version is in force (kit/ruletable).
type Rule struct {
	db.Base
	Code    string `gorm:"size:64;not null"`
	Value   int32  `gorm:"not null"`
	Source  string `gorm:"size:200;not null;default:''"`
	Version int32  `gorm:"not null"`
}

func (Rule) TableName() string { return "monitor_rule" }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, int32, int32) { return r.Code, r.Value, r.Version }

// Rule codes (research/monitoring.md section 3, items 8 and 9; ISA-18.2
// section 11 for the shelve).
const (
	RuleFloodStart    = "flood.start.count"
	RuleFloodWindow   = "flood.window.minutes"
	RuleFloodEnd      = "flood.end.count"
	RuleChatterCount  = "chatter.count"
	RuleChatterWindow = "chatter.window.seconds"
	RuleShelveMax     = "shelve.max.minutes"
	// RuleOnlineTarget is the daily online rate a tenant's points must reach.
	RuleOnlineTarget = "online.target.permille"
)

// RuleDef is a rule's meaning, bounds and default.
type RuleDef = ruletable.Def[int32]

// RuleDefs are every alarm rule, in display order.
var RuleDefs = ruletable.Table[int32]{
	{Code: RuleFloodStart, Name: "报警泛滥开始阈值(窗口内报警数超过)", Unit: "条", Source: "ISA-18.2 / EEMUA 191:每 10 分钟超过 10 条报警即为报警泛滥", Default: 10},
	{Code: RuleFloodWindow, Name: "报警泛滥统计窗口", Unit: "分钟", Source: "ISA-18.2 / EEMUA 191", Default: 10},
	{Code: RuleFloodEnd, Name: "报警泛滥结束阈值(窗口内报警数低于)", Unit: "条", Source: "ISA-18.2:低于 5 条即泛滥结束", Default: 5},
	{Code: RuleChatterCount, Name: "抖动报警次数(窗口内激活达到)", Unit: "次", Source: "行业惯例:60 秒内激活 3 次及以上", Default: 3},
	{Code: RuleChatterWindow, Name: "抖动报警统计窗口", Unit: "秒", Source: "行业惯例", Default: 60},
	{Code: RuleShelveMax, Name: "报警搁置最长时长", Unit: "分钟", Source: "ISA-18.2 第 11 章:搁置必须限时", Default: 480},
	// research/regulation.md section 3: MEM press conference 2022-09-16, "online rate >= 99.5%".
	{Code: RuleOnlineTarget, Name: "监测点位日在线率达标值", Unit: "‰", Source: "应急管理部 2022-09-16 新闻发布会:重大危险源监测数据在线率不低于 99.5%", Default: 995},
}

// ruleBounds are the values a tenant may set.
var ruleBounds = map[string][2]int32{
	RuleFloodStart:    {2, 1000},
	RuleFloodWindow:   {1, 1440},
	RuleFloodEnd:      {1, 999},
	RuleChatterCount:  {2, 100},
	RuleChatterWindow: {10, 3600},
	RuleShelveMax:     {1, 1440},
	RuleOnlineTarget:  {500, 1000},
}

// RuleSourceMax bounds a rule version's source.
const RuleSourceMax = 200

// Rules are a tenant's alarm rules in force (national or common-practice
// defaults where unset).
type Rules struct {
	FloodStart, FloodEnd int
	FloodWindow          time.Duration
	ChatterCount         int
	ChatterWindow        time.Duration
	ShelveMaxMinutes     int32
	// OnlineTarget is the daily online rate to reach, in permille.
	OnlineTarget int32
}

// RulesOf reads the values in force of a rule set.
func RulesOf(set map[string]int32) Rules {
	g := func(c string) int32 { return RuleDefs.Get(set, c) }
	return Rules{
		FloodStart: int(g(RuleFloodStart)), FloodEnd: int(g(RuleFloodEnd)), FloodWindow: time.Duration(g(RuleFloodWindow)) * time.Minute,
		ChatterCount: int(g(RuleChatterCount)), ChatterWindow: time.Duration(g(RuleChatterWindow)) * time.Second,
		ShelveMaxMinutes: g(RuleShelveMax), OnlineTarget: g(RuleOnlineTarget),
	}
}

// DefaultRules are the rules of a tenant that set none.
var DefaultRules = RulesOf(nil)

// ValidateRule checks a new value of a rule against its bounds and the
// other rules in force (set): the flood must end below where it starts.
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
	case RuleFloodEnd:
		if start := RuleDefs.Get(set, RuleFloodStart); value >= start {
			return errs.BadRequest("报警泛滥结束阈值应小于开始阈值 %d", start)
		}
	case RuleFloodStart:
		if end := RuleDefs.Get(set, RuleFloodEnd); value <= end {
			return errs.BadRequest("报警泛滥开始阈值应大于结束阈值 %d", end)
		}
	}
	_, err := valid.Text("规则依据", source, RuleSourceMax)
	return err
}

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[int32, Rule]

// RulesNow are the caller tenant's rules in force.
func (m *Monitor) RulesNow(ctx context.Context) (Rules, error) {
	rows, err := m.Q.Rules(ctx, "")
	if err != nil {
		return Rules{}, err
	}
	return RulesOf(ruletable.InForce[int32](rows)), nil
}

// RuleList is every alarm rule in force.
func (m *Monitor) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[int32](ctx, RuleDefs, m.Q.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (m *Monitor) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, m.Q.Rules)
}

// SubmitRule writes a new version of a rule (audited) and hands the tenant's
// rules to the engine.
func (m *Monitor) SubmitRule(ctx context.Context, code string, value int32, source string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	set, err := ruletable.Submit[int32](ctx, m.ruleStore(), m.allRules, code, value, source,
		func(set map[string]int32) error { return ValidateRule(code, value, source, set) })
	if err != nil {
		return err
	}
	m.Engine.SetRules(id.TenantID, RulesOf(set))
	return nil
}

// RulesByTenant are the rules in force of each tenant among every stored version.
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

// ruleStore writes monitor's rule versions for ruletable.Submit.
func (m *Monitor) ruleStore() ruletable.Store[int32] {
	return ruletable.Store[int32]{Tx: m.Tx, Create: func(ctx context.Context, code string, value int32, source string, version int32) error {
		return m.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
}

func (m *Monitor) allRules(ctx context.Context) ([]Rule, error) { return m.Q.Rules(ctx, "") }
