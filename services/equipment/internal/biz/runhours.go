package biz

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/valid"
)

// Reading sources.
const (
	SourceManual  = 1
	SourceCounter = 2
)

// Run-hour bounds.
const (
	MaxRunHours      = 1000000 // an hour meter's range (over 100 years); keeps HoursDueKey within 10 characters
	MaxIntervalHours = 100000
)

// RunReading is one run-hour reading of an equipment (运行小时读数): the
// hour meter's raw value, entered by hand or sent by a counter, and the
// cumulative run hours it gives. Readings are never edited.
type RunReading struct {
	db.Base
	EquipmentID   int64   `gorm:"not null"`
	EquipmentCode string  `gorm:"size:64;not null;default:''"`
	EquipmentName string  `gorm:"size:100;not null;default:''"`
	Source        int32   `gorm:"not null;default:1"`
	Reading       float64 `gorm:"not null"`
	RunHours      float64 `gorm:"not null"`
	// Reset 1: the counter was reset (cleared, replaced) before this
	// reading; Reason says why.
	Reset        int32     `gorm:"not null;default:0"`
	Reason       string    `gorm:"size:200;not null;default:''"`
	ReadAt       time.Time `gorm:"not null"`
	OperatorID   int64     `gorm:"not null;default:0"`
	OperatorName string    `gorm:"size:100;not null;default:''"`
}

func (RunReading) TableName() string { return "equipment_run_reading" }

// HoursDueState is a run-hour plan's due state: 已到期 when the run hours
// reached the next maintenance's (exactly at the interval is due), 即将到期
// within the lead hours, else none.
func HoursDueState(e *Equipment) int32 {
	if e.MaintainMode != ModeRunHours || e.MaintainIntervalHours <= 0 || e.Lifecycle == LifecycleScrapped {
		return DueNone
	}
	left := e.NextMaintainHours - e.RunHours
	switch {
	case left <= 0:
		return DueOverdue
	case left <= float64(e.MaintainLeadHours):
		return DueSoon
	}
	return DueNone
}

// HoursLeft is the run hours left to the next maintenance (negative when
// past it; 0 when not by run hours).
func HoursLeft(e *Equipment) float64 {
	if e.MaintainMode != ModeRunHours || e.MaintainIntervalHours <= 0 {
		return 0
	}
	return round1(e.NextMaintainHours - e.RunHours)
}

// round1 keeps one decimal (hour meters show tenths).
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// validatePlan checks the maintenance plan fields of a ledger row and
// clears the ones of the other mode.
func validatePlan(e *Equipment) error {
	if e.MaintainMode == 0 {
		e.MaintainMode = ModeCalendar
	}
	switch e.MaintainMode {
	case ModeCalendar:
		e.MaintainIntervalHours, e.MaintainLeadHours = 0, 0
	case ModeRunHours:
		if e.MaintainIntervalHours < 1 || e.MaintainIntervalHours > MaxIntervalHours {
			return errs.BadRequest("按运行小时维护时,维护间隔应在 1 到 %d 小时之间", MaxIntervalHours)
		}
		if e.MaintainLeadHours < 0 || e.MaintainLeadHours >= e.MaintainIntervalHours {
			return errs.BadRequest("提前提醒小时数应不小于 0 且小于维护间隔")
		}
		e.MaintainCycleDays = 0
	default:
		return errs.BadRequest("维护方式只能是 1 按日历 或 2 按运行小时")
	}
	if e.RunHours < 0 || e.RunHours > MaxRunHours || math.IsNaN(e.RunHours) {
		return errs.BadRequest("累计运行小时应在 0 到 %d 之间", MaxRunHours)
	}
	e.RunHours = round1(e.RunHours)
	return nil
}

// planHours sets the next maintenance's run hours from the last one and
// the due state.
func planHours(e *Equipment) {
	e.NextMaintainHours = 0
	if e.MaintainMode == ModeRunHours {
		e.NextMaintainHours = e.LastMaintainHours + float64(e.MaintainIntervalHours)
	}
	e.HoursDue = HoursDueState(e)
}

