package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"

	"anquan/education/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/education/v1"
)

// ---------------------------------------------------------------- hour counters (h-hours)

var categoryNames = map[string]string{
	biz.CatHazchem: "高危行业从业人员", biz.CatOther: "其他行业从业人员",
	biz.CatLeaderHazchem: "高危行业主要负责人、安全管理人员", biz.CatLeaderOther: "其他行业主要负责人、安全管理人员",
}

func counter(c *biz.Counter) *pb.HourCounter {
	return &pb.HourCounter{UserId: c.UserID, UserName: c.UserName, Year: c.Year, Category: c.Category, CategoryName: categoryNames[c.Category],
		Initial: c.Initial, Required: c.Required, Credited: c.Credited, Courses: c.Courses, Short: c.Short}
}

// counterQuery reads the filters year, deptId, shortOnly and userName.
func counterQuery(f map[string]string) (biz.CounterQuery, error) {
	var q biz.CounterQuery
	if v := strings.TrimSpace(f["year"]); v != "" {
		y, err := strconv.ParseInt(v, 10, 32)
		if err != nil || y < 2000 || y > 2100 {
			return q, errs.BadRequest("年度应在 2000 到 2100 之间")
		}
		q.Year = int32(y)
	}
	d, err := idFilter(f, "deptId", "部门")
	if err != nil {
		return q, err
	}
	q.DeptID = d
	q.ShortOnly = f["shortOnly"] == "1" || f["shortOnly"] == "true"
	q.Name, err = nameFilter(f)
	return q, err
}

func (s *Education) counters(ctx context.Context, in *commonv1.PageQuery) ([]biz.Counter, paging.Query, error) {
	q := svc.Query(in)
	if err := q.Normalize(); err != nil {
		return nil, q, err
	}
	cq, err := counterQuery(q.Filters)
	if err != nil {
		return nil, q, err
	}
	rows, err := s.uc.Counters(ctx, cq)
	return rows, q, err
}

