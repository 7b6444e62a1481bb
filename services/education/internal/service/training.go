package service

import (
	"context"
	"math"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/education/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/education/v1"
)

// ---------------------------------------------------------------- courses (h-training)

func course(c *biz.Course) *pb.Course {
	return &pb.Course{Id: c.ID, Name: c.Name, Category: c.Category, Kind: c.Kind, Files: c.Files, Duration: c.Duration, Hours: c.Hours,
		PassPercent: c.PassPercent, Remark: c.Remark, CreateTime: timefmt.Format(c.CreateTime), CreateUser: c.CreateUser}
}

func (s *Education) CoursePage(ctx context.Context, q *commonv1.PageQuery) (*pb.CourseRows, error) {
	p, err := s.uc.Courses.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.CourseRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, course)
	return out, nil
}

func (s *Education) CourseDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Course, error) {
	c, err := s.uc.Courses.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return course(c), nil
}

func (s *Education) CourseSubmit(ctx context.Context, in *pb.Course) (*pb.Course, error) {
	c, err := s.uc.SaveCourse(ctx, &biz.Course{Base: base(in.Id), Name: in.Name, Category: in.Category, Kind: in.Kind, Files: in.Files,
		Duration: in.Duration, Hours: in.Hours, PassPercent: in.PassPercent, Remark: in.Remark})
	if err != nil {
		return nil, err
	}
	return course(c), nil
}

func (s *Education) CourseRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemoveCourses)
}

// ---------------------------------------------------------------- study

func study(c *biz.Course, st *biz.Study, minutesPerHour int32) *pb.Study {
	out := &pb.Study{CourseId: c.ID, CourseName: c.Name, Category: c.Category, Kind: c.Kind, Files: c.Files, Duration: c.Duration, Hours: c.Hours,
		PassPercent: c.PassPercent, MinutesPerHour: minutesPerHour}
	if st != nil {
		out.Id, out.UserId, out.UserName, out.Position, out.Furthest, out.CreditedSeconds = st.ID, st.UserID, st.UserName, st.Position, st.Furthest, st.Credited
		out.CreditedHours = biz.HoursOf(st.Credited, minutesPerHour, c.Hours)
		out.Progress = biz.ProgressOf(st.Credited, c.Duration)
		out.Completed, out.CompletedTime, out.LastBeatTime = st.Completed, timefmt.FormatPtr(st.CompletedAt), timefmt.FormatPtr(st.LastBeat)
	}
	return out
}

func (s *Education) minutesPerHour(ctx context.Context) (int32, error) {
	rules, err := s.uc.TrainingRuleSet(ctx)
	if err != nil {
		return 0, err
	}
	return biz.TrainingRules.Get(rules, biz.RuleMinutesPerHour), nil
}

func (s *Education) StudyMine(ctx context.Context, q *commonv1.PageQuery) (*pb.StudyRows, error) {
	p, mine, err := s.uc.MyCourses(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	mph, err := s.minutesPerHour(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.StudyRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, func(c *biz.Course) *pb.Study { return study(c, mine[c.ID], mph) })
	return out, nil
}

func (s *Education) StudyStart(ctx context.Context, in *pb.StudyStartRequest) (*pb.Study, error) {
	st, c, err := s.uc.StartStudy(ctx, in.CourseId)
	if err != nil {
		return nil, err
	}
	mph, err := s.minutesPerHour(ctx)
	if err != nil {
		return nil, err
	}
	out := study(c, st, mph)
	out.Token = st.Token
	return out, nil
}

func (s *Education) StudyBeat(ctx context.Context, in *pb.StudyBeatRequest) (*pb.Study, error) {
	st, c, cr, err := s.uc.BeatStudy(ctx, in.Id, in.Token, in.Position, in.Playing)
	if err != nil {
		return nil, err
	}
	mph, err := s.minutesPerHour(ctx)
	if err != nil {
		return nil, err
	}
	out := study(c, st, mph)
	out.CreditedNow, out.Note = cr.Seconds, cr.Note
	return out, nil
}

// ---------------------------------------------------------------- training rules

func (s *Education) TrainingRuleList(ctx context.Context, _ *commonv1.Empty) (*pb.TrainingRules, error) {
	views, err := s.uc.TrainingRuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.TrainingRules{}
	for _, v := range views {
		d := v.Def
		o := &pb.TrainingRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
		if r := v.Current; r != nil {
			o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, timefmt.Format(r.CreateTime)
		}
		out.Items = append(out.Items, o)
	}
	return out, nil
}

func (s *Education) TrainingRuleSubmit(ctx context.Context, r *pb.TrainingRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitTrainingRule(ctx, r.Code, r.Value, r.Source)
}

// ---------------------------------------------------------------- training plans

func plan(p *biz.Plan) *pb.TrainingPlan {
	ids, _ := ident.ParseIDs(p.CourseIDs)
	assigned := 0
	if p.UserNames != "" {
		assigned = strings.Count(p.UserNames, ",") + 1
	}
	return &pb.TrainingPlan{Id: p.ID, Name: p.Name, Type: p.Type, Level: p.Level, StartDate: timefmt.FormatDate(p.StartDate), EndDate: timefmt.FormatDate(p.EndDate),
		CourseIds: p.CourseIDs, CourseNames: p.CourseNames, UserIds: p.UserIDs, UserNames: p.UserNames, DeptIds: p.DeptIDs, Hours: p.Hours,
		Remark: p.Remark, Assigned: int32(assigned), CourseCount: int32(len(ids)), CreateTime: timefmt.Format(p.CreateTime), CreateUser: p.CreateUser}
}

func date(s, what string) (time.Time, error) {
	t, ok := timefmt.ParseDate(s)
	if !ok {
		return t, errs.BadRequest("请填写%s(yyyy-MM-dd)", what)
	}
	return t, nil
}

func (s *Education) PlanPage(ctx context.Context, q *commonv1.PageQuery) (*pb.TrainingPlanRows, error) {
	p, err := s.uc.Plans.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.TrainingPlanRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, plan)
	return out, nil
}

func (s *Education) PlanDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.TrainingPlan, error) {
	p, err := s.uc.Plans.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return plan(p), nil
}

func (s *Education) PlanSubmit(ctx context.Context, in *pb.TrainingPlan) (*pb.TrainingPlan, error) {
	start, err := date(in.StartDate, "开始日期")
	if err != nil {
		return nil, err
	}
	end, err := date(in.EndDate, "结束日期")
	if err != nil {
		return nil, err
	}
	p, err := s.uc.SavePlan(ctx, &biz.Plan{Base: base(in.Id), Name: in.Name, Type: in.Type, Level: in.Level, StartDate: start, EndDate: end,
		CourseIDs: in.CourseIds, UserIDs: in.UserIds, DeptIDs: in.DeptIds, Hours: in.Hours, Remark: in.Remark})
	if err != nil {
		return nil, err
	}
	return plan(p), nil
}

func (s *Education) PlanRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemovePlans)
}

func (s *Education) PlanMine(ctx context.Context, q *commonv1.PageQuery) (*pb.TrainingPlanRows, error) {
	p, progress, err := s.uc.MyPlans(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.TrainingPlanRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, func(x *biz.Plan) *pb.TrainingPlan {
		o := plan(x)
		o.UserIds, o.UserNames = "", ""
		o.MyHours, o.MyCompleted = math.Round(progress[x.ID].Hours*10)/10, progress[x.ID].Completed
		return o
	})
	return out, nil
}
