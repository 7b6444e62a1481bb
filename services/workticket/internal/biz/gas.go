package biz

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// DecodeReadings reads a sample's readings.
func DecodeReadings(s *GasSample) []Reading {
	var r []Reading
	_ = json.Unmarshal([]byte(s.Readings), &r)
	return r
}

// AddSample judges and stores a gas analysis made by the caller (the
// analyst). A failed monitoring sample during work pauses the job (the
// standard: stop work on any exceedance). It returns the sample and its
// permit number.
func (w *Workticket) AddSample(ctx context.Context, s *GasSample, readings []Reading) (*GasSample, string, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, "", err
	}
	t, err := w.Get(ctx, s.TicketID)
	if err != nil {
		return nil, "", err
	}
	if err := w.authorize(ctx, me, t, ActGas); err != nil {
		return nil, "", err
	}
	if err := CheckState(ActGas, StateOf(t)); err != nil {
		return nil, "", err
	}
	now := w.Now()
	if s.SampleTime.IsZero() {
		s.SampleTime = now
	}
	if s.SampleTime.After(now.Add(time.Minute)) {
		return nil, "", errs.BadRequest("取样时间不能晚于当前时间")
	}
	if s.SampleKind == 0 {
		s.SampleKind = SampleBefore
	}
	if s.SampleKind != SampleBefore && s.SampleKind != SampleMonitor {
		return nil, "", errs.BadRequest("取样类型无效(1 作业前分析, 2 连续监测)")
	}
	if s.SampleKind == SampleMonitor && t.JobStatus != JobInProgress {
		return nil, "", errs.Rule("ILLEGAL_TRANSITION", "作业尚未开始,不能录入作业中监测数据")
	}
	if len(readings) > 50 {
		return nil, "", errs.BadRequest("一次最多50项检测数据")
	}
	// The analyst is the caller: an analyst named in the body is ignored.
	s.AnalystID, s.AnalystName = me.UserID, me.UserName
	enriched := false
	if c := DecodeDetail(t).ConfinedSpace; c != nil {
		enriched = c.OxygenEnriched
	}
	s.Qualified, s.Reason = JudgeSample(t.WorkType, readings, enriched)
	s.Readings = encode(readings)
	err = w.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := w.Gas.Create(ctx, s); err != nil {
			return err
		}
		if s.SampleKind == SampleMonitor && !s.Qualified && !t.Paused {
			ok, err := w.Q.Transition(ctx, t.ID, StateOf(t), map[string]any{"paused": true, "pause_time": s.SampleTime})
			if err != nil || !ok {
				return err
			}
			return w.Signs.Create(ctx, &Signature{TicketID: t.ID, TaskName: "暂停作业", Action: ActPause, UserID: me.UserID, UserName: me.UserName, Comment: "气体监测不合格,作业自动暂停: " + s.Reason, SignTime: now})
		}
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	return s, t.TicketNo, nil
}

// Samples of a permit, newest first.
func (w *Workticket) Samples(ctx context.Context, ticketID int64) ([]GasSample, error) {
	if ticketID <= 0 {
		return nil, errs.BadRequest("缺少 ticketId 参数")
	}
	return w.Gas.List(ctx, paging.Query{Filters: map[string]string{"ticketId_equal": strconv.FormatInt(ticketID, 10)}, Descs: "sampleTime"}, 1000)
}