func (s *Education) HoursPage(ctx context.Context, in *commonv1.PageQuery) (*pb.HourCounterRows, error) {
	rows, q, err := s.counters(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &pb.HourCounterRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(pageOf(rows, q), counter)
	return out, nil
}

var counterColumns = []xlsx.Column[biz.Counter]{
	{Header: "姓名", Width: 14, Value: func(c biz.Counter) any { return c.UserName }},
	{Header: "年度", Width: 8, Value: func(c biz.Counter) any { return c.Year }},
	{Header: "人员类别", Width: 30, Value: func(c biz.Counter) any { return categoryNames[c.Category] }},
	{Header: "培训类型", Width: 12, Value: func(c biz.Counter) any {
		if c.Initial {
			return "初次(入职当年)"
		}
		return "年度再培训"
	}},
	{Header: "要求学时", Width: 10, Value: func(c biz.Counter) any { return c.Required }},
	{Header: "已获学时", Width: 10, Value: func(c biz.Counter) any { return c.Credited }},
	{Header: "课程数", Width: 8, Value: func(c biz.Counter) any { return c.Courses }},
	{Header: "尚差学时", Width: 10, Value: func(c biz.Counter) any { return c.Short }},
}

func (s *Education) HoursExport(ctx context.Context, in *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	rows, _, err := s.counters(ctx, in)
	if err != nil {
		return nil, err
	}
	return svc.ExportRows(ctx, "学时统计", counterColumns, rows)
}

// ---------------------------------------------------------------- one file per person (h-hours)

func (s *Education) ArchiveDetail(ctx context.Context, q *pb.ArchiveQuery) (*pb.TrainingArchive, error) {
	a, err := s.uc.ArchiveOf(ctx, q.UserId)
	if err != nil {
		return nil, err
	}
	out := &pb.TrainingArchive{UserId: a.UserID, UserName: a.UserName}
	for _, y := range a.Years {
		out.Years = append(out.Years, &pb.ArchiveYear{Year: y.Year, Hours: y.Hours, Courses: y.Courses})
	}
	for _, st := range a.Studies {
		out.Studies = append(out.Studies, &pb.ArchiveStudy{CourseId: st.Study.CourseID, CourseName: st.Study.CourseName, CreditedSeconds: st.Study.Credited,
			Hours: st.Hours, Completed: st.Study.Completed, CompletedTime: timefmt.FormatPtr(st.Study.CompletedAt), LastBeatTime: timefmt.FormatPtr(st.Study.LastBeat), Completions: st.Study.CompletionTimes()})
	}
	out.Plans = svc.Map(a.Plans, plan)
	out.Records = svc.Map(a.Records, listRecord)
	out.Certificates = svc.Map(a.Certs, cert)
	out.HeldCertificates = svc.Map(a.Held, heldCert)
	out.HeldNote = a.HeldNote
	return out, nil
}

// heldStates name blade-user's certificate validity.
var heldStates = map[int32]string{1: "有效", 2: "即将到期", 3: "已过期"}

func heldCert(c *biz.HeldCert) *pb.ArchiveHeldCertificate {
	return &pb.ArchiveHeldCertificate{KindName: c.KindName, CertificateNo: c.Number, IssuingAuthority: c.Authority,
		ExpireDate: c.ExpireDate, ValidState: c.ValidState, ValidStateName: heldStates[c.ValidState]}
}

// archiveLine is one line of a person's file in its xlsx sheet.
type archiveLine struct{ Kind, Name, Detail, Time string }

var archiveColumns = []xlsx.Column[archiveLine]{
	{Header: "类别", Width: 12, Value: func(l archiveLine) any { return l.Kind }},
	{Header: "名称", Width: 40, Value: func(l archiveLine) any { return l.Name }},
	{Header: "情况", Width: 30, Value: func(l archiveLine) any { return l.Detail }},
	{Header: "时间", Width: 20, Value: func(l archiveLine) any { return l.Time }},
}

func (s *Education) ArchiveExport(ctx context.Context, q *pb.ArchiveQuery) (*httpbody.HttpBody, error) {
	a, err := s.uc.ArchiveOf(ctx, q.UserId)
	if err != nil {
		return nil, err
	}
	lines := []archiveLine{{Kind: "姓名", Name: a.UserName}}
	for _, y := range a.Years {
		lines = append(lines, archiveLine{Kind: "年度学时", Name: fmt.Sprintf("%d年", y.Year), Detail: fmt.Sprintf("%g 学时,%d 门课程", y.Hours, y.Courses)})
	}
	for _, st := range a.Studies {
		done := "学习中"
		if st.Study.Completed {
			done = "已完成"
		}
		lines = append(lines, archiveLine{Kind: "课程学习", Name: st.Study.CourseName, Detail: fmt.Sprintf("%g 学时,%s", st.Hours, done), Time: timefmt.FormatPtr(st.Study.LastBeat)})
		for i, at := range st.Study.CompletionTimes() {
			lines = append(lines, archiveLine{Kind: "课程完成", Name: st.Study.CourseName, Detail: fmt.Sprintf("第 %d 次完成", i+1), Time: at})
		}
	}
	for _, p := range a.Plans {
		lines = append(lines, archiveLine{Kind: "培训计划", Name: p.Name, Detail: fmt.Sprintf("要求 %g 学时", p.Hours), Time: timefmt.FormatDate(p.StartDate)})
	}
	for _, r := range a.Records {
		verdict := "未合格"
		if r.Passed {
			verdict = "合格"
		}
		lines = append(lines, archiveLine{Kind: "考试记录", Name: r.ExamName, Detail: fmt.Sprintf("%d 分,%s", r.Score, verdict), Time: timefmt.FormatPtr(r.SubmittedAt)})
	}
	for _, c := range a.Certs {
		lines = append(lines, archiveLine{Kind: "合格证书", Name: c.ExamName, Detail: c.CertNo, Time: timefmt.Format(c.IssueTime)})
	}
	for _, c := range a.Held {
		lines = append(lines, archiveLine{Kind: "持有证书", Name: c.KindName, Detail: fmt.Sprintf("%s,%s", c.Number, heldStates[c.ValidState]),
			Time: "有效期至 " + c.ExpireDate})
	}
	if a.HeldNote != "" {
		lines = append(lines, archiveLine{Kind: "持有证书", Detail: a.HeldNote})
	}
	return svc.ExportEach(ctx, "培训档案", "培训档案_"+a.UserName, archiveColumns, svc.Rows(lines))
}
