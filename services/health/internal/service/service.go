// Package service is health's transport layer: the gRPC handlers of
// HealthService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/health/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/health/v1"
)

// Health serves HealthService.
type Health struct {
	pb.UnimplementedHealthServiceServer
	uc *biz.Health
}

// New binds the handlers to the use cases.
func New(uc *biz.Health) *Health { return &Health{uc: uc} }

func ts(t time.Time) string { return timefmt.Format(t) }

func tsp(t *time.Time) string { return timefmt.FormatPtr(t) }

func day(t time.Time) string { return timefmt.FormatDate(t) }

func dayp(t *time.Time) string {
	if t == nil {
		return ""
	}
	return timefmt.FormatDate(*t)
}

func parseDay(field, s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return time.Time{}, errs.BadRequest("%s格式错误,应为 yyyy-MM-dd", field)
	}
	return t, nil
}

// ---- rules ----

func ruleOut(d biz.RuleDef, r *biz.Rule) *pb.HealthRule {
	o := &pb.HealthRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
	if r != nil {
		o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, ts(r.CreateTime)
	}
	return o
}

func (s *Health) RuleList(ctx context.Context, _ *commonv1.Empty) (*pb.HealthRules, error) {
	views, err := s.uc.RuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.HealthRules{}
	for _, v := range views {
		out.Items = append(out.Items, ruleOut(v.Def, v.Current))
	}
	return out, nil
}

func (s *Health) RuleHistory(ctx context.Context, q *pb.HealthRuleCode) (*pb.HealthRules, error) {
	d, rows, err := s.uc.RuleHistory(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	out := &pb.HealthRules{}
	for i := range rows {
		out.Items = append(out.Items, ruleOut(d, &rows[i]))
	}
	return out, nil
}

func (s *Health) RuleSubmit(ctx context.Context, r *pb.HealthRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitRule(ctx, r.Code, r.Value, r.Source)
}

// ---- posts ----

func postOut(p *biz.Post) *pb.HealthPost {
	return &pb.HealthPost{Id: p.ID, Name: p.Name, DeptId: p.DeptID, Location: p.Location, ManagerUserId: p.ManagerUserID,
		ManagerName: p.ManagerName, Note: p.Note, CreateTime: ts(p.CreateTime)}
}

func (s *Health) PostPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthPostPage, error) {
	p, err := s.uc.Posts.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.HealthPostPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, postOut)
	ids := make([]int64, 0, len(out.Records))
	for _, r := range out.Records {
		ids = append(ids, r.Id)
	}
	hs, err := s.uc.Q.Hazards(ctx, ids, 10000)
	if err != nil {
		return nil, err
	}
	names := map[int64][]string{}
	for _, h := range hs {
		names[h.PostID] = append(names[h.PostID], h.FactorName)
	}
	workers, err := s.uc.Q.Workers(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range out.Records {
		r.FactorNames, r.Workers = strings.Join(names[r.Id], "、"), workers[r.Id]
	}
	return out, nil
}

func (s *Health) PostSubmit(ctx context.Context, p *pb.HealthPost) (*wrapperspb.BoolValue, error) {
	v := &biz.Post{Name: p.Name, DeptID: p.DeptId, Location: p.Location, ManagerUserID: p.ManagerUserId, Note: p.Note}
	v.ID = p.Id
	return svc.OK, s.uc.SubmitPost(ctx, v)
}

func (s *Health) PostRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePosts)
}

// ---- hazards ----

func (s *Health) postNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	var posts []biz.Post
	if err := s.uc.Q.ByIDs(ctx, &posts, ids); err != nil {
		return nil, err
	}
	out := map[int64]string{}
	for _, p := range posts {
		out[p.ID] = p.Name
	}
	return out, nil
}

func (s *Health) hazardsOut(ctx context.Context, dues []biz.HazardDue) ([]*pb.HealthHazard, error) {
	rules, err := s.uc.RuleSetOf(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(dues))
	for _, d := range dues {
		ids = append(ids, d.PostID)
	}
	names, err := s.postNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]*pb.HealthHazard, 0, len(dues))
	for _, d := range dues {
		out = append(out, &pb.HealthHazard{Id: d.ID, PostId: d.PostID, PostName: names[d.PostID], FactorClass: d.FactorClass, FactorName: d.FactorName,
			HarmDegree: d.HarmDegree, ExamRule: d.ExamRule, ExamMonths: int32(rules.ExamMonths(d.ExamRule)), LastDetectedAt: dayp(d.LastDetected),
			NextDetectionDue: dayp(d.NextDue), DetectionOverdue: d.Overdue, DetectionMonths: int32(d.Months), CreateTime: ts(d.CreateTime)})
	}
	return out, nil
}

