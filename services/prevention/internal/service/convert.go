package service

import (
	"anquan/kit/db"
	"anquan/kit/timefmt"
	"anquan/prevention/internal/biz"
	pb "anquan/proto/blade/prevention/v1"
)

func ft(b *db.Base) (string, string) {
	return timefmt.Format(b.CreateTime), timefmt.Format(b.UpdateTime)
}

func objectOut(o *biz.RiskObject) *pb.RiskObject {
	c, u := ft(&o.Base)
	return &pb.RiskObject{Id: o.ID, TenantId: o.TenantID, Name: o.Name, Code: o.Code, AreaId: o.AreaID, AreaName: o.AreaName,
		DeptId: o.DeptID, DeptName: o.DeptName, ResponsibleUserId: o.ResponsibleUserID, ResponsibleUserName: o.ResponsibleUserName,
		Remark: o.Remark, UnitCount: int32(o.UnitCount), CreateUser: o.CreateUser, CreateTime: c, UpdateTime: u, Status: o.Status, IsDeleted: o.IsDeleted}
}

func objectIn(p *pb.RiskObject) *biz.RiskObject {
	o := &biz.RiskObject{Name: p.Name, Code: p.Code, AreaID: p.AreaId, DeptID: p.DeptId, DeptName: p.DeptName,
		ResponsibleUserID: p.ResponsibleUserId, ResponsibleUserName: p.ResponsibleUserName, Remark: p.Remark}
	o.ID = p.Id
	return o
}

func unitOut(x *biz.RiskUnit) *pb.RiskUnit {
	c, u := ft(&x.Base)
	return &pb.RiskUnit{Id: x.ID, TenantId: x.TenantID, ObjectId: x.ObjectID, ObjectName: x.ObjectName, Code: x.Code, Name: x.Name,
		HazardCode: x.HazardCode, DeptId: x.DeptID, DeptName: x.DeptName, ResponsibleUserId: x.ResponsibleUserID,
		ResponsibleUserName: x.ResponsibleUserName, RiskClass: x.RiskClass, RiskLevel: x.RiskLevel, RiskColour: biz.Colour(x.RiskLevel),
		OperationState: x.OperationState, Remark: x.Remark, EventCount: int32(x.EventCount), AreaId: x.AreaID, AreaName: x.AreaName,
		CreateUser: x.CreateUser, CreateTime: c, UpdateTime: u, Status: x.Status, IsDeleted: x.IsDeleted}
}

func unitIn(p *pb.RiskUnit) *biz.RiskUnit {
	x := &biz.RiskUnit{ObjectID: p.ObjectId, Code: p.Code, Name: p.Name, HazardCode: p.HazardCode, DeptID: p.DeptId, DeptName: p.DeptName,
		ResponsibleUserID: p.ResponsibleUserId, ResponsibleUserName: p.ResponsibleUserName, RiskClass: p.RiskClass,
		OperationState: p.OperationState, Remark: p.Remark}
	x.ID = p.Id
	return x
}

func eventOut(e *biz.RiskEvent) *pb.RiskEvent {
	c, u := ft(&e.Base)
	return &pb.RiskEvent{Id: e.ID, TenantId: e.TenantID, UnitId: e.UnitID, UnitName: e.UnitName, Name: e.Name, Description: e.Description,
		Method: e.Method, L: e.L, E: e.E, C: e.C, S: e.S, Score: e.Score, RiskLevel: e.RiskLevel, RiskColour: biz.Colour(e.RiskLevel),
		ControlLevel: e.ControlLevel, Remark: e.Remark, CreateUser: e.CreateUser, CreateTime: c, UpdateTime: u, Status: e.Status, IsDeleted: e.IsDeleted}
}

func eventIn(p *pb.RiskEvent) *biz.RiskEvent {
	e := &biz.RiskEvent{UnitID: p.UnitId, Name: p.Name, Description: p.Description, Method: p.Method, L: p.L, E: p.E, C: p.C, S: p.S,
		ControlLevel: p.ControlLevel, Remark: p.Remark}
	e.ID = p.Id
	return e
}

func measureOut(m *biz.Measure) *pb.Measure {
	c, u := ft(&m.Base)
	return &pb.Measure{Id: m.ID, TenantId: m.TenantID, EventId: m.EventID, EventName: m.EventName, UnitId: m.UnitID, UnitName: m.UnitName,
		DataSrc: m.DataSrc, Classify1: m.Classify1, Classify2: m.Classify2, Classify3: m.Classify3, Description: m.Description,
		TroubleshootContent: m.TroubleshootContent, Remark: m.Remark, CreateUser: m.CreateUser, CreateTime: c, UpdateTime: u, Status: m.Status, IsDeleted: m.IsDeleted}
}

