package biz

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"maps"
	"math"
	"regexp"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/ruletable"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Training (h-training): courses, and study credited only for verified
// playback. A person's study of a course is one row (edu_study); the player
// sends a heartbeat with its media position and the server credits the time
// between two beats only when the position advanced about as much as the wall
// time did (Credit). The numbers come from the tenant's rule table.

// Course kinds.
const (
	KindVideo    int32 = 1 // 视频
	KindDocument int32 = 2 // 文档
)

// Course is a course (课程) of the tenant.
type Course struct {
	db.Base
	Name        string  `gorm:"size:200;not null"`
	Category    string  `gorm:"size:100;not null;default:''"`
	Kind        int32   `gorm:"not null;default:1"`
	Files       string  `gorm:"size:2000;not null;default:''"`
	Duration    int32   `gorm:"not null;default:0"`
	Hours       float64 `gorm:"not null;default:0"`
	PassPercent int32   `gorm:"not null;default:90"`
	Remark      string  `gorm:"size:500;not null;default:''"`
}

func (Course) TableName() string { return "edu_course" }

// courseFile is one entry of a course's files: a file stored by resource, by its stored name
// (32 hex digits and an extension) or a link whose last segment is that name.
var courseFile = regexp.MustCompile(`^(?:[A-Za-z0-9./:_%-]{0,400}/)?[0-9a-f]{32}\.[a-z0-9]{1,5}$`)

// courseFiles checks a course's comma list of files: 1 to 10 stored files; anything else is
// refused (never rewritten), so what is saved is what was sent, less the spaces around commas.
func courseFiles(list string) (string, error) {
	if strings.TrimSpace(list) == "" {
		return "", errs.BadRequest("请上传课程文件")
	}
	if len(list) > 2000 {
		return "", errs.BadRequest("课程文件最多 10 个")
	}
	parts := strings.Split(list, ",")
	if len(parts) > 10 {
		return "", errs.BadRequest("课程文件最多 10 个")
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if !courseFile.MatchString(p) {
			return "", errs.BadRequest("课程文件格式错误,请重新上传")
		}
		parts[i] = p
	}
	return strings.Join(parts, ","), nil
}

// Study is one person's study of one course (学习记录).
type Study struct {
	db.Base
	CourseID   int64  `gorm:"not null"`
	CourseName string `gorm:"size:200;not null;default:''"`
	UserID     int64  `gorm:"not null"`
	UserName   string `gorm:"size:100;not null;default:''"`
	// The window studying (a later Start voids the others), the last
	// reported position, the furthest verified one and the verified seconds.
	Token       int64   `gorm:"not null;default:0"`
	Position    float64 `gorm:"not null;default:0"`
	Furthest    float64 `gorm:"not null;default:0"`
	Credited    float64 `gorm:"not null;default:0"`
	Playing     bool    `gorm:"not null;default:false"`
	LastBeat    *time.Time
	Beats       int32 `gorm:"not null;default:0"`
	Refused     int32 `gorm:"not null;default:0"`
	Completed   bool  `gorm:"not null;default:false"`
	CompletedAt *time.Time
	// Renewal (a completion counts ValidMonths on the training matrix): opening a completed
	// course starts a new round whose verified seconds count from RoundBase, and the round
	// reaching the pass percent again is a new completion (CompletedAt moves to it; the
	// earlier times are kept in Completions, oldest first, for the person's file).
	RoundBase   float64 `gorm:"not null;default:0"`
	Completions string  `gorm:"size:1000;not null;default:''"`
}

// maxCompletions bounds the kept earlier completion times (Completions' size).
const maxCompletions = 40

// CompletionTimes are every completion of the study, oldest first, the latest last.
func (s *Study) CompletionTimes() []string {
	var out []string
	if s.Completions != "" {
		out = strings.Split(s.Completions, ",")
	}
	if s.Completed && s.CompletedAt != nil {
		out = append(out, timefmt.Format(*s.CompletedAt))
	}
	return out
}

// Completes reports whether the beat taking the study's verified seconds from before to
// after completes a round: the first, or one begun by opening the course again after a
// completion (RoundBase), once the round reaches the pass percent; never again in the same
// round.
func (s *Study) Completes(before, after float64, duration, passPercent int32) bool {
	if ProgressOf(after-s.RoundBase, duration) < passPercent {
		return false
	}
	return !s.Completed || ProgressOf(before-s.RoundBase, duration) < passPercent
}

