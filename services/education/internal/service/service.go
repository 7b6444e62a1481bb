// Package service is the gRPC layer of the education service: it converts
// proto <-> biz and validates what the transport carries.
package service

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/education/internal/biz"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/education/v1"
)

// Education implements EducationService.
type Education struct {
	pb.UnimplementedEducationServiceServer
	uc *biz.Education
	// tenantName names the tenant on a certificate.
	tenantName func(ctx context.Context, tenantID string) string
}

// New wraps the use cases.
func New(uc *biz.Education, tenantName func(ctx context.Context, tenantID string) string) *Education {
	return &Education{uc: uc, tenantName: tenantName}
}

func pages[T any, P any](p *paging.Page[T], f func(*T) P) (recs []P, total, size, current, n int32) {
	return svc.Map(p.Records, f), int32(p.Total), int32(p.Size), int32(p.Current), int32(p.Pages())
}

// ---------------------------------------------------------------- categories

func category(c *biz.Category) *pb.Category {
	return &pb.Category{Id: c.ID, Name: c.Name, Sort: c.Sort, Remark: c.Remark, CreateTime: timefmt.Format(c.CreateTime), CreateUser: c.CreateUser}
}

func (s *Education) CategoryList(ctx context.Context, q *commonv1.PageQuery) (*pb.CategoryRows, error) {
	p, counts, err := s.uc.CategoryPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.CategoryRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, category)
	for _, c := range out.Records {
		c.QuestionCount = counts[c.Id]
	}
	return out, nil
}

func (s *Education) CategorySubmit(ctx context.Context, in *pb.Category) (*pb.Category, error) {
	c, err := s.uc.SaveCategory(ctx, &biz.Category{Name: in.Name, Sort: in.Sort, Remark: in.Remark, Base: base(in.Id)})
	if err != nil {
		return nil, err
	}
	return category(c), nil
}

func (s *Education) CategoryRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemoveCategories)
}

// ---------------------------------------------------------------- questions

func options(in []*pb.ChoiceOption) []biz.Option {
	out := make([]biz.Option, 0, len(in))
	for _, o := range in {
		out = append(out, biz.Option{Key: o.Key, Text: o.Text})
	}
	return out
}

func pbOptions(in []biz.Option) []*pb.ChoiceOption {
	out := make([]*pb.ChoiceOption, 0, len(in))
	for _, o := range in {
		out = append(out, &pb.ChoiceOption{Key: o.Key, Text: o.Text})
	}
	return out
}

func pbBlanks(in [][]string) []*pb.FillBlank {
	out := make([]*pb.FillBlank, 0, len(in))
	for _, b := range in {
		out = append(out, &pb.FillBlank{Answers: b})
	}
	return out
}

func blanks(in []*pb.FillBlank) [][]string {
	out := make([][]string, 0, len(in))
	for _, b := range in {
		out = append(out, b.GetAnswers())
	}
	return out
}

func question(q *biz.Question) *pb.Question {
	return &pb.Question{Id: q.ID, CategoryId: q.CategoryID, Type: q.Type, Content: q.Content, Options: pbOptions(biz.DecodeOptions(q.Options)),
		Answer: q.Answer, Analysis: q.Analysis, Difficulty: q.Difficulty, Remark: q.Remark, CreateTime: timefmt.Format(q.CreateTime), CreateUser: q.CreateUser,
		Blanks: pbBlanks(biz.DecodeBlanks(q.Blanks)), Policy: q.Policy, Reference: q.Reference}
}

func (s *Education) QuestionPage(ctx context.Context, q *commonv1.PageQuery) (*pb.QuestionRows, error) {
	p, err := s.uc.Questions.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.QuestionRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, question)
	return out, nil
}

func (s *Education) QuestionDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Question, error) {
	return svc.Detail(ctx, q.GetId(), s.uc.GetQuestion, question)
}

func (s *Education) QuestionSubmit(ctx context.Context, in *pb.Question) (*pb.Question, error) {
	q, err := s.uc.SaveQuestion(ctx, &biz.Question{Base: base(in.Id), CategoryID: in.CategoryId, Type: in.Type, Content: in.Content,
		Answer: in.Answer, Analysis: in.Analysis, Difficulty: in.Difficulty, Remark: in.Remark, Policy: in.Policy, Reference: in.Reference},
		options(in.Options), blanks(in.Blanks))
	if err != nil {
		return nil, err
	}
	return question(q), nil
}

