package service

import (
	"encoding/json"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/workticket/v1"
	"anquan/workticket/internal/biz"
)

// viaJSON copies a proto message into a biz struct with the same camelCase
// JSON names (the type-specific fields, measures, readings), so the two
// shapes cannot drift field by field.
func viaJSON(m proto.Message, out any) error {
	if m == nil {
		return nil
	}
	b, err := protojson.Marshal(m)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func toProto(v any, m proto.Message) {
	b, _ := json.Marshal(v)
	_ = protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(b, m)
}

func parseTime(s, what string, required bool) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		if required {
			return time.Time{}, errs.BadRequest("请填写%s", what)
		}
		return time.Time{}, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return time.Time{}, errs.BadRequest("%s格式应为 yyyy-MM-dd HH:mm:ss", what)
	}
	// Stored in the process zone like the audit columns (SQLite compares
	// times as text); shown in the tenant zone by timefmt.
	return t.Local(), nil
}

// fromPermit reads a submitted permit.
func fromPermit(p *pb.Permit) (*biz.Ticket, biz.Detail, []biz.Measure, error) {
	var d biz.Detail
	start, err := parseTime(p.PlanStartTime, "计划开始时间", true)
	if err != nil {
		return nil, d, nil, err
	}
	end, err := parseTime(p.PlanEndTime, "计划结束时间", true)
	if err != nil {
		return nil, d, nil, err
	}
	t := &biz.Ticket{
		WorkType: strings.TrimSpace(p.WorkType), WorkUnit: strings.TrimSpace(p.WorkUnit), WorkUnitID: p.WorkUnitId,
		AreaID: p.AreaId, Location: strings.TrimSpace(p.Location), Content: p.Content, OperatorIDs: p.OperatorIds,
		GuardianID: p.GuardianId, PlanStart: start, PlanEnd: end, HazardCodes: strings.TrimSpace(p.HazardCodes),
		RelatedTicketNos: p.RelatedTicketNos, Attachments: p.Attachments, Remark: p.Remark,
	}
	t.ID = p.Id
	if len([]rune(t.Content)) > 2000 {
		return nil, d, nil, errs.BadRequest("作业内容最多2000字")
	}
	conv := []struct {
		m   proto.Message
		dst any
	}{
		{p.HotWork, &d.HotWork}, {p.ConfinedSpace, &d.ConfinedSpace}, {p.BlindPlate, &d.BlindPlate}, {p.Altitude, &d.Altitude},
		{p.Lifting, &d.Lifting}, {p.TemporaryPower, &d.TemporaryPower}, {p.BreakGround, &d.BreakGround}, {p.OpenCircuit, &d.OpenCircuit},
	}
	for _, c := range conv {
		if c.m == nil || !c.m.ProtoReflect().IsValid() {
			continue
		}
		if err := viaJSON(c.m, c.dst); err != nil {
			return nil, d, nil, errs.BadRequest("作业票专项字段格式错误")
		}
	}
	var ms []biz.Measure
	if p.SafetyMeasures != nil {
		ms = make([]biz.Measure, 0, len(p.SafetyMeasures))
		for _, m := range p.SafetyMeasures {
			ms = append(ms, biz.Measure{Seq: m.Seq, Content: m.Content, Involved: m.Involved, ConfirmUserID: m.ConfirmUserId, ConfirmTime: m.ConfirmTime})
		}
	}
	return t, d, ms, nil
}