// renewal are the values that record a new completion at now: the earlier one moves into
// the history (the oldest dropped past maxCompletions).
func (s *Study) renewal(now time.Time) map[string]any {
	v := map[string]any{"completed": true, "completed_at": now}
	if s.Completed && s.CompletedAt != nil {
		h := s.CompletionTimes()
		if len(h) > maxCompletions {
			h = h[len(h)-maxCompletions:]
		}
		v["completions"] = strings.Join(h, ",")
	}
	return v
}

func (Study) TableName() string { return "edu_study" }

// NotAudited: a study row changes on every heartbeat (one learner every 15 s), only through the
// server's own crediting, never by hand; the row itself is the evidence (beats, refused beats,
// furthest verified point, credited seconds), so auditing each beat would only flood the log.
func (Study) NotAudited() {}

// TrainingRule is a stored version of a training rule (edu_rule).
type TrainingRule struct {
	db.Base
	Code    string `gorm:"size:64;not null"`
	Value   int32  `gorm:"not null"`
	Source  string `gorm:"size:200;not null;default:''"`
	Version int32  `gorm:"not null"`
}

func (TrainingRule) TableName() string { return "edu_rule" }

// Versioned gives ruletable the row's code, value and version.
func (r *TrainingRule) Versioned() (string, int32, int32) { return r.Code, r.Value, r.Version }

// Training rule codes.
const (
	RuleMinutesPerHour = "study.minutes_per_hour"
	RuleMaxGap         = "study.max_gap_seconds"
	RuleSeekTolerance  = "study.seek_tolerance_seconds"
)

// TrainingRules are the training rules with their defaults and sources
// (research notes, section 1). [V] marks a verified source, [S] a secondary
// one (consistent across several copies, not read in the official text),
// [NF] none found: a platform default the tenant may change.
var TrainingRules = ruletable.Table[int32]{
	// [NF]: no national definition of a 学时; 45 minutes appears in vendor code and official
	// online-training notices.
	{Code: RuleMinutesPerHour, Name: "每学时分钟数", Unit: "分钟", Source: "平台默认值:国家未规定学时时长,培训通知与常见平台按 45 分钟计", Default: 45},
	// Anti-idling (赣应急字〔2024〕24号 [V] asks platforms to stop 挂机 and 代学; the numbers are ours).
	{Code: RuleMaxGap, Name: "心跳最长间隔(超过不计时,防挂机)", Unit: "秒", Source: "平台默认值;防挂机、代学要求见赣应急字〔2024〕24号", Default: 60},
	{Code: RuleSeekTolerance, Name: "进度超前容差(超过视为快进,不计时)", Unit: "秒", Source: "平台默认值;屏蔽快进见各地线上培训通知", Default: 3},
	// 三级安全教育: the regulation sets no hours per level; 24/24/24 is a vendor template
	// (iphpwind/EHS-system) [S], kept as the platform default.
	{Code: "level.company.hours", Name: "公司级(厂级)安全教育学时", Unit: "学时", Source: "平台默认值:法规未规定各级学时,参照常见 24/24/24 模板", Default: 24},
	{Code: "level.workshop.hours", Name: "车间级安全教育学时", Unit: "学时", Source: "平台默认值:法规未规定各级学时,参照常见 24/24/24 模板", Default: 24},
	{Code: "level.team.hours", Name: "班组级安全教育学时", Unit: "学时", Source: "平台默认值:法规未规定各级学时,参照常见 24/24/24 模板", Default: 24},
	// 《生产经营单位安全培训规定》(安监总局令第3号): [V] for new staff, [S] for the leaders' rows
	// and the 8-hour re-training of other industries.
	// h-hours: which rows below the tenant follows. [NF] the platform serves mainly
	// hazardous-chemicals enterprises, so 1 is the default.
	{Code: RuleIndustry, Name: "学时要求适用行业(1 高危行业:危化、矿山、烟花爆竹、金属冶炼;2 其他行业)", Unit: "", Source: "《生产经营单位安全培训规定》第九条、第十三条按行业区分学时", Default: 1},
	{Code: "hours.hazchem.initial", Name: "高危行业新员工岗前培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第十三条(危化、矿山、烟花爆竹、金属冶炼)", Default: 72},
	{Code: "hours.hazchem.annual", Name: "高危行业从业人员每年再培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第十三条", Default: 20},
	{Code: "hours.other.initial", Name: "其他行业新员工岗前培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第十三条", Default: 24},
	{Code: "hours.other.annual", Name: "其他行业从业人员每年再培训学时", Unit: "学时", Source: "国务院安委会决定(次要来源)", Default: 8},
	{Code: "hours.leader_hazchem.initial", Name: "高危行业主要负责人、安全管理人员初次培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第九条(次要来源)", Default: 48},
	{Code: "hours.leader_hazchem.annual", Name: "高危行业主要负责人、安全管理人员每年再培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第九条(次要来源)", Default: 16},
	{Code: "hours.leader_other.initial", Name: "其他行业主要负责人、安全管理人员初次培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第九条(次要来源)", Default: 32},
	{Code: "hours.leader_other.annual", Name: "其他行业主要负责人、安全管理人员每年再培训学时", Unit: "学时", Source: "《生产经营单位安全培训规定》第九条(次要来源)", Default: 12},
}