func (s *Education) QuestionRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemoveQuestions)
}

// ---------------------------------------------------------------- papers

func paper(p *biz.Paper) *pb.Paper {
	out := &pb.Paper{Id: p.ID, Name: p.Name, Mode: p.Mode, TotalScore: p.TotalScore, QuestionCount: p.QuestionCount, PassScore: p.PassScore,
		Duration: p.Duration, Remark: p.Remark, CreateTime: timefmt.Format(p.CreateTime), CreateUser: p.CreateUser}
	for _, f := range biz.DecodeFixed(p) {
		out.Questions = append(out.Questions, &pb.PaperQuestion{QuestionId: f.QuestionID, Score: f.Score})
	}
	for _, r := range biz.DecodeRules(p) {
		out.Rules = append(out.Rules, &pb.DrawRule{CategoryId: r.CategoryID, Type: r.Type, Count: r.Count, Score: r.Score})
	}
	return out
}

func (s *Education) PaperPage(ctx context.Context, q *commonv1.PageQuery) (*pb.PaperRows, error) {
	p, err := s.uc.Papers.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.PaperRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, paper)
	return out, nil
}

func (s *Education) PaperDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Paper, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	p, err := s.uc.Papers.Get(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	out := paper(p)
	if p.Mode == biz.ModeFixed {
		qs, err := s.uc.FixedQuestions(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, f := range out.Questions {
			if x, ok := qs[f.QuestionId]; ok {
				f.Type, f.Content = x.Type, x.Content
			}
		}
	}
	return out, nil
}

func (s *Education) PaperSubmit(ctx context.Context, in *pb.Paper) (*pb.Paper, error) {
	var fixed []biz.PaperQuestion
	for _, f := range in.Questions {
		fixed = append(fixed, biz.PaperQuestion{QuestionID: f.QuestionId, Score: f.Score})
	}
	var rules []biz.DrawRule
	for _, r := range in.Rules {
		rules = append(rules, biz.DrawRule{CategoryID: r.CategoryId, Type: r.Type, Count: r.Count, Score: r.Score})
	}
	p, err := s.uc.SavePaper(ctx, &biz.Paper{Base: base(in.Id), Name: in.Name, Mode: in.Mode, PassScore: in.PassScore, Duration: in.Duration, Remark: in.Remark}, fixed, rules)
	if err != nil {
		return nil, err
	}
	return paper(p), nil
}

func (s *Education) PaperRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemovePapers)
}

// ---------------------------------------------------------------- exams

func exam(x *biz.Exam) *pb.Exam {
	return &pb.Exam{Id: x.ID, Name: x.Name, PaperId: x.PaperID, PaperName: x.PaperName, StartTime: timefmt.Format(x.StartTime), EndTime: timefmt.Format(x.EndTime),
		UserIds: x.UserIDs, UserNames: x.UserNames, Remark: x.Remark, TotalScore: x.TotalScore, PassScore: x.PassScore, Duration: x.Duration,
		Assigned: int32(countIDs(x.UserIDs)), CreateTime: timefmt.Format(x.CreateTime), CreateUser: x.CreateUser,
		ShuffleQuestions: x.ShuffleQuestions, ShuffleOptions: x.ShuffleOptions, MaxAttempts: x.MaxAttempts, DeptIds: x.DeptIDs, RoleIds: x.RoleIDs, CompanyIds: x.CompanyIDs}
}

func countIDs(s string) int {
	if s == "" {
		return 0
	}
	n := 1
	for _, c := range s {
		if c == ',' {
			n++
		}
	}
	return n
}

func (s *Education) ExamPage(ctx context.Context, q *commonv1.PageQuery) (*pb.ExamRows, error) {
	p, counts, err := s.uc.ExamPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.ExamRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, exam)
	for _, x := range out.Records {
		c := counts[x.Id]
		x.Submitted, x.Passed = c[0], c[1]
		x.Assigned = int32(countIDs(x.UserNames))
		x.UserIds = ""
	}
	return out, nil
}

func (s *Education) ExamDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Exam, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	x, err := s.uc.Exams.Get(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	out := exam(x)
	c, err := s.uc.ExamCounts(ctx, x.ID)
	if err != nil {
		return nil, err
	}
	out.Submitted, out.Passed = c[0], c[1]
	return out, nil
}