func (s *Health) HazardPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthHazardPage, error) {
	p, err := s.uc.Hazards.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	dues, err := s.uc.DuesOf(ctx, p.Records)
	if err != nil {
		return nil, err
	}
	recs, err := s.hazardsOut(ctx, dues)
	if err != nil {
		return nil, err
	}
	return &pb.HealthHazardPage{Records: recs, Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Health) HazardSubmit(ctx context.Context, p *pb.HealthHazard) (*wrapperspb.BoolValue, error) {
	h := &biz.Hazard{PostID: p.PostId, FactorClass: p.FactorClass, FactorName: p.FactorName, HarmDegree: p.HarmDegree, ExamRule: p.ExamRule}
	h.ID = p.Id
	return svc.OK, s.uc.SubmitHazard(ctx, h)
}

func (s *Health) HazardRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveHazards)
}

func (s *Health) DetectionDue(ctx context.Context, q *pb.HealthDueQuery) (*pb.HealthHazards, error) {
	dues, err := s.uc.DetectionDue(ctx, q.Overdue)
	if err != nil {
		return nil, err
	}
	items, err := s.hazardsOut(ctx, dues)
	return &pb.HealthHazards{Items: items}, err
}

// ---- detections ----

func (s *Health) DetectionPage(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthDetectionPage, error) {
	p, err := s.uc.Detections.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, d := range p.Records {
		ids = append(ids, d.HazardID)
	}
	var hs []biz.Hazard
	if err := s.uc.Q.ByIDs(ctx, &hs, ids); err != nil {
		return nil, err
	}
	byID, postIDs := map[int64]biz.Hazard{}, []int64{}
	for _, h := range hs {
		byID[h.ID] = h
		postIDs = append(postIDs, h.PostID)
	}
	names, err := s.postNames(ctx, postIDs)
	if err != nil {
		return nil, err
	}
	out := &pb.HealthDetectionPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(d *biz.Detection) *pb.HealthDetection {
		h := byID[d.HazardID]
		return &pb.HealthDetection{Id: d.ID, HazardId: d.HazardID, PostName: names[h.PostID], FactorName: h.FactorName, DetectedAt: day(d.DetectedAt),
			Agency: d.Agency, Measured: d.Measured, Result: d.Result, Published: d.Published, PublishedAt: tsp(d.PublishedAt), CreateTime: ts(d.CreateTime)}
	})
	return out, nil
}

func (s *Health) DetectionSubmit(ctx context.Context, p *pb.HealthDetection) (*wrapperspb.BoolValue, error) {
	at, err := parseDay("检测日期", p.DetectedAt)
	if err != nil {
		return nil, err
	}
	d := &biz.Detection{HazardID: p.HazardId, DetectedAt: at, Agency: p.Agency, Measured: p.Measured, Result: p.Result}
	d.ID = p.Id
	return svc.OK, s.uc.SubmitDetection(ctx, d)
}

func (s *Health) DetectionPublish(ctx context.Context, q *commonv1.IdQuery) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.PublishDetection(ctx, q.Id)
}

func (s *Health) DetectionRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDetections)
}

// ---- assignments ----

func assignmentOut(names map[int64]string) func(a *biz.Assignment) *pb.HealthAssignment {
	return func(a *biz.Assignment) *pb.HealthAssignment {
		return &pb.HealthAssignment{Id: a.ID, UserId: a.UserID, UserName: a.UserName, PostId: a.PostID, PostName: names[a.PostID],
			StartDate: day(a.StartDate), EndDate: dayp(a.EndDate), Current: a.Current(), CreateTime: ts(a.CreateTime)}
	}
}

func (s *Health) AssignmentPage(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthAssignmentPage, error) {
	p, err := s.uc.Assignments.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, a := range p.Records {
		ids = append(ids, a.PostID)
	}
	names, err := s.postNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := &pb.HealthAssignmentPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, assignmentOut(names))
	return out, nil
}

func (s *Health) AssignmentSubmit(ctx context.Context, p *pb.HealthAssignment) (*wrapperspb.BoolValue, error) {
	if p.Id != 0 {
		return nil, errs.BadRequest("岗位安排不能修改,请办理离岗后重新安排")
	}
	start, err := parseDay("上岗日期", p.StartDate)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Assign(ctx, &biz.Assignment{UserID: p.UserId, PostID: p.PostId, StartDate: start})
}