// TrainingRuleView is a rule in force with its definition.
type TrainingRuleView = ruletable.View[int32, TrainingRule]

// Beat is what the server knows of two heartbeats for Credit.
type Beat struct {
	// The previous beat (or Start): its time and position; Furthest is the
	// furthest verified position so far.
	PrevAt       time.Time
	PrevPosition float64
	Furthest     float64
	// This beat.
	At       time.Time
	Position float64
	Playing  bool
	// Another study of the same person was playing within the gap.
	Parallel bool
}

// Credit is the verdict on a beat: the seconds credited, the new furthest
// position and, when nothing is credited, why.
type Credit struct {
	Seconds  float64
	Furthest float64
	Note     string
}

// CreditOf credits the time between two beats only for verified playback:
// playing, not idle longer than maxGap, no other study playing at once, the
// position advanced (forward) no more than the wall time plus tolerance and
// not past the furthest verified point plus that much. The credit is the
// smaller of the advance and the wall time.
func CreditOf(b Beat, maxGap, tolerance float64) Credit {
	out := Credit{Furthest: b.Furthest}
	wall := b.At.Sub(b.PrevAt).Seconds()
	advance := b.Position - b.PrevPosition
	switch {
	case wall <= 0:
		out.Note = "心跳过于频繁"
	case wall > maxGap:
		out.Note = "间隔过长(挂机或断线),本段不计时"
	case !b.Playing:
		out.Note = "未在播放,不计时"
	case b.Parallel:
		out.Note = "同时在学习其他课程,不计时"
	case advance <= 0:
		out.Note = "进度未前进,不计时"
	case advance > wall+tolerance || b.Position > b.Furthest+wall+tolerance:
		out.Note = "进度超前(快进),不计时"
	default:
		out.Seconds = math.Min(advance, wall)
		out.Furthest = math.Max(b.Furthest, b.Position)
	}
	return out
}

// HoursOf is the 学时 of verified seconds: whole minutes per 学时, to one
// decimal, at most the course's.
func HoursOf(seconds float64, minutesPerHour int32, courseHours float64) float64 {
	if minutesPerHour <= 0 {
		return 0
	}
	h := math.Floor(seconds/60/float64(minutesPerHour)*10) / 10
	return math.Min(h, courseHours)
}

// ProgressOf is the percent of a course's duration studied.
func ProgressOf(seconds float64, duration int32) int32 {
	if duration <= 0 {
		return 0
	}
	return int32(math.Min(100, math.Floor(seconds*100/float64(duration))))
}

// TrainingRuleSet is the caller tenant's training rules in force.
func (e *Education) TrainingRuleSet(ctx context.Context) (map[string]int32, error) {
	rows, err := e.Q.TrainingRules(ctx, "")
	if err != nil {
		return nil, err
	}
	return ruletable.InForce[int32](rows), nil
}

// TrainingRuleList is every training rule in force.
func (e *Education) TrainingRuleList(ctx context.Context) ([]TrainingRuleView, error) {
	rows, err := e.Q.TrainingRules(ctx, "")
	if err != nil {
		return nil, err
	}
	return ruletable.Views[int32](TrainingRules, rows), nil
}