// SubmitReading enters a run-hour reading (never an edit): by hand or from
// a counter (the equipment by id or by code), by the equipment's
// responsible person or a manager. The reading may not go below the last
// one unless the counter was reset, with a reason: the cumulative run
// hours then add the new reading from 0. The equipment's run hours and
// its run-hour plan's due state move in the same transaction.
func (l *Ledger) SubmitReading(ctx context.Context, rd *RunReading) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if rd.ID != 0 {
		return errs.BadRequest("运行小时读数不能修改,如有错误请按计数器清零重新登记")
	}
	if rd.Source == 0 {
		rd.Source = SourceManual
	}
	if rd.Source != SourceManual && rd.Source != SourceCounter {
		return errs.BadRequest("读数来源只能是 1 手工录入 或 2 计数器")
	}
	if math.IsNaN(rd.Reading) || rd.Reading < 0 || rd.Reading > MaxRunHours {
		return errs.BadRequest("读数应在 0 到 %d 小时之间", MaxRunHours)
	}
	rd.Reading = round1(rd.Reading)
	rd.Reason = strings.TrimSpace(rd.Reason)
	if err := valid.MaxLens(valid.F("原因", rd.Reason, 200)); err != nil {
		return err
	}
	if rd.Reset != 0 && rd.Reset != 1 {
		return errs.BadRequest("计数器清零只能是 0 否 或 1 是")
	}
	if rd.Reset == 1 && rd.Reason == "" {
		return errs.BadRequest("计数器清零须填写原因")
	}
	var e *Equipment
	switch {
	case rd.EquipmentID != 0:
		e, err = l.Items.Get(ctx, rd.EquipmentID)
		if errs.IsNotFound(err) {
			return errs.BadRequest("设备不存在")
		}
	case strings.TrimSpace(rd.EquipmentCode) != "":
		e, err = l.Items.FindBy(ctx, "code = ? AND is_deleted = 0", strings.TrimSpace(rd.EquipmentCode))
		if err == nil && e == nil {
			return errs.BadRequest("设备编码 %s 不存在", strings.TrimSpace(rd.EquipmentCode))
		}
	default:
		return errs.BadRequest("请选择设备")
	}
	if err != nil {
		return err
	}
	if err := l.mayRecord(ctx, id, e); err != nil {
		return err
	}
	if e.Lifecycle == LifecycleScrapped {
		return errs.Rule("SCRAPPED", "设备「%s」已报废,不能登记运行小时", e.Name)
	}
	if rd.Reset == 0 && rd.Reading < e.CounterReading {
		return errs.BadRequest("读数 %s 小时小于上次读数 %s 小时:运行小时不能减少;如计数器已清零或更换,请选择计数器清零并填写原因",
			fmtHours(rd.Reading), fmtHours(e.CounterReading))
	}
	gain := rd.Reading - e.CounterReading
	if rd.Reset == 1 {
		gain = rd.Reading
	}
	e.RunHours = round1(e.RunHours + gain)
	if e.RunHours > MaxRunHours {
		return errs.BadRequest("累计运行小时不能超过 %d", MaxRunHours)
	}
	e.CounterReading = rd.Reading
	e.HoursDue = HoursDueState(e)
	now := l.Now()
	rd.EquipmentID, rd.EquipmentCode, rd.EquipmentName = e.ID, e.Code, e.Name
	rd.RunHours, rd.ReadAt = e.RunHours, now
	rd.OperatorID, rd.OperatorName = id.UserID, id.DisplayName()
	return l.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := l.Readings.Create(ctx, rd); err != nil {
			return err
		}
		return l.Items.Update(ctx, e.ID, e, "run_hours", "counter_reading", "hours_due", "update_user", "update_time")
	})
}

func fmtHours(v float64) string { return strconv.FormatFloat(round1(v), 'f', -1, 64) }