// permit writes a stored permit; actions are the caller's.
func permit(t *biz.Ticket, actions []string) *pb.Permit {
	p := &pb.Permit{
		Id: t.ID, TenantId: t.TenantID, TicketNo: t.TicketNo, WorkType: t.WorkType, WorkTypeName: biz.WorkTypeName(t.WorkType),
		Level: t.Level, LevelName: biz.LevelName(t.WorkType, t.Level), WorkUnit: t.WorkUnit, WorkUnitId: t.WorkUnitID,
		AreaId: t.AreaID, AreaName: t.AreaName, Location: t.Location, Content: t.Content, ApplicantId: t.ApplicantID,
		ApplicantName: t.ApplicantName, ApplyTime: timefmt.FormatPtr(t.ApplyTime), OperatorIds: t.OperatorIDs, OperatorNames: t.OperatorNames,
		GuardianId: t.GuardianID, GuardianName: t.GuardianName, PlanStartTime: timefmt.Format(t.PlanStart),
		PlanEndTime: timefmt.Format(t.PlanEnd), ActualStartTime: timefmt.FormatPtr(t.ActualStart), ActualEndTime: timefmt.FormatPtr(t.ActualEnd),
		HazardCodes: t.HazardCodes, RelatedTicketNos: t.RelatedTicketNos, Attachments: t.Attachments,
		TicketStatus: t.TicketStatus, JobStatus: t.JobStatus, WorkPhase: t.WorkPhase, Paused: t.Paused, PauseTime: timefmt.FormatPtr(t.PauseTime),
		ProcessInstanceId: t.ProcessInstanceID, FlowStatus: t.FlowStatus, FlowTaskName: t.FlowTaskName, IssueTime: timefmt.FormatPtr(t.IssueTime),
		AcceptTime: timefmt.FormatPtr(t.AcceptTime), AcceptUserId: t.AcceptUserID, AcceptUserName: t.AcceptUserName, CloseReason: t.CloseReason,
		Remark: t.Remark, Actions: actions, CreateTime: timefmt.Format(t.CreateTime), UpdateTime: timefmt.Format(t.UpdateTime),
		CreateUser: t.CreateUser,
		Expired: (t.TicketStatus == biz.TicketUnissued || t.TicketStatus == biz.TicketIssued) && t.JobStatus != biz.JobCompleted &&
			!t.PlanEnd.IsZero() && time.Now().After(t.PlanEnd),
	}
	for _, m := range biz.DecodeMeasures(t) {
		p.SafetyMeasures = append(p.SafetyMeasures, &pb.SafetyMeasure{Seq: m.Seq, Content: m.Content, Involved: m.Involved,
			ConfirmUserId: m.ConfirmUserID, ConfirmUserName: m.ConfirmUserName, ConfirmTime: m.ConfirmTime})
	}
	d := biz.DecodeDetail(t)
	if d.HotWork != nil {
		p.HotWork = &pb.HotWork{}
		toProto(d.HotWork, p.HotWork)
	}
	if d.ConfinedSpace != nil {
		p.ConfinedSpace = &pb.ConfinedSpace{}
		toProto(d.ConfinedSpace, p.ConfinedSpace)
	}
	if d.BlindPlate != nil {
		p.BlindPlate = &pb.BlindPlate{}
		toProto(d.BlindPlate, p.BlindPlate)
	}
	if d.Altitude != nil {
		p.Altitude = &pb.Altitude{}
		toProto(d.Altitude, p.Altitude)
	}
	if d.Lifting != nil {
		p.Lifting = &pb.Lifting{}
		toProto(d.Lifting, p.Lifting)
	}
	if d.TemporaryPower != nil {
		p.TemporaryPower = &pb.TemporaryPower{}
		toProto(d.TemporaryPower, p.TemporaryPower)
	}
	if d.BreakGround != nil {
		p.BreakGround = &pb.BreakGround{}
		toProto(d.BreakGround, p.BreakGround)
	}
	if d.OpenCircuit != nil {
		p.OpenCircuit = &pb.OpenCircuit{}
		toProto(d.OpenCircuit, p.OpenCircuit)
	}
	return p
}

