package biz

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Commitment is the daily 安全承诺 computed from the data.
type Commitment struct {
	Date                                              string
	ResponsibleUserName                               string
	UnitsTotal, UnitsInOperation, UnitsStopped        int
	SpecialWorks                                      int
	SpecialWorksNote                                  string
	HazardsOpen, HazardsOpenGeneral, HazardsOpenMajor int
	HazardsOverdue                                    int
	TasksDue, TasksDone                               int
	CompletionRate                                    float64
	Colours                                           map[int32]int
	Text                                              string
}

// Count is one bar of a board.
type Count struct {
	Code, Name string
	Count      int
}

// Screen is the double-prevention big screen.
type Screen struct {
	Date                                                string
	UnitColours, EventColours, TaskStates, HazardStates []Count
	HazardLevels                                        []Count
	TasksDue, TasksDone                                 int
	CompletionRate                                      float64
	HazardsTotal, HazardsOpen                           int
	OverdueHazards                                      []Hazard
	OverdueTasks                                        []CheckTask
	Objects, Units, Events, Measures, Plans             int
}

func (p *Prevention) day(date string) (time.Time, time.Time, error) {
	t, err := parseTime(date, "日期", false, p.Now())
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	s, e := DayOf(t)
	return s, e, nil
}

func rate(done, due int) float64 {
	if due == 0 {
		return 0
	}
	return math.Round(float64(done)*1000/float64(due)) / 10
}

// taskCounts counts the day's tasks — those whose window starts that day —
// by state (a range on the start-time index, whatever the history).
func (p *Prevention) taskCounts(ctx context.Context, s, e time.Time) (map[int64]int64, int, int, error) {
	by, err := p.Q.GroupCount(ctx, &CheckTask{}, "task_state", "start_time >= ? AND start_time < ?", s, e)
	if err != nil {
		return nil, 0, 0, err
	}
	due, done := 0, 0
	for st, n := range by {
		due += int(n)
		if st == int64(TaskDone) || st == int64(TaskOverdueDone) || st == int64(TaskMissedMadeUp) {
			done += int(n)
		}
	}
	return by, due, done, nil
}

// Commitment computes the day's commitment.
func (p *Prevention) Commitment(ctx context.Context, date string) (*Commitment, error) {
	s, e, err := p.day(date)
	if err != nil {
		return nil, err
	}
	c := &Commitment{Date: s.Format("2006-01-02"), Colours: map[int32]int{}}
	_, c.ResponsibleUserName = caller(ctx)
	ops, err := p.Q.GroupCount(ctx, &RiskUnit{}, "operation_state", "")
	if err != nil {
		return nil, err
	}
	c.UnitsInOperation, c.UnitsStopped = int(ops[1]), int(ops[2])
	for _, n := range ops {
		c.UnitsTotal += int(n)
	}
	levels, err := p.Q.GroupCount(ctx, &RiskUnit{}, "risk_level", "")
	if err != nil {
		return nil, err
	}
	for l, n := range levels {
		c.Colours[int32(l)] = int(n)
	}
	open, err := p.Q.GroupCount(ctx, &Hazard{}, "danger_level", "danger_state IN ?", OpenHazardStates)
	if err != nil {
		return nil, err
	}
	c.HazardsOpenGeneral, c.HazardsOpenMajor = int(open[0]), int(open[1])
	c.HazardsOpen = c.HazardsOpenGeneral + c.HazardsOpenMajor
	n, err := p.Q.Count(ctx, &Hazard{}, "overdue = 1 AND danger_state IN ?", OpenHazardStates)
	if err != nil {
		return nil, err
	}
	c.HazardsOverdue = int(n)
	if _, c.TasksDue, c.TasksDone, err = p.taskCounts(ctx, s, e); err != nil {
		return nil, err
	}
	c.CompletionRate = rate(c.TasksDone, c.TasksDue)
	today, _ := DayOf(p.Now())
	switch {
	case p.WorkTickets == nil:
		c.SpecialWorksNote = "特殊作业数据待作业票服务接入后自动统计"
	case !s.Equal(today):
		c.SpecialWorksNote = "特殊作业数仅统计当日"
	default:
		if w, err := p.WorkTickets(ctx); err == nil {
			c.SpecialWorks = w
		} else {
			c.SpecialWorksNote = "作业票服务暂不可用,特殊作业数未统计"
		}
	}
	c.Text = fmt.Sprintf("%s,本企业共有风险分析单元%d个,其中运行%d个、停用%d个;今日特殊作业%d项;未完成整改隐患%d项(重大隐患%d项,逾期%d项);今日隐患排查任务%d项,已完成%d项。我承诺:各生产装置、储存设施处于安全运行状态,安全风险均处于受控状态。",
		c.Date, c.UnitsTotal, c.UnitsInOperation, c.UnitsStopped, c.SpecialWorks, c.HazardsOpen, c.HazardsOpenMajor, c.HazardsOverdue, c.TasksDue, c.TasksDone)
	return c, nil
}