func (s *Health) AssignmentLeave(ctx context.Context, p *pb.HealthLeave) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	end, err := parseDay("离岗日期", p.EndDate)
	if err != nil {
		return nil, err
	}
	var ep *time.Time
	if !end.IsZero() {
		ep = &end
	}
	return svc.OK, s.uc.Leave(ctx, p.Id, ep)
}

// ---- examinations ----

func examOut(e *biz.Exam) *pb.HealthExam {
	return &pb.HealthExam{Id: e.ID, UserId: e.UserID, UserName: e.UserName, ExamType: e.ExamType, ExamDate: day(e.ExamDate), Institution: e.Institution,
		FactorNames: e.FactorNames, Conclusion: e.Conclusion, ConclusionName: biz.ConclusionNames[e.Conclusion], ConclusionNote: e.ConclusionNote,
		NeedsReassign: e.NeedsReassign, Reassigned: e.Reassigned, DiagnosisId: e.DiagnosisID, CreateTime: ts(e.CreateTime)}
}

func (s *Health) ExamPage(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthExamPage, error) {
	p, err := s.uc.Exams.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.HealthExamPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, examOut)
	return out, nil
}

func (s *Health) ExamSubmit(ctx context.Context, p *pb.HealthExam) (*wrapperspb.BoolValue, error) {
	at, err := parseDay("体检日期", p.ExamDate)
	if err != nil {
		return nil, err
	}
	e := &biz.Exam{UserID: p.UserId, ExamType: p.ExamType, ExamDate: at, Institution: p.Institution, FactorNames: p.FactorNames,
		Conclusion: p.Conclusion, ConclusionNote: p.ConclusionNote}
	e.ID = p.Id
	return svc.OK, s.uc.SubmitExam(ctx, e)
}

func (s *Health) ExamRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveExams)
}

var yesNo = map[bool]string{true: "是", false: "否"}

func examColumns() []xlsx.Column[biz.Exam] {
	return []xlsx.Column[biz.Exam]{
		{Header: "姓名", Value: func(e biz.Exam) any { return e.UserName }},
		{Header: "体检类型", Value: func(e biz.Exam) any { return biz.ExamTypeNames[e.ExamType] }},
		{Header: "体检日期", Value: func(e biz.Exam) any { return day(e.ExamDate) }},
		{Header: "体检机构", Width: 24, Value: func(e biz.Exam) any { return e.Institution }},
		{Header: "接触危害因素", Width: 24, Value: func(e biz.Exam) any { return e.FactorNames }},
		{Header: "体检结论", Value: func(e biz.Exam) any { return biz.ConclusionNames[e.Conclusion] }},
		{Header: "结论说明", Width: 40, Value: func(e biz.Exam) any { return e.ConclusionNote }},
		{Header: "需调岗", Value: func(e biz.Exam) any { return yesNo[e.NeedsReassign && !e.Reassigned] }},
	}
}

func (s *Health) ExamExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Exams, svc.Query(q), "职业健康检查", examColumns())
}

func dueOut(d biz.ExamDue) *pb.HealthExamDue {
	return &pb.HealthExamDue{UserId: d.UserID, UserName: d.UserName, PostNames: d.PostNames, LastExamDate: dayp(d.Last),
		IntervalMonths: int32(d.Months), NextDue: dayp(d.NextDue), Overdue: d.Overdue, Leaving: d.Leaving, LeftOn: dayp(d.LeftOn)}
}

func (s *Health) ExamDue(ctx context.Context, q *pb.HealthDueQuery) (*pb.HealthExamDues, error) {
	dues, err := s.uc.ExamDues(ctx, 0, q.Overdue)
	if err != nil {
		return nil, err
	}
	out := &pb.HealthExamDues{}
	for _, d := range dues {
		out.Items = append(out.Items, dueOut(d))
	}
	return out, nil
}

// ---- diagnoses ----

func diagnosisOut(d *biz.Diagnosis) *pb.HealthDiagnosis {
	return &pb.HealthDiagnosis{Id: d.ID, ExamId: d.ExamID, UserId: d.UserID, UserName: d.UserName, State: d.State, StateName: biz.DiagStateNames[d.State],
		Institution: d.Institution, Result: d.Result, DiseaseCategory: d.DiseaseCategory, Note: d.Note, ArrangedAt: tsp(d.ArrangedAt),
		DoneAt: tsp(d.DoneAt), CreateTime: ts(d.CreateTime)}
}

func (s *Health) DiagnosisPage(ctx context.Context, q *commonv1.PageQuery) (*pb.HealthDiagnosisPage, error) {
	p, err := s.uc.Diagnoses.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.HealthDiagnosisPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, diagnosisOut)
	return out, nil
}