// SubmitTrainingRule writes a new version of a training rule.
func (e *Education) SubmitTrainingRule(ctx context.Context, code string, value int32, source string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	d, ok := TrainingRules.Of(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	if code == RuleIndustry && value != 1 && value != 2 {
		return errs.BadRequest("%s只能是 1 或 2", d.Name)
	}
	if value < 1 || value > 10000 {
		return errs.BadRequest("%s应在 1 到 10000 之间", d.Name)
	}
	src, err := valid.Text("规则依据", source, 200)
	if err != nil {
		return err
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		rows, err := e.Q.TrainingRules(ctx, code)
		if err != nil {
			return err
		}
		return e.TrainingRuleRows.Create(ctx, &TrainingRule{Code: code, Value: value, Source: src, Version: ruletable.Next[int32](rows)})
	})
}

// ---------------------------------------------------------------- courses

// SaveCourse validates and stores a course.
func (e *Education) SaveCourse(ctx context.Context, in *Course) (*Course, error) {
	var err error
	if in.Name, err = valid.Text("课程名称", in.Name, 200); err != nil {
		return nil, err
	}
	if in.Category, err = valid.Optional("课程分类", in.Category, 100); err != nil {
		return nil, err
	}
	if in.Remark, err = valid.Optional("备注", in.Remark, 500); err != nil {
		return nil, err
	}
	if in.Kind != KindVideo && in.Kind != KindDocument {
		return nil, errs.BadRequest("课程类型只能是 1 视频、2 文档")
	}
	if in.Files, err = courseFiles(in.Files); err != nil {
		return nil, err
	}
	if in.Duration < 1 || in.Duration > 36000 {
		return nil, errs.BadRequest("学习时长应在 1 到 36000 秒之间")
	}
	if in.Hours < 0.1 || in.Hours > 100 {
		return nil, errs.BadRequest("学时应在 0.1 到 100 之间")
	}
	in.Hours = math.Round(in.Hours*10) / 10
	if in.PassPercent < 1 || in.PassPercent > 100 {
		return nil, errs.BadRequest("完成要求应在 1%% 到 100%% 之间")
	}
	if in.ID > 0 {
		old, err := e.Courses.Get(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "课程"); err != nil {
			return nil, err
		}
		if err := e.Courses.Update(ctx, in.ID, in, "name", "category", "kind", "files", "duration", "hours", "pass_percent", "remark"); err != nil {
			return nil, err
		}
		return e.Courses.Get(ctx, in.ID)
	}
	if err := e.Courses.Create(ctx, in); err != nil {
		return nil, err
	}
	return in, nil
}

// RemoveCourses deletes courses nobody has studied.
func (e *Education) RemoveCourses(ctx context.Context, ids []int64) error {
	if err := mayWriteEach(ctx, e, e.Courses, ids, "课程", func(c *Course) int64 { return c.CreateUser }); err != nil {
		return err
	}
	used, err := e.Q.CoursesStudied(ctx, ids)
	if err != nil {
		return err
	}
	if used {
		return errs.Rule("IN_USE", "课程已有学习记录,不能删除")
	}
	return e.Courses.Remove(ctx, ids)
}

// ---------------------------------------------------------------- study

// MyCourse is a course with the caller's study of it (nil: not started).
type MyCourse struct {
	Course Course
	Study  *Study
}

// MyCourses pages the tenant's courses with the caller's own studies.
func (e *Education) MyCourses(ctx context.Context, q paging.Query) (*paging.Page[Course], map[int64]*Study, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := e.Courses.Page(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, c := range p.Records {
		ids = append(ids, c.ID)
	}
	rows, err := e.Q.StudiesOf(ctx, me.UserID, ids)
	if err != nil {
		return nil, nil, err
	}
	out := make(map[int64]*Study, len(rows))
	for i := range rows {
		out[rows[i].CourseID] = &rows[i]
	}
	return p, out, nil
}

func newToken() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return int64(binary.BigEndian.Uint64(b[:]) >> 1)
}

