package biz

import (
	"context"
	"log/slog"
	"time"

	"anquan/kit/ident"
	"anquan/kit/obs"
	"anquan/kit/timefmt"
)

// maxWindowsPerPlan bounds one run for one plan (an hourly plan after a
// year of downtime is 8,760 windows; the rest follows on the next run).
const maxWindowsPerPlan = 20000

// Cursor is where a plan's generation resumes.
type Cursor struct {
	Seq   int64
	Start time.Time
}

// GenerateResult summarises one run for one tenant.
type GenerateResult struct {
	Plans, Created, Missed, Overdue, HazardsOverdue int
	Took                                            time.Duration
}

// Generate creates the tasks of every enabled plan of the caller's tenant
// for windows starting before until, then flags overdue tasks and hazards.
// Windows already over are created as 5 (missed, not made up) — a window is
// never skipped silently. Insert-or-ignore on (tenant, plan, start) makes a
// second replica or a rerun harmless; cursors only move forward.
func (p *Prevention) Generate(ctx context.Context, until time.Time) (*GenerateResult, error) {
	began := time.Now()
	now := p.Now()
	if until.IsZero() {
		until = now
	}
	plans, err := p.Q.DuePlans(ctx, until)
	if err != nil {
		return nil, err
	}
	res := &GenerateResult{Plans: len(plans)}
	var batch []CheckTask
	cursors := map[int64]Cursor{}
	for i := range plans {
		pl := &plans[i]
		if pl.CheckCycle <= 0 {
			continue
		}
		c := Cycle{Anchor: pl.StartTime, N: pl.CheckCycle, Unit: pl.CheckCycleUnit}
		k := pl.NextSeq
		for n := 0; n < maxWindowsPerPlan; n++ {
			s, e := c.Window(k)
			if s.After(until) || (pl.EndTime != nil && !s.Before(*pl.EndTime)) {
				break
			}
			st := NewTaskState(e, now)
			if st == TaskMissed {
				res.Missed++
			}
			batch = append(batch, CheckTask{
				PlanID: pl.ID, MeasureID: pl.MeasureID, UnitID: pl.UnitID, UnitName: pl.UnitName, PlanName: pl.Name,
				TroubleshootContent: pl.TroubleshootContent, StartTime: s, EndTime: e, TaskState: st,
				DutyType: pl.DutyType, DeptID: pl.DeptID, PostID: pl.PostID, PostName: pl.PostName,
				ResponsibleUserID: pl.ResponsibleUserID, ResponsibleUserName: pl.ResponsibleUserName,
				CheckStatus: -1, CheckCycle: pl.CheckCycle, CheckCycleUnit: pl.CheckCycleUnit,
			})
			k++
		}
		if k != pl.NextSeq || pl.NextStart == nil {
			cursors[pl.ID] = Cursor{Seq: k, Start: c.Start(k)}
		}
	}
	err = p.Tx.Tx(ctx, func(ctx context.Context) error {
		created, err := p.Q.InsertTasks(ctx, batch)
		if err != nil {
			return err
		}
		res.Created = int(created)
		return p.Q.SetNextSeq(ctx, cursors)
	})
	if err != nil {
		return nil, err
	}
	if res.Created < len(batch) {
		// Another replica made some of them: count only ours as missed.
		res.Missed = min(res.Missed, res.Created)
	}
	n, err := p.Q.ExpireTasks(ctx, now)
	if err != nil {
		return nil, err
	}
	res.Overdue = int(n)
	if res.HazardsOverdue, err = p.FlagOverdueHazards(ctx); err != nil {
		return nil, err
	}
	res.Took = time.Since(began)
	return res, nil
}

// FlagOverdueHazards marks open hazards past their deadline and tells the
// liable person, once per hazard (the flag is set with a conditional
// update in the same transaction as the event).
func (p *Prevention) FlagOverdueHazards(ctx context.Context) (int, error) {
	due, err := p.Q.DueHazards(ctx, p.Now(), 500)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, h := range due {
		err := p.Tx.Tx(ctx, func(ctx context.Context) error {
			ok, err := p.Q.FlagOverdue(ctx, h.ID)
			if err != nil || !ok {
				return err
			}
			n++
			return p.Outbox.Add(ctx, "prevention.hazard.overdue", h.TenantID, map[string]any{
				"hazardId": itoa(h.ID), "hazardName": h.DangerName, "dangerLevel": DangerLevels[h.DangerLevel],
				"deadline": timefmt.FormatPtr(h.Deadline), "responsibleUserId": itoa(h.LiableUserID),
				"responsibleUserName": h.LiableUserName, "unitName": h.UnitName,
			})
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Tick runs Generate for every tenant with enabled plans (the scheduler).
func (p *Prevention) Tick(ctx context.Context) {
	tenants, err := p.Q.Tenants(ident.AsSystem(ctx))
	if err != nil {
		slog.Warn("prevention scheduler: tenants", "err", err)
		return
	}
	for _, t := range tenants {
		if ctx.Err() != nil {
			return
		}
		tctx, end := obs.StartJob(ident.ForTenant(ctx, t), "prevention.schedule")
		res, err := p.Generate(tctx, time.Time{})
		end()
		if err != nil {
			slog.Warn("prevention scheduler", "tenant", t, "err", err)
			continue
		}
		if res.Created+res.Overdue+res.HazardsOverdue > 0 {
			slog.Info("prevention scheduler", "tenant", t, "created", res.Created, "missed", res.Missed, "overdue", res.Overdue, "hazardsOverdue", res.HazardsOverdue)
		}
	}
}