func (s *Health) DiagnosisArrange(ctx context.Context, p *pb.HealthDiagnosisStep) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.ArrangeDiagnosis(ctx, p.Id, p.Institution)
}

func (s *Health) DiagnosisComplete(ctx context.Context, p *pb.HealthDiagnosisStep) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.CompleteDiagnosis(ctx, p.Id, p.Result, p.DiseaseCategory, p.Note)
}

// ---- the record ----

func (s *Health) recordOut(ctx context.Context, r *biz.Record) (*pb.HealthRecord, error) {
	out := &pb.HealthRecord{UserId: r.UserID, UserName: r.UserName}
	for i := range r.Assignments {
		out.Assignments = append(out.Assignments, assignmentOut(r.PostNames)(&r.Assignments[i]))
	}
	hs, err := s.hazardsOut(ctx, r.Hazards)
	if err != nil {
		return nil, err
	}
	out.Hazards = hs
	for i := range r.Exams {
		out.Exams = append(out.Exams, examOut(&r.Exams[i]))
	}
	for i := range r.Diagnoses {
		out.Diagnoses = append(out.Diagnoses, diagnosisOut(&r.Diagnoses[i]))
	}
	if r.Due != nil {
		out.Due = dueOut(*r.Due)
	}
	return out, nil
}

func (s *Health) RecordDetail(ctx context.Context, q *pb.HealthUserId) (*pb.HealthRecord, error) {
	r, err := s.uc.RecordOf(ctx, q.UserId)
	if err != nil {
		return nil, err
	}
	return s.recordOut(ctx, r)
}

// RecordExport: the record as one sheet in sections (posts and factors,
// examinations, diagnoses), ready to print and stamp.
func (s *Health) RecordExport(ctx context.Context, q *pb.HealthUserId) (*httpbody.HttpBody, error) {
	r, err := s.uc.RecordOf(ctx, q.UserId)
	if err != nil {
		return nil, err
	}
	rec, err := s.recordOut(ctx, r)
	if err != nil {
		return nil, err
	}
	type row [6]string
	col := func(i int, header string, width float64) xlsx.Column[row] {
		return xlsx.Column[row]{Header: header, Width: width, Value: func(r row) any { return r[i] }}
	}
	// The record is a few dozen rows at most (one person), built in memory.
	rows := []row{{"姓名", rec.UserName}, {"下次在岗体检", "", ""}}
	if rec.Due != nil {
		rows = append(rows, row{"", rec.Due.NextDue, map[bool]string{true: "已超期", false: ""}[rec.Due.Overdue]})
	}
	rows = append(rows, row{}, row{"职业史", "岗位", "上岗日期", "离岗日期"})
	for _, a := range rec.Assignments {
		rows = append(rows, row{"", a.PostName, a.StartDate, a.EndDate})
	}
	rows = append(rows, row{}, row{"接触危害因素", "岗位", "危害因素", "类别", "危害程度", "体检周期(月)"})
	classNames := map[int32]string{1: "粉尘", 2: "化学因素", 3: "物理因素", 4: "放射性因素", 5: "生物因素", 6: "其他因素"}
	degreeNames := map[int32]string{1: "轻度危害", 2: "中度危害", 3: "重度危害"}
	for _, h := range rec.Hazards {
		rows = append(rows, row{"", h.PostName, h.FactorName, classNames[h.FactorClass], degreeNames[h.HarmDegree], itoa(h.ExamMonths)})
	}
	rows = append(rows, row{}, row{"职业健康检查", "体检日期", "类型", "体检机构", "结论", "结论说明"})
	for _, e := range rec.Exams {
		rows = append(rows, row{"", e.ExamDate, biz.ExamTypeNames[e.ExamType], e.Institution, e.ConclusionName, e.ConclusionNote})
	}
	rows = append(rows, row{}, row{"职业病诊断", "开启时间", "状态", "诊断机构", "结论", "说明"})
	for _, d := range rec.Diagnoses {
		rows = append(rows, row{"", d.CreateTime, d.StateName, d.Institution, map[int32]string{1: "确诊职业病", 2: "排除"}[d.Result], d.Note})
	}
	rows = append(rows, row{}, row{"用人单位 (盖章)", "", "", "日期"})
	cols := []xlsx.Column[row]{col(0, "职业健康监护档案", 22), col(1, "", 20), col(2, "", 20), col(3, "", 24), col(4, "", 20), col(5, "", 40)}
	return svc.ExportEach(ctx, "职业健康监护档案", "职业健康监护档案_"+rec.UserName, cols, svc.Rows(rows))
}

func itoa(n int32) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(int(n))
}
