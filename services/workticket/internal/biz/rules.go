package biz

import (
	"fmt"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// The standard's rules as pure functions (GB 30871-2022, see
// /work/shared/research/regulation.md). Each refusal is a Chinese sentence.

// GasFreshness: a sample older than this before ignition/entry is stale.
const GasFreshness = 30 * time.Minute

// MaxValidity is the longest planned window of a permit; 0 = the standard
// sets none.
func MaxValidity(workType string, level int32) time.Duration {
	switch workType {
	case HotWork:
		if level == FireSecond {
			return 72 * time.Hour
		}
		return 8 * time.Hour
	case ConfinedSpaceWork:
		return 24 * time.Hour
	}
	return 0
}

// CheckWindow validates the planned window against the type's validity.
func CheckWindow(workType string, level int32, start, end time.Time) error {
	if start.IsZero() || end.IsZero() {
		return errs.BadRequest("请填写计划开始时间和计划结束时间")
	}
	if !end.After(start) {
		return errs.BadRequest("计划结束时间必须晚于计划开始时间")
	}
	if max := MaxValidity(workType, level); max > 0 && end.Sub(start) > max {
		name := WorkTypeName(workType)
		if l := LevelName(workType, level); l != "" {
			name = l + name
		}
		return errs.Rule("VALIDITY", "%s作业票有效期不得超过%s,请缩短计划作业时间", name, hours(max))
	}
	return nil
}

func hours(d time.Duration) string { return fmt.Sprintf("%d小时", int(d.Hours())) }

// CheckNotExpired refuses work on a permit whose planned end has passed.
func CheckNotExpired(end, now time.Time, act string) error {
	if now.After(end) {
		return errs.Rule("EXPIRED", "作业票已超过有效期(%s),不能%s,请重新办理作业票", end.In(timefmt.Zone).Format("2006-01-02 15:04"), act)
	}
	return nil
}

// AltitudeLevel is the level of work at height (GB/T 3608 bands used by
// GB 30871): 2-5 m 一级, 5-15 m 二级, 15-30 m 三级, over 30 m 四级.
func AltitudeLevel(height float64) (int32, error) {
	switch {
	case height < 2:
		return 0, errs.BadRequest("高处作业高度须不低于2米(坠落高度基准面2m以上)")
	case height <= 5:
		return 1, nil
	case height <= 15:
		return 2, nil
	case height <= 30:
		return 3, nil
	}
	return 4, nil
}

// LiftingLevel: over 100 t 一级, 40-100 t 二级, under 40 t 三级.
func LiftingLevel(weight float64) (int32, error) {
	switch {
	case weight <= 0:
		return 0, errs.BadRequest("请填写吊装物质量(吨,大于0)")
	case weight > 100:
		return 1, nil
	case weight >= 40:
		return 2, nil
	}
	return 3, nil
}

// Calendar is a tenant's working calendar: overrides by date (yyyy-MM-dd)
// and night hours as minutes after midnight. Weekends are rest days unless
// an override says otherwise.
type Calendar struct {
	// Loc is the tenant's zone (nil: the zone of the times given).
	Loc        *time.Location
	Days       map[string]int32
	NightStart int // minutes, default 22:00
	NightEnd   int // minutes, default 06:00
}

// DefaultNight is 22:00-06:00.
const DefaultNightStart, DefaultNightEnd = 22 * 60, 6 * 60

// RestDay reports whether the day of t is a holiday or rest day.
func (c Calendar) RestDay(t time.Time) bool {
	t = c.in(t)
	if v, ok := c.Days[t.Format("2006-01-02")]; ok {
		return v == DayRest
	}
	wd := t.Weekday()
	return wd == time.Saturday || wd == time.Sunday
}

// Night reports whether the moment t is within night hours.
func (c Calendar) Night(t time.Time) bool {
	t = c.in(t)
	m := t.Hour()*60 + t.Minute()
	if c.NightStart == c.NightEnd {
		return false
	}
	if c.NightStart < c.NightEnd {
		return m >= c.NightStart && m < c.NightEnd
	}
	return m >= c.NightStart || m < c.NightEnd
}

// Touches reports whether the window [start, end) touches a rest day and/or
// night hours.
func (c Calendar) Touches(start, end time.Time) (rest, night bool) {
	if !end.After(start) {
		return false, false
	}
	start, end = c.in(start), c.in(end)
	loc := start.Location()
	day := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, loc).AddDate(0, 0, -1)
	for ; day.Before(end); day = day.AddDate(0, 0, 1) {
		next := day.AddDate(0, 0, 1)
		if c.RestDay(day) && start.Before(next) && end.After(day) {
			rest = true
		}
		if c.NightStart != c.NightEnd {
			ns := day.Add(time.Duration(c.NightStart) * time.Minute)
			ne := day.Add(time.Duration(c.NightEnd) * time.Minute)
			if c.NightEnd < c.NightStart {
				ne = next.Add(time.Duration(c.NightEnd) * time.Minute)
			}
			if start.Before(ne) && end.After(ns) {
				night = true
			}
		}
	}
	return rest, night
}

