package biz

import (
	"context"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

// Training plan types.
const (
	PlanEntry    int32 = 1 // 入职
	PlanTransfer int32 = 2 // 转岗
	PlanReturn   int32 = 3 // 复岗
	PlanCert     int32 = 4 // 取证
	PlanRoutine  int32 = 5 // 日常
	PlanFourNew  int32 = 6 // 四新
)

// Three-level training (三级安全教育) levels; 0 is a plan of no level.
const (
	LevelCompany  int32 = 1 // 公司级
	LevelWorkshop int32 = 2 // 车间级
	LevelTeam     int32 = 3 // 班组级
)

// LevelRule is the rule code of a level's required hours.
var LevelRule = map[int32]string{LevelCompany: "level.company.hours", LevelWorkshop: "level.workshop.hours", LevelTeam: "level.team.hours"}

// MaxPlanCourses bounds the courses of a plan.
const MaxPlanCourses = 50

// Plan is a training plan (培训计划).
type Plan struct {
	db.Base
	Name        string    `gorm:"size:200;not null"`
	Type        int32     `gorm:"not null"`
	Level       int32     `gorm:"not null;default:0"`
	StartDate   time.Time `gorm:"not null"`
	EndDate     time.Time `gorm:"not null"`
	CourseIDs   string    `gorm:"size:2000;not null;default:''"`
	CourseNames string    `gorm:"type:text;not null"`
	UserIDs     string    `gorm:"type:text;not null"`
	UserNames   string    `gorm:"type:text;not null"`
	DeptIDs     string    `gorm:"size:2000;not null;default:''"`
	Hours       float64   `gorm:"not null;default:0"`
	Remark      string    `gorm:"size:500;not null;default:''"`
}

func (Plan) TableName() string { return "edu_plan" }

// SavePlan validates and stores a plan: its courses exist, its people are the
// named ones and the active people of the named departments when saved, and a
// three-level plan requires its level's hours from the tenant's rules.
func (e *Education) SavePlan(ctx context.Context, in *Plan) (*Plan, error) {
	var err error
	if in.Name, err = valid.Text("计划名称", in.Name, 200); err != nil {
		return nil, err
	}
	if in.Remark, err = valid.Optional("备注", in.Remark, 500); err != nil {
		return nil, err
	}
	if in.Type < PlanEntry || in.Type > PlanFourNew {
		return nil, errs.BadRequest("培训类型只能是 1 入职、2 转岗、3 复岗、4 取证、5 日常、6 四新")
	}
	if in.Level < 0 || in.Level > LevelTeam {
		return nil, errs.BadRequest("培训级别只能是 0 不分级、1 公司级、2 车间级、3 班组级")
	}
	if in.EndDate.Before(in.StartDate) {
		return nil, errs.BadRequest("结束日期不能早于开始日期")
	}
	courses, ok := ident.ParseIDs(in.CourseIDs)
	if !ok {
		return nil, errs.BadRequest("课程格式错误")
	}
	courses = distinct(courses)
	if len(courses) == 0 {
		return nil, errs.BadRequest("请选择培训课程")
	}
	if len(courses) > MaxPlanCourses {
		return nil, errs.BadRequest("一个培训计划最多 %d 门课程", MaxPlanCourses)
	}
	names := make([]string, 0, len(courses))
	for _, id := range courses {
		c, err := e.Courses.Get(ctx, id)
		if err != nil {
			if errs.IsNotFound(err) {
				return nil, errs.BadRequest("课程不存在(id %d)", id)
			}
			return nil, err
		}
		names = append(names, c.Name)
	}
	in.CourseIDs, in.CourseNames = ident.JoinIDs(courses), strings.Join(names, ",")
	if rule, ok := LevelRule[in.Level]; ok {
		rules, err := e.TrainingRuleSet(ctx)
		if err != nil {
			return nil, err
		}
		in.Hours = float64(TrainingRules.Get(rules, rule))
	} else if in.Hours < 0.1 || in.Hours > 200 {
		return nil, errs.BadRequest("要求学时应在 0.1 到 200 之间")
	}
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	x := &Exam{UserIDs: in.UserIDs, DeptIDs: in.DeptIDs}
	ids, people, err := e.roster(ctx, me.TenantID, x, "培训")
	if err != nil {
		return nil, err
	}
	list := make([]string, len(ids))
	for i, uid := range ids {
		list[i] = people[uid]
	}
	in.UserIDs, in.UserNames, in.DeptIDs = ident.JoinIDs(ids), strings.Join(list, ","), x.DeptIDs
	if in.ID > 0 {
		old, err := e.Plans.Get(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "培训计划"); err != nil {
			return nil, err
		}
		if err := e.Plans.Update(ctx, in.ID, in, "name", "type", "level", "start_date", "end_date", "course_ids", "course_names", "user_ids", "user_names", "dept_ids", "hours", "remark"); err != nil {
			return nil, err
		}
		return e.Plans.Get(ctx, in.ID)
	}
	if err := e.Plans.Create(ctx, in); err != nil {
		return nil, err
	}
	return in, nil
}

// RemovePlans deletes plans (their studies stay with the courses).
func (e *Education) RemovePlans(ctx context.Context, ids []int64) error {
	if err := mayWriteEach(ctx, e, e.Plans, ids, "培训计划", func(p *Plan) int64 { return p.CreateUser }); err != nil {
		return err
	}
	return e.Plans.Remove(ctx, ids)
}

// PlanProgress is the caller's verified 学时 on a plan's courses and the courses completed.
type PlanProgress struct {
	Hours     float64
	Completed int32
}

// MyPlans pages the plans naming the caller with the caller's progress on each.
func (e *Education) MyPlans(ctx context.Context, q paging.Query) (*paging.Page[Plan], map[int64]PlanProgress, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := e.Plans.PageWhere(ctx, q, e.Q.NamesUser(me.UserID))
	if err != nil {
		return nil, nil, err
	}
	rules, err := e.TrainingRuleSet(ctx)
	if err != nil {
		return nil, nil, err
	}
	mph := TrainingRules.Get(rules, RuleMinutesPerHour)
	out := map[int64]PlanProgress{}
	for _, pl := range p.Records {
		ids, _ := ident.ParseIDs(pl.CourseIDs)
		studies, err := e.Q.StudiesOf(ctx, me.UserID, ids)
		if err != nil {
			return nil, nil, err
		}
		var pr PlanProgress
		for _, s := range studies {
			c, err := e.Courses.Get(ctx, s.CourseID)
			if err != nil {
				if errs.IsNotFound(err) {
					continue
				}
				return nil, nil, err
			}
			pr.Hours += HoursOf(s.Credited, mph, c.Hours)
			if s.Completed {
				pr.Completed++
			}
		}
		out[pl.ID] = pr
	}
	return p, out, nil
}