func measureIn(p *pb.Measure) *biz.Measure {
	m := &biz.Measure{EventID: p.EventId, DataSrc: p.DataSrc, Classify1: p.Classify1, Classify2: p.Classify2, Classify3: p.Classify3,
		Description: p.Description, TroubleshootContent: p.TroubleshootContent, Remark: p.Remark}
	m.ID = p.Id
	return m
}

func planOut(x *biz.CheckPlan) *pb.CheckPlan {
	c, u := ft(&x.Base)
	return &pb.CheckPlan{Id: x.ID, TenantId: x.TenantID, MeasureId: x.MeasureID, MeasureDesc: x.MeasureDesc, EventId: x.EventID,
		UnitId: x.UnitID, UnitName: x.UnitName, Name: x.Name, TroubleshootContent: x.TroubleshootContent, CheckCycle: x.CheckCycle,
		CheckCycleUnit: x.CheckCycleUnit, DutyType: x.DutyType, DeptId: x.DeptID, DeptName: x.DeptName, PostId: x.PostID, PostName: x.PostName,
		ResponsibleUserId: x.ResponsibleUserID, ResponsibleUserName: x.ResponsibleUserName, StartTime: timefmt.Format(x.StartTime),
		EndTime: timefmt.FormatPtr(x.EndTime), Enabled: x.Enabled, NextWindow: biz.NextWindow(x), Remark: x.Remark,
		CreateUser: x.CreateUser, CreateTime: c, UpdateTime: u, Status: x.Status, IsDeleted: x.IsDeleted}
}

func planIn(p *pb.CheckPlan) *biz.PlanInput {
	x := &biz.PlanInput{CheckPlan: biz.CheckPlan{MeasureID: p.MeasureId, Name: p.Name, TroubleshootContent: p.TroubleshootContent,
		CheckCycle: p.CheckCycle, CheckCycleUnit: p.CheckCycleUnit, DutyType: p.DutyType, DeptID: p.DeptId, DeptName: p.DeptName,
		PostID: p.PostId, PostName: p.PostName, ResponsibleUserID: p.ResponsibleUserId, ResponsibleUserName: p.ResponsibleUserName,
		Enabled: p.Enabled, Remark: p.Remark}, Start: p.StartTime, End: p.EndTime}
	x.ID = p.Id
	return x
}

func taskOut(t *biz.CheckTask) *pb.CheckTask {
	return &pb.CheckTask{Id: t.ID, TenantId: t.TenantID, PlanId: t.PlanID, PlanName: t.PlanName, MeasureId: t.MeasureID, MeasureDesc: t.PlanName,
		UnitId: t.UnitID, UnitName: t.UnitName, TroubleshootContent: t.TroubleshootContent, StartTime: timefmt.Format(t.StartTime),
		EndTime: timefmt.Format(t.EndTime), TaskState: t.TaskState, DutyType: t.DutyType, DeptId: t.DeptID, PostId: t.PostID, PostName: t.PostName,
		ResponsibleUserId: t.ResponsibleUserID, ResponsibleUserName: t.ResponsibleUserName, RecordId: t.RecordID,
		CheckTime: timefmt.FormatPtr(t.CheckTime), CheckUserName: t.CheckUserName, CheckStatus: t.CheckStatus, CheckCycle: t.CheckCycle,
		CheckCycleUnit: t.CheckCycleUnit, CreateTime: timefmt.Format(t.CreateTime), Status: t.Status, IsDeleted: t.IsDeleted}
}

func recordOut(r *biz.CheckRecord) *pb.CheckRecord {
	return &pb.CheckRecord{Id: r.ID, TenantId: r.TenantID, TaskId: r.TaskID, PlanId: r.PlanID, UnitId: r.UnitID, UnitName: r.UnitName,
		MeasureDesc: r.MeasureDesc, CheckTime: timefmt.Format(r.CheckTime), CheckStatus: r.CheckStatus, CheckUserId: r.CheckUserID,
		CheckUserName: r.CheckUserName, Photos: r.Photos, Remark: r.Remark, HazardId: r.HazardID, TaskState: r.TaskState,
		TaskStartTime: timefmt.Format(r.TaskStartTime), TaskEndTime: timefmt.Format(r.TaskEndTime), CreateTime: timefmt.Format(r.CreateTime),
		Status: r.Status, IsDeleted: r.IsDeleted}
}