func (c Calendar) in(t time.Time) time.Time {
	if c.Loc != nil {
		return t.In(c.Loc)
	}
	return t
}

// EscalateFire raises a hot-work level by one (二级->一级->特级) when the
// window touches a holiday, rest day or night (升级管理).
func EscalateFire(level int32, c Calendar, start, end time.Time) (effective int32, reason string) {
	rest, night := c.Touches(start, end)
	if !rest && !night {
		return level, ""
	}
	var why []string
	if rest {
		why = append(why, "节假日/休息日")
	}
	if night {
		why = append(why, "夜间")
	}
	if level == FireSpecial {
		return level, ""
	}
	return level - 1, fmt.Sprintf("%s作业,动火级别由%s升为%s", strings.Join(why, "、"), LevelName(HotWork, level), LevelName(HotWork, level-1))
}

// Reading is one gas measurement.
type Reading struct {
	GasName string  `json:"gasName"`
	GasType int32   `json:"gasType"`
	Value   float64 `json:"value"`
	Unit    string  `json:"unit"`
	LEL     float64 `json:"lel"`
	Limit   float64 `json:"limit"`
	// Verdict (server).
	Qualified bool   `json:"qualified"`
	Reason    string `json:"reason"`
}

// Oxygen bounds (% vol).
const (
	OxygenMin         = 19.5
	OxygenMax         = 21.0
	OxygenEnrichedMax = 23.5
)

// CombustibleLimit is the highest combustible concentration (% vol)
// allowed for a gas of that LEL: 0.5% when LEL >= 4%, else 0.2%.
func CombustibleLimit(lel float64) float64 {
	if lel >= 4 {
		return 0.5
	}
	return 0.2
}

// JudgeReading checks one reading. confined selects the oxygen rule
// (19.5%-21%, 23.5% when enriched by design).
func JudgeReading(r Reading, confined, enriched bool) (bool, string) {
	name := r.GasName
	if r.Value < 0 {
		return false, fmt.Sprintf("%s检测值不能为负数", name)
	}
	switch r.GasType {
	case GasCombustible:
		if r.LEL <= 0 || r.LEL > 100 {
			return false, fmt.Sprintf("请填写%s的爆炸下限(LEL, %%vol)", name)
		}
		v := r.Value
		// A detector reading in %LEL is converted to % vol of the gas.
		if strings.EqualFold(strings.TrimSpace(r.Unit), "%LEL") {
			v = r.Value / 100 * r.LEL
		}
		if lim := CombustibleLimit(r.LEL); v > lim+1e-9 {
			return false, fmt.Sprintf("%s浓度%.3g%%vol超过限值%.1f%%vol(爆炸下限%s4%%时)", name, v, lim, map[bool]string{true: "≥", false: "<"}[r.LEL >= 4])
		}
	case GasOxygen:
		if !confined {
			return true, ""
		}
		max := OxygenMax
		if enriched {
			max = OxygenEnrichedMax
		}
		if r.Value < OxygenMin-1e-9 || r.Value > max+1e-9 {
			return false, fmt.Sprintf("氧含量%.4g%%不在%.1f%%~%.1f%%范围内", r.Value, OxygenMin, max)
		}
	case GasToxic:
		if r.Limit <= 0 {
			return false, fmt.Sprintf("请填写%s的容许浓度限值", name)
		}
		if r.Value > r.Limit+1e-9 {
			return false, fmt.Sprintf("%s浓度%.4g%s超过容许浓度%.4g%s", name, r.Value, r.Unit, r.Limit, r.Unit)
		}
	default:
		return false, fmt.Sprintf("%s的气体类型无效(1 可燃气体, 2 有毒气体, 3 氧气)", name)
	}
	return true, ""
}