// listPermit is a list row: no checklist or type fields (lighter pages;
// the level is a column).
func listPermit(t *biz.Ticket) *pb.Permit {
	p := permit(&biz.Ticket{Base: t.Base, TicketNo: t.TicketNo, WorkType: t.WorkType, Level: t.Level, WorkUnit: t.WorkUnit,
		WorkUnitID: t.WorkUnitID, AreaID: t.AreaID, AreaName: t.AreaName, Location: t.Location, Content: t.Content,
		ApplicantID: t.ApplicantID, ApplicantName: t.ApplicantName, ApplyTime: t.ApplyTime, OperatorIDs: t.OperatorIDs,
		OperatorNames: t.OperatorNames, GuardianID: t.GuardianID, GuardianName: t.GuardianName, PlanStart: t.PlanStart,
		PlanEnd: t.PlanEnd, ActualStart: t.ActualStart, ActualEnd: t.ActualEnd, HazardCodes: t.HazardCodes,
		RelatedTicketNos: t.RelatedTicketNos, TicketStatus: t.TicketStatus, JobStatus: t.JobStatus, WorkPhase: t.WorkPhase,
		Paused: t.Paused, PauseTime: t.PauseTime, ProcessInstanceID: t.ProcessInstanceID, FlowStatus: t.FlowStatus,
		FlowTaskName: t.FlowTaskName, IssueTime: t.IssueTime, AcceptTime: t.AcceptTime, AcceptUserName: t.AcceptUserName,
		CloseReason: t.CloseReason}, nil)
	return p
}

func gasSample(s *biz.GasSample, ticketNo string) *pb.GasSample {
	out := &pb.GasSample{Id: s.ID, TicketId: s.TicketID, TicketNo: ticketNo, SampleTime: timefmt.Format(s.SampleTime),
		SamplePoint: s.SamplePoint, AnalystId: s.AnalystID, AnalystName: s.AnalystName, SampleKind: s.SampleKind,
		Qualified: s.Qualified, Reason: s.Reason, CreateTime: timefmt.Format(s.CreateTime)}
	for _, r := range biz.DecodeReadings(s) {
		out.Readings = append(out.Readings, &pb.GasReading{GasName: r.GasName, GasType: r.GasType, Value: r.Value, Unit: r.Unit,
			Lel: r.LEL, Limit: r.Limit, Qualified: r.Qualified, Reason: r.Reason})
	}
	return out
}

func signature(s *biz.Signature) *pb.Signature {
	return &pb.Signature{Id: s.ID, TicketId: s.TicketID, TaskName: s.TaskName, Action: s.Action, UserId: s.UserID,
		UserName: s.UserName, Comment: s.Comment, Time: timefmt.Format(s.SignTime)}
}

func change(c *biz.GuardianChange) *pb.GuardianChange {
	return &pb.GuardianChange{Id: c.ID, TicketId: c.TicketID, TicketNo: c.TicketNo, WorkType: c.WorkType,
		OldGuardianId: c.OldGuardianID, OldGuardianName: c.OldGuardianName, NewGuardianId: c.NewGuardianID,
		NewGuardianName: c.NewGuardianName, ChangeTime: timefmt.Format(c.ChangeTime), Reason: c.Reason,
		HandoverContent: c.HandoverContent, CreateTime: timefmt.Format(c.CreateTime), CreateUser: c.CreateUser}
}

func briefing(b *biz.Briefing) *pb.Briefing {
	if b == nil {
		return &pb.Briefing{}
	}
	return &pb.Briefing{Id: b.ID, TicketId: b.TicketID, TicketNo: b.TicketNo, BrieferId: b.BrieferID, BrieferName: b.BrieferName,
		BriefingTime: timefmt.Format(b.BriefingTime), Content: b.Content, AttendeeIds: b.AttendeeIDs,
		AttendeeNames: b.AttendeeNames, Attachments: b.Attachments}
}

func statRow(r biz.StatRow) *pb.StatRow {
	return &pb.StatRow{Day: r.Day, WorkType: r.WorkType, WorkTypeName: biz.WorkTypeName(r.WorkType), Level: r.Level,
		LevelName: biz.LevelName(r.WorkType, r.Level), Count: r.Count}
}