// StartStudy starts or resumes the caller's own study of a course: a new
// token voids any other window; the clock starts now, paused.
func (e *Education) StartStudy(ctx context.Context, courseID int64) (*Study, *Course, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, nil, err
	}
	c, err := e.Courses.Get(ctx, courseID)
	if err != nil {
		return nil, nil, err
	}
	now := e.Now()
	var s *Study
	err = e.Tx.Tx(ctx, func(ctx context.Context) error {
		rows, err := e.Q.StudiesOf(ctx, me.UserID, []int64{courseID})
		if err != nil {
			return err
		}
		// Starting a course ends the person's other studies' playing (a window left open
		// that beats again is playing again, and then neither credits).
		if err := e.Q.StopPlaying(ctx, me.UserID); err != nil {
			return err
		}
		if len(rows) == 0 {
			name := me.UserName
			if name == "" {
				name = me.Account
			}
			s = &Study{CourseID: c.ID, CourseName: c.Name, UserID: me.UserID, UserName: name, Token: newToken(), LastBeat: &now}
			return e.Studies.Create(ctx, s)
		}
		s = &rows[0]
		s.Token, s.LastBeat, s.Playing = newToken(), &now, false
		values := map[string]any{"token": s.Token, "last_beat": now, "playing": false}
		if s.Completed {
			// A completed course opened again is studied again from the start: a new round,
			// whose completion renews the training (the earlier one keeps counting meanwhile).
			s.RoundBase, s.Position = s.Credited, 0
			values["round_base"], values["position"] = s.RoundBase, 0
		}
		_, err = e.Studies.UpdateFields(ctx, []int64{s.ID}, values)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return s, c, nil
}

// BeatStudy takes a heartbeat of the caller's own study and credits what
// CreditOf verifies.
func (e *Education) BeatStudy(ctx context.Context, id, token int64, position float64, playing bool) (*Study, *Course, Credit, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, nil, Credit{}, err
	}
	s, err := e.Studies.Get(ctx, id)
	if err != nil {
		return nil, nil, Credit{}, err
	}
	if s.UserID != me.UserID {
		return nil, nil, Credit{}, errs.Forbidden("只能记录本人的学习")
	}
	if s.Token != token {
		return nil, nil, Credit{}, errs.Rule("OTHER_WINDOW", "该课程已在其他窗口打开,本窗口不再计时")
	}
	c, err := e.Courses.Get(ctx, s.CourseID)
	if err != nil {
		return nil, nil, Credit{}, err
	}
	rules, err := e.TrainingRuleSet(ctx)
	if err != nil {
		return nil, nil, Credit{}, err
	}
	maxGap := float64(TrainingRules.Get(rules, RuleMaxGap))
	now := e.Now()
	position = math.Min(position, float64(c.Duration))
	parallel, err := e.Q.PlayingElsewhere(ctx, me.UserID, s.ID, now.Add(-time.Duration(maxGap)*time.Second))
	if err != nil {
		return nil, nil, Credit{}, err
	}
	prev := now
	if s.LastBeat != nil {
		prev = *s.LastBeat
	}
	cr := CreditOf(Beat{PrevAt: prev, PrevPosition: s.Position, Furthest: s.Furthest, At: now, Position: position, Playing: playing, Parallel: parallel},
		maxGap, float64(TrainingRules.Get(rules, RuleSeekTolerance)))
	values := map[string]any{"position": position, "furthest": cr.Furthest, "credited": s.Credited + cr.Seconds,
		"playing": playing, "last_beat": now, "beats": s.Beats + 1}
	if cr.Seconds == 0 {
		values["refused"] = s.Refused + 1
	}
	credited := s.Credited + cr.Seconds
	if s.Completes(s.Credited, credited, c.Duration, c.PassPercent) {
		maps.Copy(values, s.renewal(now))
	}
	// The study and its year rows change together; the compare-and-set on the beat count lets one beat in.
	err = e.Tx.Tx(ctx, func(ctx context.Context) error {
		done, err := e.Q.SetStudy(ctx, s.ID, s.Beats, values)
		if err != nil {
			return err
		}
		if !done {
			return errs.Rule("BEAT_RACE", "心跳重复提交,本次不计时")
		}
		return e.creditYears(ctx, s.UserID, s.CourseID, now, cr.Seconds)
	})
	if err != nil {
		return nil, nil, Credit{}, err
	}
	s, err = e.Studies.Get(ctx, id)
	if err != nil {
		return nil, nil, Credit{}, err
	}
	return s, c, cr, nil
}