// JudgeSample judges every reading of a sample (filling the verdicts) and
// the sample as a whole: hot work needs a combustible reading, a confined
// space an oxygen reading and a combustible or toxic one.
func JudgeSample(workType string, readings []Reading, enriched bool) (bool, string) {
	if len(readings) == 0 {
		return false, "请至少填写一项气体检测数据"
	}
	confined := workType == ConfinedSpaceWork
	has := map[int32]bool{}
	var bad []string
	for i := range readings {
		r := &readings[i]
		if strings.TrimSpace(r.GasName) == "" {
			r.GasName = OptionName(GasTypes, fmt.Sprint(r.GasType))
		}
		r.Qualified, r.Reason = JudgeReading(*r, confined, enriched)
		has[r.GasType] = true
		if !r.Qualified {
			bad = append(bad, r.Reason)
		}
	}
	switch {
	case workType == HotWork && !has[GasCombustible]:
		bad = append(bad, "动火作业缺少可燃气体检测数据")
	case confined && !has[GasOxygen]:
		bad = append(bad, "受限空间缺少氧含量检测数据")
	case confined && !has[GasCombustible] && !has[GasToxic]:
		bad = append(bad, "受限空间缺少可燃或有毒气体检测数据")
	}
	if len(bad) > 0 {
		return false, "气体分析不合格: " + strings.Join(bad, "; ")
	}
	return true, ""
}

// SampleAt is the time and verdict of a stored sample.
type SampleAt struct {
	Time      time.Time
	Kind      int32
	Qualified bool
}

// PauseLimit is the longest pause after which work resumes without a new
// analysis: 30 min for 特级/一级 hot work and confined spaces, 60 min for 二级.
func PauseLimit(workType string, level int32) time.Duration {
	if workType == HotWork && level == FireSecond {
		return 60 * time.Minute
	}
	return 30 * time.Minute
}

// CheckFreshSample requires a qualified pre-work sample taken after `since`
// (zero: any) and at most 30 minutes before now. act names the refused act.
func CheckFreshSample(samples []SampleAt, since, now time.Time, act string) error {
	var latest *SampleAt
	for i := range samples {
		s := &samples[i]
		if s.Kind != SampleBefore || s.Time.After(now) || (!since.IsZero() && s.Time.Before(since)) {
			continue
		}
		if latest == nil || s.Time.After(latest.Time) {
			latest = s
		}
	}
	switch {
	case latest == nil:
		return errs.Rule("GAS_MISSING", "%s前30分钟内须进行气体分析,请先录入合格的气体分析数据", act)
	case !latest.Qualified:
		return errs.Rule("GAS_FAILED", "最近一次气体分析不合格,不能%s", act)
	case now.Sub(latest.Time) > GasFreshness:
		return errs.Rule("GAS_STALE", "气体分析(%s)距%s已超过30分钟,请重新取样分析", latest.Time.In(timefmt.Zone).Format("15:04"), act)
	}
	return nil
}

// NeedsGas reports whether the type requires gas analysis.
func NeedsGas(workType string) bool { t, _ := TypeInfo(workType); return t.NeedsGas }

// NeedsMonitoring: 特级 hot work and confined spaces are monitored
// continuously while in progress.
func NeedsMonitoring(workType string, level int32) bool {
	return workType == ConfinedSpaceWork || (workType == HotWork && level == FireSpecial)
}