func (s *Education) ExamSubmit(ctx context.Context, in *pb.Exam) (*pb.Exam, error) {
	start, err := biz.ParseTime(in.StartTime, "开始时间")
	if err != nil {
		return nil, err
	}
	end, err := biz.ParseTime(in.EndTime, "结束时间")
	if err != nil {
		return nil, err
	}
	x, err := s.uc.SaveExam(ctx, &biz.Exam{Base: base(in.Id), Name: in.Name, PaperID: in.PaperId, StartTime: start, EndTime: end, UserIDs: in.UserIds, Remark: in.Remark,
		ShuffleQuestions: in.ShuffleQuestions, ShuffleOptions: in.ShuffleOptions, MaxAttempts: in.MaxAttempts, DeptIDs: in.DeptIds, RoleIDs: in.RoleIds, CompanyIDs: in.CompanyIds})
	if err != nil {
		return nil, err
	}
	return exam(x), nil
}

func (s *Education) ExamRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemoveExams)
}

// ---------------------------------------------------------------- attempts

func listRecord(r *biz.Record) *pb.Record {
	return &pb.Record{Id: r.ID, ExamId: r.ExamID, ExamName: r.ExamName, UserId: r.UserID, UserName: r.UserName, State: r.State,
		StartTime: timefmt.FormatPtr(r.StartedAt), Deadline: timefmt.FormatPtr(r.Deadline), SubmitTime: timefmt.FormatPtr(r.SubmittedAt),
		Score: r.Score, TotalScore: r.TotalScore, PassScore: r.PassScore, Passed: r.Passed, AutoSubmitted: r.AutoSubmitted, Duration: r.Duration,
		ExamStartTime: timefmt.Format(r.ExamStart), ExamEndTime: timefmt.Format(r.ExamEnd), CertNo: r.CertNo,
		Attempt: r.Attempt, MaxAttempts: r.MaxAttempts}
}

// record writes an attempt with its questions: the keys and analysis only
// once it is marked (to a marker also while essays are pending); a score
// before hand-in is never shown.
func (s *Education) record(r *biz.Record, marker bool) *pb.Record {
	out := listRecord(r)
	out.ServerTime = timefmt.Format(s.uc.Now())
	marked := biz.Marked(r) || (marker && r.State == biz.StatePending)
	items := biz.DecodeItems(r)
	for i := range items {
		it := &items[i]
		q := &pb.AttemptQuestion{QuestionId: it.QuestionID, Type: it.Type, Content: it.Content, Options: pbOptions(it.Options), Score: it.Score, Given: it.Given,
			BlankCount: int32(len(it.Blanks)), Fills: it.Fills, Marked: it.Marked}
		if marked {
			q.Answer, q.Analysis, q.Blanks, q.Reference, q.Comment = it.Answer, it.Analysis, pbBlanks(it.Blanks), it.Reference, it.Comment
			q.Got, q.Correct = biz.ItemGot(it), biz.ItemCorrect(it)
		}
		out.Questions = append(out.Questions, q)
	}
	if r.State == biz.StatePending && !marker {
		out.Score = 0
	}
	return out
}

func (s *Education) recordPage(ctx context.Context, q *commonv1.PageQuery, mine bool) (*pb.RecordRows, error) {
	p, err := s.uc.RecordPage(ctx, svc.Query(q), mine)
	if err != nil {
		return nil, err
	}
	out := &pb.RecordRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, listRecord)
	return out, nil
}

func (s *Education) RecordPage(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordRows, error) {
	return s.recordPage(ctx, q, false)
}

// stateNames name the attempt states in an export.
var stateNames = map[int32]string{biz.StateNotStarted: "未开始", biz.StateInProgress: "考试中", biz.StateSubmitted: "已交卷",
	biz.StateMissed: "缺考", biz.StatePending: "待阅卷"}