func recordIn(p *pb.CheckRecord) *biz.RecordInput {
	in := &biz.RecordInput{CheckRecord: biz.CheckRecord{TaskID: p.TaskId, CheckStatus: p.CheckStatus, Photos: p.Photos, Remark: p.Remark},
		CheckTimeText: p.CheckTime}
	if p.Hazard != nil {
		in.Hazard = hazardIn(p.Hazard)
	}
	return in
}

func hazardOut(h *biz.Hazard) *pb.Hazard {
	c, u := ft(&h.Base)
	return &pb.Hazard{Id: h.ID, TenantId: h.TenantID, DangerName: h.DangerName, DangerDesc: h.DangerDesc, DangerLevel: h.DangerLevel,
		DangerSrc: h.DangerSrc, DangerManageType: h.DangerManageType, HazardDangerType: h.HazardDangerType, UnitId: h.UnitID,
		UnitName: h.UnitName, MeasureId: h.MeasureID, TaskId: h.TaskID, RecordId: h.RecordID, DangerLocation: h.DangerLocation,
		ReportUserId: h.ReportUserID, ReportUserName: h.ReportUserName, ReportTime: timefmt.Format(h.ReportTime),
		Deadline: timefmt.FormatPtr(h.Deadline), LiableDeptId: h.LiableDeptID, LiableDeptName: h.LiableDeptName,
		LiableUserId: h.LiableUserID, LiableUserName: h.LiableUserName, Photos: h.Photos, TreatmentPlan: h.TreatmentPlan,
		RectifyMeasures: h.RectifyMeasures, RectifyPhotos: h.RectifyPhotos, RectifyTime: timefmt.FormatPtr(h.RectifyTime),
		RectifyUserName: h.RectifyUserName, RectifyCost: h.RectifyCost, AssessUserName: h.AssessUserName,
		AssessTime: timefmt.FormatPtr(h.AssessTime), AssessComment: h.AssessComment, AcceptUserId: h.AcceptUserID,
		AcceptUserName: h.AcceptUserName, AcceptTime: timefmt.FormatPtr(h.AcceptTime), AcceptComment: h.AcceptComment,
		DangerState: h.DangerState, Overdue: h.Overdue, ProcessInstanceId: h.ProcessInstanceID, CreateUser: h.CreateUser,
		CreateTime: c, UpdateTime: u, Status: h.Status, IsDeleted: h.IsDeleted, SourceSvc: h.SourceSvc, SourceLink: h.SourceLink}
}

func hazardIn(p *pb.Hazard) *biz.HazardInput {
	h := &biz.HazardInput{Hazard: biz.Hazard{DangerName: p.DangerName, DangerDesc: p.DangerDesc, DangerLevel: p.DangerLevel,
		DangerSrc: p.DangerSrc, DangerManageType: p.DangerManageType, HazardDangerType: p.HazardDangerType, UnitID: p.UnitId,
		MeasureID: p.MeasureId, DangerLocation: p.DangerLocation, LiableDeptID: p.LiableDeptId, LiableDeptName: p.LiableDeptName,
		LiableUserID: p.LiableUserId, LiableUserName: p.LiableUserName, Photos: p.Photos, TreatmentPlan: p.TreatmentPlan},
		ReportTimeText: p.ReportTime, DeadlineText: p.Deadline}
	h.ID = p.Id
	return h
}

func actionIn(p *pb.HazardAction) *biz.HazardAction {
	return &biz.HazardAction{ID: p.Id, Pass: p.Pass, Comment: p.Comment, DangerLevel: p.DangerLevel, DangerManageType: p.DangerManageType,
		Deadline: p.Deadline, LiableUserID: p.LiableUserId, LiableUserName: p.LiableUserName, LiableDeptID: p.LiableDeptId,
		LiableDeptName: p.LiableDeptName, TreatmentPlan: p.TreatmentPlan, RectifyMeasures: p.RectifyMeasures,
		RectifyPhotos: p.RectifyPhotos, RectifyCost: p.RectifyCost}
}

func countsOut(in []biz.Count) []*pb.CountItem {
	out := make([]*pb.CountItem, 0, len(in))
	for _, c := range in {
		out = append(out, &pb.CountItem{Code: c.Code, Name: c.Name, Count: int32(c.Count)})
	}
	return out
}