func colours(by map[int64]int64) []Count {
	out := make([]Count, 0, 5)
	for _, l := range []int32{1, 2, 3, 4, 0} {
		name := LevelNames[l]
		if l == 0 {
			name = "未评价"
		}
		out = append(out, Count{Code: Colour(l), Name: name, Count: int(by[int64(l)])})
	}
	return out
}

// BigScreen computes the big screen of a day.
func (p *Prevention) BigScreen(ctx context.Context, date string) (*Screen, error) {
	s, e, err := p.day(date)
	if err != nil {
		return nil, err
	}
	sc := &Screen{Date: s.Format("2006-01-02")}
	units, err := p.Q.GroupCount(ctx, &RiskUnit{}, "risk_level", "")
	if err != nil {
		return nil, err
	}
	sc.UnitColours = colours(units)
	for _, n := range units {
		sc.Units += int(n)
	}
	events, err := p.Q.GroupCount(ctx, &RiskEvent{}, "risk_level", "")
	if err != nil {
		return nil, err
	}
	sc.EventColours = colours(events)
	for _, n := range events {
		sc.Events += int(n)
	}
	tasks, due, done, err := p.taskCounts(ctx, s, e)
	if err != nil {
		return nil, err
	}
	sc.TasksDue, sc.TasksDone, sc.CompletionRate = due, done, rate(done, due)
	for st := int32(1); st <= 6; st++ {
		sc.TaskStates = append(sc.TaskStates, Count{Code: strconv.Itoa(int(st)), Name: TaskStates[st], Count: int(tasks[int64(st)])})
	}
	hs, err := p.Q.GroupCount(ctx, &Hazard{}, "danger_state", "")
	if err != nil {
		return nil, err
	}
	for _, st := range HazardStateOrder {
		n := int(hs[int64(st)])
		sc.HazardStates = append(sc.HazardStates, Count{Code: strconv.Itoa(int(st)), Name: HazardStates[st], Count: n})
		sc.HazardsTotal += n
	}
	for _, st := range OpenHazardStates {
		sc.HazardsOpen += int(hs[int64(st)])
	}
	hl, err := p.Q.GroupCount(ctx, &Hazard{}, "danger_level", "")
	if err != nil {
		return nil, err
	}
	for _, l := range []int32{0, 1} {
		sc.HazardLevels = append(sc.HazardLevels, Count{Code: strconv.Itoa(int(l)), Name: DangerLevels[l], Count: int(hl[int64(l)])})
	}
	if sc.OverdueHazards, err = p.Q.OverdueHazards(ctx, 10); err != nil {
		return nil, err
	}
	if sc.OverdueTasks, err = p.Q.OverdueTasks(ctx, 10); err != nil {
		return nil, err
	}
	for _, c := range []struct {
		model any
		dst   *int
	}{{&RiskObject{}, &sc.Objects}, {&Measure{}, &sc.Measures}, {&CheckPlan{}, &sc.Plans}} {
		n, err := p.Q.Count(ctx, c.model, "")
		if err != nil {
			return nil, err
		}
		*c.dst = int(n)
	}
	return sc, nil
}
