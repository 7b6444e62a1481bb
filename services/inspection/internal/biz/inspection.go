package biz

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"google.golang.org/grpc/codes"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// SubjectHazard is the event an abnormal finding raises (prevention's
// intake, README "Hidden dangers raised by other services").
const SubjectHazard = "inspection.hazard.raised"

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// People names users of the caller's tenant (blade-user).
type People interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	// PlanTenants are the tenants with enabled plans (system context).
	PlanTenants(ctx context.Context) ([]string, error)
	// PointsByIDs are the caller tenant's points among ids.
	PointsByIDs(ctx context.Context, ids []int64) ([]Point, error)
	// TaskPoints are the points of a task, in route order.
	TaskPoints(ctx context.Context, taskID int64) ([]TaskPoint, error)
	// MarkInspected records the inspection of a task point not inspected
	// yet; false when it was inspected meanwhile (a concurrent submit).
	MarkInspected(ctx context.Context, tp *TaskPoint) (bool, error)
	// MarkLate moves the caller tenant's points not inspected past their
	// window to 超期未检 and past their grace to 漏检未补, and tasks with a
	// missed point to 漏检; it returns the points changed.
	MarkLate(ctx context.Context, now time.Time) (int64, error)
	// Stats counts the caller tenant's task points by team (by person too
	// when byPerson) whose window starts in [from, to) and is due at now.
	Stats(ctx context.Context, from, to, now time.Time, byPerson bool, deptID, userID int64) ([]StatRow, error)
	// Daily counts the same points per day of their window's start (the
	// days from `from`, in the tenant zone), in one GROUP BY.
	Daily(ctx context.Context, from, to, now time.Time, deptID, userID int64) ([]DayStat, error)
}

// Depts names departments of the caller's tenant (blade-system).
type Depts interface {
	Names(ctx context.Context, tenantID string) (map[int64]string, error)
}

// Inspection is inspection's use cases.
//
// Object-level rules: points and plans are the tenant's configuration (the
// button is the relation); tasks are made only by the scheduler (the
// generate button runs it for the caller's tenant); a task is done only by
// the inspector it is assigned to, inside its window, once; records are
// never edited or removed.
type Inspection struct {
	Points  paging.Store[Point]
	Plans   paging.Store[Plan]
	Tasks   paging.Store[Task]
	Records paging.Store[Record]
	TPoints paging.Store[TaskPoint]
	Q       Queries
	Depts   Depts
	Tx      db.Transactor
	Events  Events
	People  People
	Now     func() time.Time
}

var codeRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_\-.:]{0,63}$`)

func maxLen(s string, n int, field string) error {
	if utf8.RuneCountInString(s) > n {
		return errs.BadRequest("%s长度不能超过 %d 个字符", field, n)
	}
	return nil
}

// ValidateItems checks a point's check items: 1 to 30, named once each, a
// number item with min <= max.
func ValidateItems(items []CheckItem) error {
	if len(items) == 0 {
		return errs.BadRequest("请至少添加一个检查项")
	}
	if len(items) > 30 {
		return errs.BadRequest("检查项不能超过 30 个")
	}
	seen := map[string]bool{}
	for i := range items {
		it := &items[i]
		it.Name = strings.TrimSpace(it.Name)
		if it.Name == "" {
			return errs.BadRequest("第 %d 个检查项缺少名称", i+1)
		}
		if err := maxLen(it.Name, 100, "检查项名称"); err != nil {
			return err
		}
		if seen[it.Name] {
			return errs.BadRequest("检查项「%s」重复", it.Name)
		}
		seen[it.Name] = true
		switch it.Kind {
		case ItemChoice:
			it.Min, it.Max, it.Unit = nil, nil, ""
		case ItemNumber:
			if it.Min == nil && it.Max == nil {
				return errs.BadRequest("数值检查项「%s」须填写下限或上限", it.Name)
			}
			if it.Min != nil && it.Max != nil && *it.Min > *it.Max {
				return errs.BadRequest("检查项「%s」的下限不能大于上限", it.Name)
			}
		default:
			return errs.BadRequest("检查项「%s」的类型只能是 1 正常/异常 或 2 数值", it.Name)
		}
		if err := maxLen(it.Unit, 20, "单位"); err != nil {
			return err
		}
	}
	return nil
}

// SubmitPoint creates or updates a point; its code is unique in the tenant.
func (s *Inspection) SubmitPoint(ctx context.Context, p *Point, items []CheckItem) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	p.Code, p.Name = strings.TrimSpace(p.Code), strings.TrimSpace(p.Name)
	if !codeRe.MatchString(p.Code) {
		return errs.BadRequest("巡检点编码(NFC/二维码内容)只能包含字母、数字和 - _ . :,且不超过 64 个字符")
	}
	if p.Name == "" {
		return errs.BadRequest("请填写巡检点名称")
	}
	for _, f := range []struct {
		v     string
		n     int
		field string
	}{{p.Name, 100, "巡检点名称"}, {p.Location, 200, "位置"}, {p.Remark, 500, "备注"}} {
		if err := maxLen(f.v, f.n, f.field); err != nil {
			return err
		}
	}
	if p.PointType == 0 {
		p.PointType = PointArea
	}
	if p.PointType != PointEquipment && p.PointType != PointArea {
		return errs.BadRequest("巡检类型只能是 1 设备 或 2 点位/区域")
	}
	if p.PointType == PointEquipment && p.EquipmentID == 0 {
		return errs.BadRequest("设备巡检点须选择设备")
	}
	if p.PointType == PointArea {
		p.EquipmentID = 0
	}
	if err := ValidateItems(items); err != nil {
		return err
	}
	raw, err := json.Marshal(items)
	if err != nil {
		return err
	}
	p.Items = string(raw)
	taken, err := s.Points.Exists(ctx, p.ID, "code = ?", p.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("巡检点编码 %s 已存在", p.Code)
	}
	if p.ID == 0 {
		return s.Points.Create(ctx, p)
	}
	if _, err := s.Points.Get(ctx, p.ID); err != nil {
		return err
	}
	return s.Points.Update(ctx, p.ID, p)
}

// RemovePoints deletes points no plan routes through.
func (s *Inspection) RemovePoints(ctx context.Context, ids []int64) error {
	plans, err := s.Plans.List(ctx, paging.Query{}, 10000)
	if err != nil {
		return err
	}
	for _, pl := range plans {
		route, _ := ident.ParseIDs(pl.PointIDs)
		for _, id := range ids {
			for _, r := range route {
				if r == id {
					return errs.Rule("IN_USE", "巡检计划「%s」的路线经过该巡检点,请先调整路线", pl.Name)
				}
			}
		}
	}
	return s.Points.Remove(ctx, ids)
}

// ValidCycle: hours dividing a day (1, 2, 3, 4, 6, 8, 12, 24) or whole days
// (48 ... 720), so windows line up with midnight.
func ValidCycle(h int32) bool {
	if h >= 1 && h <= 24 {
		return 24%h == 0
	}
	return h > 24 && h <= 720 && h%24 == 0
}

// SubmitPlan creates or updates a plan: its route's points exist in the
// tenant, once each, and its inspector is a user of the tenant.
func (s *Inspection) SubmitPlan(ctx context.Context, p *Plan) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	p.Name = strings.TrimSpace(p.Name)
	if p.Name == "" {
		return errs.BadRequest("请填写计划名称")
	}
	if err := maxLen(p.Name, 100, "计划名称"); err != nil {
		return err
	}
	if err := maxLen(p.Remark, 500, "备注"); err != nil {
		return err
	}
	route, ok := ident.ParseIDs(p.PointIDs)
	if !ok || len(route) == 0 {
		return errs.BadRequest("请选择巡检路线的巡检点")
	}
	if len(route) > 200 {
		return errs.BadRequest("一条路线最多 200 个巡检点")
	}
	seen := map[int64]bool{}
	for _, r := range route {
		if seen[r] {
			return errs.BadRequest("巡检路线中巡检点重复")
		}
		seen[r] = true
	}
	pts, err := s.Q.PointsByIDs(ctx, route)
	if err != nil {
		return err
	}
	if len(pts) != len(route) {
		return errs.BadRequest("巡检路线中有不存在的巡检点")
	}
	p.PointIDs = ident.JoinIDs(route)
	if !ValidCycle(p.CycleHours) {
		return errs.BadRequest("巡检周期须能整除 24 小时(1、2、3、4、6、8、12、24)或为整天数(48 到 720 小时)")
	}
	if p.Enable == 0 {
		p.Enable = 1
	}
	if p.Enable != 1 && p.Enable != 2 {
		return errs.BadRequest("启用状态只能是 1 启用 或 2 停用")
	}
	if p.InspectorUserID == 0 {
		return errs.BadRequest("请选择巡检人员")
	}
	name, found, err := s.People.Name(ctx, id.TenantID, p.InspectorUserID)
	if err != nil {
		return err
	}
	if !found {
		return errs.BadRequest("巡检人员不存在")
	}
	p.InspectorName = name
	switch {
	case p.DeptID < 0:
		return errs.BadRequest("巡检班组不存在")
	case p.DeptID == 0 && len(id.DeptIDs) > 0:
		p.DeptID = id.DeptIDs[0]
	case p.DeptID > 0 && s.Depts != nil:
		names, err := s.Depts.Names(ctx, id.TenantID)
		if err != nil {
			return err
		}
		if _, ok := names[p.DeptID]; !ok {
			return errs.BadRequest("巡检班组不存在")
		}
	}
	if p.ID == 0 {
		return s.Plans.Create(ctx, p)
	}
	if _, err := s.Plans.Get(ctx, p.ID); err != nil {
		return err
	}
	return s.Plans.Update(ctx, p.ID, p)
}

// Windows are the [start, end) windows of a cycle that start on day (the
// tenant's midnight). A cycle of whole days has a window on the days
// counted from the plan's creation day.
func Windows(day time.Time, cycle int32, created time.Time) [][2]time.Time {
	var out [][2]time.Time
	step := time.Duration(cycle) * time.Hour
	if cycle <= 24 {
		for t := day; t.Before(day.AddDate(0, 0, 1)); t = t.Add(step) {
			out = append(out, [2]time.Time{t, t.Add(step)})
		}
		return out
	}
	c := created.In(timefmt.Zone)
	first := time.Date(c.Year(), c.Month(), c.Day(), 0, 0, 0, 0, timefmt.Zone)
	days := int(math.Round(day.Sub(first).Hours() / 24))
	if days >= 0 && days%(int(cycle)/24) == 0 {
		out = append(out, [2]time.Time{day, day.AddDate(0, 0, int(cycle)/24)})
	}
	return out
}

// Generate first records the caller tenant's late points (超期未检, 漏检未补,
// the tasks 漏检), then makes the tasks of today's windows for every
// enabled plan, once per plan and window (a window already made is skipped).
func (s *Inspection) Generate(ctx context.Context) (int, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return 0, err
	}
	if late, err := s.Q.MarkLate(ctx, s.Now().In(timefmt.Zone)); err != nil {
		return 0, err
	} else if late > 0 {
		slog.Info("inspection scheduler: late points", "points", late)
	}
	now := s.Now().In(timefmt.Zone)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, timefmt.Zone)
	created := 0
	err := s.Plans.Each(ctx, paging.Query{Filters: map[string]string{"enable_equal": "1"}}, 100000, func(p Plan) error {
		for _, w := range Windows(day, p.CycleHours, p.CreateTime) {
			made, err := s.Tasks.Exists(ctx, 0, "plan_id = ? AND start_at = ?", p.ID, w[0])
			if err != nil {
				return err
			}
			if made {
				continue
			}
			if err := s.makeTask(ctx, &p, w); err != nil {
				if errs.Code(err) == codes.AlreadyExists {
					continue // another replica made it (unique plan and window)
				}
				return err
			}
			created++
		}
		return nil
	})
	return created, err
}

// makeTask makes the task of a plan's window and its points (route order,
// each 待检), in one transaction.
func (s *Inspection) makeTask(ctx context.Context, p *Plan, w [2]time.Time) error {
	route, _ := ident.ParseIDs(p.PointIDs)
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		t := &Task{PlanID: p.ID, PlanName: p.Name, InspectorUserID: p.InspectorUserID, InspectorName: p.InspectorName, StartAt: w[0], EndAt: w[1]}
		if err := s.Tasks.Create(ctx, t); err != nil {
			return err
		}
		miss := w[1].Add(Grace(w[0], w[1]))
		for i, pid := range route {
			tp := &TaskPoint{TaskID: t.ID, PlanID: p.ID, PointID: pid, Seq: int32(i + 1), DeptID: p.DeptID, InspectorUserID: p.InspectorUserID,
				InspectorName: p.InspectorName, StartAt: w[0], EndAt: w[1], MissAt: miss, InspectStatus: PointPending}
			if err := s.TPoints.Create(ctx, tp); err != nil {
				return err
			}
		}
		return nil
	})
}

// Tick runs Generate for every tenant with enabled plans (the scheduler).
func (s *Inspection) Tick(ctx context.Context) {
	tenants, err := s.Q.PlanTenants(ident.AsSystem(ctx))
	if err != nil {
		slog.Warn("inspection scheduler: tenants", "err", err)
		return
	}
	for _, t := range tenants {
		if ctx.Err() != nil {
			return
		}
		n, err := s.Generate(ident.ForTenant(ctx, t))
		if err != nil {
			slog.Warn("inspection scheduler", "tenant", t, "err", err)
			continue
		}
		if n > 0 {
			slog.Info("inspection scheduler", "tenant", t, "created", n)
		}
	}
}

// StateOf is a task's state as shown: an open task past its end is 已超期.
func StateOf(t *Task, now time.Time) int32 {
	if t.State == TaskOpen && !now.Before(t.EndAt) {
		return TaskOverdue
	}
	return t.State
}

// PointResult is what the inspector found at a point.
type PointResult struct {
	PointID  int64
	ScanCode string
	Items    []ItemResult
	Remark   string
	Photos   string
}

// Judge checks the values against the items and tells which are abnormal
// (a choice of 异常, a number outside [min, max]); every item needs a value.
func Judge(p *Point, items []CheckItem, got []ItemResult) ([]ItemResult, bool, error) {
	byName := map[string]ItemResult{}
	for _, g := range got {
		byName[strings.TrimSpace(g.Name)] = g
	}
	out := make([]ItemResult, 0, len(items))
	any := false
	for _, it := range items {
		g, ok := byName[it.Name]
		v := strings.TrimSpace(g.Value)
		if !ok || v == "" {
			return nil, false, errs.BadRequest("巡检点「%s」的检查项「%s」未填写", p.Name, it.Name)
		}
		r := ItemResult{Name: it.Name, Value: v}
		switch it.Kind {
		case ItemChoice:
			switch v {
			case "正常":
			case "异常":
				r.Abnormal = true
			default:
				return nil, false, errs.BadRequest("检查项「%s」只能填写 正常 或 异常", it.Name)
			}
		case ItemNumber:
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e12 {
				return nil, false, errs.BadRequest("检查项「%s」须填写数值", it.Name)
			}
			r.Abnormal = it.Min != nil && x < *it.Min || it.Max != nil && x > *it.Max
		}
		any = any || r.Abnormal
		out = append(out, r)
	}
	return out, any, nil
}

func limits(it CheckItem) string {
	switch {
	case it.Min != nil && it.Max != nil:
		return fmt.Sprintf("正常范围 %g~%g%s", *it.Min, *it.Max, it.Unit)
	case it.Min != nil:
		return fmt.Sprintf("下限 %g%s", *it.Min, it.Unit)
	case it.Max != nil:
		return fmt.Sprintf("上限 %g%s", *it.Max, it.Unit)
	}
	return ""
}

// Complete records a task: only its inspector, inside its window, once,
// with a result for every point of the route whose scanned code is the
// point's. Each abnormal point raises a hidden danger in the same
// transaction.
func (s *Inspection) Complete(ctx context.Context, taskID int64, results []PointResult) error {
	return s.inspect(ctx, taskID, results, false)
}

// MakeUp (补检) records some of the points of a task past its window that
// are not inspected yet: only its inspector; each becomes 超期已检 inside the
// grace, 漏检已补 after it. The task is 已完成 once every point is.
func (s *Inspection) MakeUp(ctx context.Context, taskID int64, results []PointResult) error {
	return s.inspect(ctx, taskID, results, true)
}

func (s *Inspection) inspect(ctx context.Context, taskID int64, results []PointResult, makeUp bool) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	t, err := s.Tasks.Get(ctx, taskID)
	if err != nil {
		return err
	}
	if id.UserID == 0 || id.UserID != t.InspectorUserID {
		return errs.Forbidden("只有该任务指派的巡检人员(%s)可以执行巡检", t.InspectorName)
	}
	now := s.Now().In(timefmt.Zone)
	state := StateOf(t, now)
	switch {
	case state == TaskDone:
		return errs.Rule("DONE", "该巡检任务已完成")
	case now.Before(t.StartAt):
		return errs.Rule("NOT_STARTED", "该巡检任务尚未开始(%s 开始)", timefmt.Format(t.StartAt))
	case !makeUp && state != TaskOpen:
		return errs.Rule("OVERDUE", "该巡检任务已超期,请补检")
	case makeUp && state == TaskOpen:
		return errs.Rule("NOT_OVERDUE", "该巡检任务尚未超期,请直接执行巡检")
	}
	if makeUp && len(results) == 0 {
		return errs.BadRequest("请至少补检一个巡检点")
	}
	tps, err := s.Q.TaskPoints(ctx, t.ID)
	if err != nil {
		return err
	}
	route := make([]int64, 0, len(tps))
	for _, tp := range tps {
		route = append(route, tp.PointID)
	}
	pts, err := s.Q.PointsByIDs(ctx, route)
	if err != nil {
		return err
	}
	byID := map[int64]*Point{}
	for i := range pts {
		byID[pts[i].ID] = &pts[i]
	}
	open := map[int64]bool{}
	for _, tp := range tps {
		if !Inspected(tp.InspectStatus) {
			open[tp.PointID] = true
		}
	}
	got := map[int64]PointResult{}
	for _, r := range results {
		if _, dup := got[r.PointID]; dup {
			return errs.BadRequest("巡检点结果重复")
		}
		if _, ok := byID[r.PointID]; !ok {
			return errs.BadRequest("巡检点不在该任务的路线上")
		}
		if !open[r.PointID] {
			return errs.BadRequest("巡检点「%s」已巡检", byID[r.PointID].Name)
		}
		got[r.PointID] = r
	}
	var recs []*Record
	var done []*TaskPoint
	abnormal := int32(0)
	statuses := make([]int32, 0, len(tps))
	for i := range tps {
		tp := &tps[i]
		p, ok := byID[tp.PointID]
		r, given := got[tp.PointID]
		if !ok || !open[tp.PointID] || (makeUp && !given) {
			// removed from the tenant since the task was made, inspected
			// already, or not made up this time
			if ok || Inspected(tp.InspectStatus) {
				statuses = append(statuses, StatusAt(tp.InspectStatus, tp.EndAt, tp.MissAt, now))
			}
			continue
		}
		if !given {
			return errs.BadRequest("巡检点「%s」未巡检", p.Name)
		}
		if !strings.EqualFold(strings.TrimSpace(r.ScanCode), p.Code) {
			return errs.BadRequest("巡检点「%s」扫描的编码与标签不符,请到现场扫码", p.Name)
		}
		if err := maxLen(r.Remark, 500, "备注"); err != nil {
			return err
		}
		if err := ValidFiles(r.Photos, 9, "照片"); err != nil {
			return err
		}
		var items []CheckItem
		if err := json.Unmarshal([]byte(p.Items), &items); err != nil {
			return fmt.Errorf("point %d items: %w", p.ID, err)
		}
		judged, bad, err := Judge(p, items, r.Items)
		if err != nil {
			return err
		}
		raw, err := json.Marshal(judged)
		if err != nil {
			return err
		}
		if bad {
			abnormal++
		}
		recs = append(recs, &Record{TaskID: t.ID, PlanID: t.PlanID, PointID: p.ID, PointCode: p.Code, PointName: p.Name, Items: string(raw),
			Abnormal: bad, Remark: r.Remark, Photos: r.Photos, InspectorUserID: id.UserID, InspectorName: t.InspectorName, DoneAt: now})
		tp.InspectStatus = InspectedStatus(tp.EndAt, tp.MissAt, now)
		tp.InspectedAt = &now
		done = append(done, tp)
		statuses = append(statuses, tp.InspectStatus)
	}
	t.State, t.AbnormalCount = TaskStateOf(statuses), t.AbnormalCount+abnormal
	if t.State == TaskDone {
		t.DoneAt = &now
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		for i, rec := range recs {
			if err := s.Records.Create(ctx, rec); err != nil {
				return err
			}
			done[i].RecordID = rec.ID
			if marked, err := s.Q.MarkInspected(ctx, done[i]); err != nil {
				return err
			} else if !marked {
				return errs.Rule("DONE", "巡检点「%s」已巡检", rec.PointName)
			}
			if !rec.Abnormal {
				continue
			}
			if err := s.raise(ctx, id, t, rec, byID[rec.PointID]); err != nil {
				return err
			}
		}
		return s.Tasks.Update(ctx, t.ID, t, "state", "done_at", "abnormal_count", "update_user", "update_time")
	})
}

func (s *Inspection) raise(ctx context.Context, id *ident.Identity, t *Task, rec *Record, p *Point) error {
	var judged []ItemResult
	_ = json.Unmarshal([]byte(rec.Items), &judged) // made just above
	var items []CheckItem
	_ = json.Unmarshal([]byte(p.Items), &items)
	lim := map[string]string{}
	for _, it := range items {
		lim[it.Name] = limits(it)
	}
	var parts []string
	for _, j := range judged {
		if j.Abnormal {
			parts = append(parts, strings.TrimSpace(j.Name+" "+j.Value+" "+lim[j.Name]))
		}
	}
	title := "巡检异常:" + p.Name + " " + strings.Join(parts, ";")
	if utf8.RuneCountInString(title) > 100 {
		title = string([]rune(title)[:100])
	}
	return s.Events.Add(ctx, SubjectHazard, id.TenantID, map[string]any{
		"source": "inspection", "sourceId": strconv.FormatInt(rec.ID, 10), "title": title,
		"description": strings.TrimSpace("巡检任务「" + t.PlanName + "」" + timefmt.Format(rec.DoneAt) + " 发现:" + strings.Join(parts, ";") + "。" + rec.Remark),
		"level":       0, "hazardType": 7, "dangerSrc": 1, "location": firstNonEmpty(p.Location, p.Name),
		"reporterId": strconv.FormatInt(id.UserID, 10), "photos": rec.Photos,
		"link": "/intelligentInspectionNew/record?taskId=" + strconv.FormatInt(t.ID, 10),
	})
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// ValidFiles checks a comma list of stored file names (the resource
// service's put-file answers): at most max, no empty or control-character
// entries.
func ValidFiles(list string, max int, field string) error {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	parts := strings.Split(list, ",")
	if len(parts) > max {
		return errs.BadRequest("%s最多 %d 个", field, max)
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || utf8.RuneCountInString(p) > 200 || strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return errs.BadRequest("%s格式错误", field)
		}
	}
	return nil
}