var recordColumns = []xlsx.Column[biz.Record]{
	{Header: "考试名称", Width: 30, Value: func(r biz.Record) any { return r.ExamName }},
	{Header: "考生", Width: 12, Value: func(r biz.Record) any { return r.UserName }},
	{Header: "状态", Width: 10, Value: func(r biz.Record) any { return stateNames[r.State] }},
	{Header: "第几次", Width: 8, Value: func(r biz.Record) any { return r.Attempt }},
	{Header: "得分", Width: 8, Value: func(r biz.Record) any {
		if r.State != biz.StateSubmitted {
			return ""
		}
		return r.Score
	}},
	{Header: "总分", Width: 8, Value: func(r biz.Record) any { return r.TotalScore }},
	{Header: "及格分", Width: 8, Value: func(r biz.Record) any { return r.PassScore }},
	{Header: "是否合格", Width: 10, Value: func(r biz.Record) any {
		switch {
		case r.State != biz.StateSubmitted:
			return ""
		case r.Passed:
			return "合格"
		}
		return "不合格"
	}},
	{Header: "开始时间", Width: 20, Value: func(r biz.Record) any { return timefmt.FormatPtr(r.StartedAt) }},
	{Header: "交卷时间", Width: 20, Value: func(r biz.Record) any { return timefmt.FormatPtr(r.SubmittedAt) }},
	{Header: "证书编号", Width: 24, Value: func(r biz.Record) any { return r.CertNo }},
}

func (s *Education) RecordExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.ExportEach(ctx, "考试成绩", "考试成绩", recordColumns, func(add func(biz.Record) error) error {
		return s.uc.EachRecord(ctx, svc.Query(q), svc.MaxExportRows, add)
	})
}

func (s *Education) RecordMine(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordRows, error) {
	return s.recordPage(ctx, q, true)
}

func (s *Education) answer(r *biz.Record, err error) (*pb.Record, error) {
	if err != nil {
		return nil, err
	}
	return s.record(r, false), nil
}

func (s *Education) RecordDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Record, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	r, err := s.uc.GetRecord(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	marker := false
	if r.State == biz.StatePending {
		if marker, err = s.uc.Manager(ctx); err != nil {
			return nil, err
		}
	}
	return s.record(r, marker), nil
}

func (s *Education) RecordStart(ctx context.Context, q *commonv1.IdQuery) (*pb.Record, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	return s.answer(s.uc.Start(ctx, q.GetId()))
}

func (s *Education) RecordRetake(ctx context.Context, q *commonv1.IdQuery) (*pb.Record, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	return s.answer(s.uc.Retake(ctx, q.GetId()))
}

func answers(in []*pb.AnswerItem) []biz.Answer {
	out := make([]biz.Answer, 0, len(in))
	for _, a := range in {
		out = append(out, biz.Answer{QuestionID: a.QuestionId, Given: a.Given, Fills: a.Fills})
	}
	return out
}

func (s *Education) RecordAnswer(ctx context.Context, in *pb.AnswerRequest) (*pb.Record, error) {
	if err := svc.Need(in.Id); err != nil {
		return nil, err
	}
	return s.answer(s.uc.SaveAnswers(ctx, in.Id, answers(in.Answers)))
}

func (s *Education) RecordSubmit(ctx context.Context, in *pb.AnswerRequest) (*pb.Record, error) {
	if err := svc.Need(in.Id); err != nil {
		return nil, err
	}
	return s.answer(s.uc.Submit(ctx, in.Id, answers(in.Answers)))
}

// ---------------------------------------------------------------- marking

func (s *Education) MarkingPage(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordRows, error) {
	p, err := s.uc.MarkingPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.RecordRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, listRecord)
	return out, nil
}

