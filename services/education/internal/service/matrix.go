package service

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/education/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/education/v1"
)

// ---------------------------------------------------------------- training matrix (h-edu-matrix)

func (s *Education) MatrixDetail(ctx context.Context, _ *commonv1.Empty) (*pb.EduMatrix, error) {
	m, err := s.uc.MatrixOf(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.EduMatrix{}
	for id, name := range m.Posts {
		out.Posts = append(out.Posts, &pb.EduMatrixPost{Id: id, Name: name})
	}
	slices.SortFunc(out.Posts, func(a, b *pb.EduMatrixPost) int { return int(a.Id - b.Id) })
	for _, c := range m.Courses {
		out.Courses = append(out.Courses, &pb.EduMatrixCourse{Id: c.ID, Name: c.Name, Hours: c.Hours})
	}
	for _, c := range m.Cells {
		out.Cells = append(out.Cells, &pb.EduMatrixCell{PostId: c.PostID, CourseId: c.CourseID, Required: true, Hours: c.Hours, ValidMonths: c.ValidMonths})
	}
	return out, nil
}

func (s *Education) MatrixSubmit(ctx context.Context, in *pb.EduMatrixCell) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SetCell(ctx, biz.Cell{PostID: in.PostId, CourseID: in.CourseId, Required: in.Required, Hours: in.Hours, ValidMonths: in.ValidMonths})
}

func complianceRow(r *biz.ComplianceRow) *pb.EduComplianceRow {
	out := &pb.EduComplianceRow{UserId: r.UserID, UserName: r.UserName, PostId: r.PostID, PostName: r.PostName, Required: int32(len(r.Items)),
		Done: r.Done, Missing: r.Missing(), MissingNames: r.MissingNames()}
	for _, it := range r.Items {
		out.Items = append(out.Items, &pb.EduComplianceItem{CourseId: it.CourseID, CourseName: it.CourseName, State: it.State, RequiredHours: it.Hours,
			CreditedHours: it.Credited, ValidMonths: it.ValidMonths, CompletedTime: timefmt.FormatPtr(it.CompletedAt), ExpireDate: timefmt.FormatDate(it.ExpireDate)})
	}
	return out
}

// idFilter reads an optional positive id filter.
func idFilter(f map[string]string, key, what string) (int64, error) {
	v := strings.TrimSpace(f[key])
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, errs.BadRequest("%s格式错误", what)
	}
	return n, nil
}

// nameFilter reads the optional userName filter (a part of a name, at most 50 characters).
func nameFilter(f map[string]string) (string, error) {
	name := strings.TrimSpace(f["userName"])
	if len([]rune(name)) > 50 {
		return "", errs.BadRequest("姓名最多 50 个字")
	}
	return name, nil
}

// complianceQuery reads the filters postId, deptId, shortOnly and userName.
func complianceQuery(f map[string]string) (biz.ComplianceQuery, error) {
	var q biz.ComplianceQuery
	var err error
	if q.PostID, err = idFilter(f, "postId", "岗位"); err != nil {
		return q, err
	}
	if q.DeptID, err = idFilter(f, "deptId", "部门"); err != nil {
		return q, err
	}
	q.ShortOnly = f["shortOnly"] == "1" || f["shortOnly"] == "true"
	q.Name, err = nameFilter(f)
	return q, err
}

func (s *Education) compliance(ctx context.Context, in *commonv1.PageQuery) ([]biz.ComplianceRow, paging.Query, error) {
	q := svc.Query(in)
	if err := q.Normalize(); err != nil {
		return nil, q, err
	}
	cq, err := complianceQuery(q.Filters)
	if err != nil {
		return nil, q, err
	}
	rows, err := s.uc.Compliance(ctx, cq)
	return rows, q, err
}

// pageOf is one page of rows computed whole (counters, compliance).
func pageOf[T any](rows []T, q paging.Query) *paging.Page[T] {
	p := &paging.Page[T]{Total: int64(len(rows)), Size: q.Size, Current: q.Current}
	from := min((q.Current-1)*q.Size, len(rows))
	p.Records = rows[from:min(from+q.Size, len(rows))]
	return p
}

func (s *Education) CompliancePage(ctx context.Context, in *commonv1.PageQuery) (*pb.EduComplianceRows, error) {
	rows, q, err := s.compliance(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &pb.EduComplianceRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(pageOf(rows, q), complianceRow)
	return out, nil
}

// complianceLine is one required course of one person in the export.
type complianceLine struct {
	Row  *biz.ComplianceRow
	Item biz.Verdict
}

var complianceColumns = []xlsx.Column[complianceLine]{
	{Header: "岗位", Width: 14, Value: func(l complianceLine) any { return l.Row.PostName }},
	{Header: "姓名", Width: 12, Value: func(l complianceLine) any { return l.Row.UserName }},
	{Header: "必修课程", Width: 36, Value: func(l complianceLine) any { return l.Item.CourseName }},
	{Header: "状态", Width: 10, Value: func(l complianceLine) any { return biz.ItemNames[l.Item.State] }},
	{Header: "要求学时", Width: 10, Value: func(l complianceLine) any { return l.Item.Hours }},
	{Header: "已获学时", Width: 10, Value: func(l complianceLine) any { return l.Item.Credited }},
	{Header: "有效期(月)", Width: 10, Value: func(l complianceLine) any {
		if l.Item.ValidMonths == 0 {
			return "长期"
		}
		return l.Item.ValidMonths
	}},
	{Header: "完成时间", Width: 20, Value: func(l complianceLine) any { return timefmt.FormatPtr(l.Item.CompletedAt) }},
	{Header: "失效日期", Width: 12, Value: func(l complianceLine) any { return timefmt.FormatDate(l.Item.ExpireDate) }},
}

func (s *Education) ComplianceExport(ctx context.Context, in *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	rows, _, err := s.compliance(ctx, in)
	if err != nil {
		return nil, err
	}
	var lines []complianceLine
	for i := range rows {
		for _, it := range rows[i].Items {
			lines = append(lines, complianceLine{Row: &rows[i], Item: it})
		}
	}
	return svc.ExportRows(ctx, "培训矩阵合规情况", complianceColumns, lines)
}

func (s *Education) ComplianceMine(ctx context.Context, _ *commonv1.Empty) (*pb.EduMyShortfalls, error) {
	rows, c, err := s.uc.Shortfalls(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.EduMyShortfalls{Posts: svc.Map(rows, complianceRow)}
	if c != nil {
		out.Hours = counter(c)
	}
	return out, nil
}

func (s *Education) ComplianceRemind(ctx context.Context, _ *commonv1.Empty) (*wrapperspb.Int32Value, error) {
	n, err := s.uc.RemindNow(ctx)
	if err != nil {
		return nil, err
	}
	return wrapperspb.Int32(int32(n)), nil
}
