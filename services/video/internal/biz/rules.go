package biz

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/ruletable"
	"anquan/kit/valid"
)

// Rule is one stored version of a video rule of a tenant; the highest
// version of a code is in force (kit/ruletable).
type Rule struct {
	db.Base
	Code    string `gorm:"size:64;not null"`
	Value   int32  `gorm:"not null"`
	Source  string `gorm:"size:200;not null;default:''"`
	Version int32  `gorm:"not null"`
}

func (Rule) TableName() string { return "video_rule" }

// Versioned is what ruletable reads of a stored version.
func (r *Rule) Versioned() (string, int32, int32) { return r.Code, r.Value, r.Version }

// RuleSnapshotDays is how long the stored snapshot of a handled alarm is
// kept (days after the alarm; 0: kept for good).
const RuleSnapshotDays = "snapshot.retention.days"

// RuleSourceMax bounds a rule version's stated basis.
const RuleSourceMax = 200

// RuleDef is a rule's meaning and default.
type RuleDef = ruletable.Def[int32]

// RuleDefs are every video rule, in display order. No national rule sets
// how long an AI alarm's frame is kept (the research notes name none), so
// the default is the platform's own: half a year, long enough for the
// monthly and quarterly reviews of handled alarms.
var RuleDefs = ruletable.Table[int32]{
	{Code: RuleSnapshotDays, Name: "已处理报警抓拍图片保存天数(0 为永久保存)", Unit: "天",
		Source: "本平台默认(无国家规定):半年,覆盖月度、季度复盘;未处理的报警始终保留抓拍", Default: 180},
}

// ruleBounds are each rule's accepted values.
var ruleBounds = map[string][2]int32{RuleSnapshotDays: {0, 3650}}

// ValidateRule checks a new value of a rule and its stated basis.
func ValidateRule(code string, value int32, source string) error {
	d, ok := RuleDefs.Of(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	if b := ruleBounds[code]; value < b[0] || value > b[1] {
		return errs.BadRequest("%s应在 %d 到 %d %s之间", d.Name, b[0], b[1], d.Unit)
	}
	_, err := valid.Text("规则依据", source, RuleSourceMax)
	return err
}

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[int32, Rule]

// RuleQueries are the rule reads of the service.
type RuleQueries interface {
	// Rules are the caller tenant's versions (of code, or of every code
	// when empty), newest first.
	Rules(ctx context.Context, code string) ([]Rule, error)
}

// RuleList is every video rule in force.
func (v *Video) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[int32](ctx, RuleDefs, v.RuleQ.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (v *Video) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, v.RuleQ.Rules)
}

// SubmitRule writes a new version of a rule of the caller's tenant.
func (v *Video) SubmitRule(ctx context.Context, code string, value int32, source string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	code = strings.TrimSpace(code)
	store := ruletable.Store[int32]{Tx: v.Tx, Create: func(ctx context.Context, code string, value int32, source string, version int32) error {
		return v.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
	_, err := ruletable.Submit[int32](ctx, store, func(ctx context.Context) ([]Rule, error) { return v.RuleQ.Rules(ctx, "") },
		code, value, source, func(map[string]int32) error { return ValidateRule(code, value, source) })
	return err
}

// SnapshotSweep is what the retention sweep reads and writes (system
// context, every tenant).
type SnapshotSweep interface {
	// SnapshotTenants are the tenants with a handled alarm whose stored
	// snapshot is still there.
	SnapshotTenants(ctx context.Context) ([]string, error)
	// AllRules are the tenant's rule versions.
	TenantRules(ctx context.Context, tenant string) ([]Rule, error)
	// ExpiredSnapshots are up to limit handled alarms of the tenant raised
	// before cutoff whose stored snapshot is still there.
	ExpiredSnapshots(ctx context.Context, tenant string, cutoff time.Time, limit int) ([]Alarm, error)
	// ClearSnapshot empties an alarm's snapshot and marks it expired.
	ClearSnapshot(ctx context.Context, tenant string, id int64) error
}

// sweepBatch bounds the alarms one tenant's sweep clears per pass; a
// backlog drains over the following passes.
const sweepBatch = 500

// SweepSnapshots deletes the stored snapshots of handled alarms older than
// each tenant's retention (rule snapshot.retention.days; 0 keeps them) and
// marks those alarms expired; the alarm rows stay, and an unhandled alarm
// keeps its snapshot whatever its age (it is still evidence to look at).
// It answers how many snapshots it deleted.
func (v *Video) SweepSnapshots(ctx context.Context) (int, error) {
	if v.Sweep == nil || v.Snaps == nil {
		return 0, nil
	}
	ctx = ident.AsSystem(ctx)
	tenants, err := v.Sweep.SnapshotTenants(ctx)
	if err != nil {
		return 0, err
	}
	now := v.Now()
	n := 0
	for _, tenant := range tenants {
		rows, err := v.Sweep.TenantRules(ctx, tenant)
		if err != nil {
			return n, err
		}
		days := RuleDefs.Get(ruletable.InForce[int32](rows), RuleSnapshotDays)
		if days <= 0 {
			continue
		}
		alarms, err := v.Sweep.ExpiredSnapshots(ctx, tenant, now.AddDate(0, 0, -int(days)), sweepBatch)
		if err != nil {
			return n, err
		}
		for _, a := range alarms {
			name := strings.TrimPrefix(a.Snapshot, SnapshotPath)
			if !snapshotName.MatchString(name) {
				continue // not one the service stored
			}
			// The object first: a failed delete leaves the key, and the next pass retries.
			if err := v.Snaps.Delete(ctx, snapshotKey(tenant, name)); err != nil {
				slog.Warn("video: expired snapshot not deleted", "tenant", tenant, "alarm", a.ID, "err", err)
				continue
			}
			if err := v.Sweep.ClearSnapshot(ctx, tenant, a.ID); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