func (s *Education) MarkingQuestions(ctx context.Context, q *commonv1.IdQuery) (*pb.MarkQuestionRows, error) {
	qs, err := s.uc.MarkingQuestions(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	out := &pb.MarkQuestionRows{}
	for _, x := range qs {
		out.Records = append(out.Records, &pb.MarkQuestion{QuestionId: x.QuestionID, Content: x.Content, Reference: x.Reference, Score: x.Score,
			Pending: x.Pending, Marked: x.Done})
	}
	return out, nil
}

func (s *Education) MarkingAnswers(ctx context.Context, q *pb.MarkAnswersQuery) (*pb.MarkAnswerRows, error) {
	if err := svc.Need(q.QuestionId); err != nil {
		return nil, err
	}
	as, err := s.uc.MarkingAnswers(ctx, q.ExamId, q.QuestionId)
	if err != nil {
		return nil, err
	}
	out := &pb.MarkAnswerRows{}
	for _, a := range as {
		it := a.Item
		out.Records = append(out.Records, &pb.MarkAnswer{RecordId: a.Record.ID, UserId: a.Record.UserID, UserName: a.Record.UserName, QuestionId: it.QuestionID,
			Type: it.Type, Given: it.Given, Fills: it.Fills, Score: it.Score, Got: biz.ItemGot(&it), Marked: it.Marked, Comment: it.Comment})
	}
	return out, nil
}

func (s *Education) MarkingSubmit(ctx context.Context, in *pb.MarkRequest) (*pb.Record, error) {
	if err := svc.Need(in.RecordId); err != nil {
		return nil, err
	}
	marks := make([]biz.Mark, 0, len(in.Marks))
	for _, m := range in.Marks {
		marks = append(marks, biz.Mark{QuestionID: m.QuestionId, Got: m.Got, Comment: m.Comment})
	}
	r, err := s.uc.MarkAttempt(ctx, in.RecordId, marks)
	if err != nil {
		return nil, err
	}
	return s.record(r, true), nil
}

// ---------------------------------------------------------------- certificates

func cert(c *biz.Cert) *pb.ExamCertificate {
	return &pb.ExamCertificate{Id: c.ID, CertNo: c.CertNo, RecordId: c.RecordID, ExamId: c.ExamID, ExamName: c.ExamName, UserId: c.UserID,
		UserName: c.UserName, Score: c.Score, TotalScore: c.TotalScore, IssueTime: timefmt.Format(c.IssueTime)}
}

func (s *Education) CertificatePage(ctx context.Context, q *commonv1.PageQuery) (*pb.CertificateRows, error) {
	p, err := s.uc.CertPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.CertificateRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, cert)
	return out, nil
}

func (s *Education) CertificateDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.ExamCertificate, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	c, err := s.uc.GetCert(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	out := cert(c)
	if s.tenantName != nil {
		out.TenantName = s.tenantName(ctx, c.TenantID)
	}
	return out, nil
}

func base(id int64) db.Base {
	var b db.Base
	b.ID = id
	return b
}

// ---------------------------------------------------------------- question import (h-eduimp)

func (s *Education) QuestionImportTemplate(ctx context.Context, _ *pb.QuestionImportTemplateRequest) (*httpbody.HttpBody, error) {
	cols := make([]xlsx.Column[[]string], len(biz.ImportColumns))
	for i, h := range biz.ImportColumns {
		w := 14.0
		switch h {
		case "题干", "答案解析":
			w = 40
		case "正确答案":
			w = 24
		}
		cols[i] = xlsx.Column[[]string]{Header: h, Width: w, Value: func(r []string) any { return r[i] }}
	}
	w, err := xlsx.New("试题导入模板", cols)
	if err != nil {
		return nil, err
	}
	for _, r := range biz.ImportExamples {
		if err := w.Add(r); err != nil {
			return nil, err
		}
	}
	b, err := w.Bytes()
	if err != nil {
		return nil, err
	}
	return svc.File(ctx, "试题导入模板", b)
}

func (s *Education) QuestionImport(ctx context.Context, in *pb.QuestionImportRequest) (*pb.QuestionImportResult, error) {
	if len(in.File) == 0 {
		return nil, errs.BadRequest("请选择要导入的 xlsx 文件")
	}
	if len(in.File) > biz.MaxImportBytes {
		return nil, errs.BadRequest("导入文件不能超过 2 MB")
	}
	rows, err := xlsx.Read(in.File)
	if err != nil {
		return nil, errs.BadRequest("%s", err.Error())
	}
	n, bad, err := s.uc.ImportQuestions(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := &pb.QuestionImportResult{Imported: int32(n)}
	for _, e := range bad {
		out.Errors = append(out.Errors, &pb.QuestionImportError{Row: e.Row, Column: e.Column, Message: e.Message})
	}
	return out, nil
}

// ---------------------------------------------------------------- points centre

func (s *Education) IntegralMine(ctx context.Context, _ *commonv1.Empty) (*pb.PointsReply, error) {
	p, err := s.uc.MyPoints(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.PointsReply{Total: p.Total, Month: p.Month, Rank: int32(p.Rank), People: int32(p.People),
		Items: make([]*pb.PointItem, len(p.Items)), Rules: make([]*pb.PointRule, len(biz.PointRules))}
	for i, it := range p.Items {
		out.Items[i] = &pb.PointItem{Time: timefmt.Format(it.Time), Source: it.Source, Title: it.Title, Detail: it.Detail, Points: it.Points}
	}
	for i, r := range biz.PointRules {
		out.Rules[i] = &pb.PointRule{Code: r.Code, Name: r.Name, Points: r.Default, Source: r.Source}
	}
	return out, nil
}
