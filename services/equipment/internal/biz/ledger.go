package biz

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// SubjectHazard is the event a failed detection raises (prevention's intake,
// README "Hidden dangers raised by other services").
const SubjectHazard = "equipment.hazard.raised"

// AliasSafetyManager is the role alias of the tenant's safety managers.
const AliasSafetyManager = "safety_manager"

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Roles tells the role aliases a caller's roles carry (blade-system); a
// failure refuses the call (fail closed).
type Roles interface {
	Aliases(ctx context.Context, id *ident.Identity) ([]string, error)
}

// People names users of the caller's tenant (blade-user).
type People interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// DueQueries read the due list (到期提醒), which the generic store cannot
// express (an OR of two indexed conditions).
type DueQueries interface {
	// DuePage pages the tenant's equipment in use whose next date is set
	// and on or before until, or whose run-hour plan is due (HoursDue
	// DueSoon or DueOverdue): the overdue ones first (a date before today or
	// the run hours reached), then by next date, soonest first.
	DuePage(ctx context.Context, today, until string, current, size int) (*paging.Page[Equipment], error)
}

// HazardQueries keep an installation's chemicals (rows of its own).
type HazardQueries interface {
	Chemicals(ctx context.Context, hazardID int64) ([]MHChemical, error)
	RemoveChemicals(ctx context.Context, hazardID int64) error
	AddChemical(ctx context.Context, c *MHChemical) error
}

// Ledger is equipment's use cases.
//
// Object-level rules (the button on each RPC says what kind of action a
// role may take; these say whether this caller may take it on this record):
//
//	entity          update (submit with id) / remove              new record
//	设备台账         its responsible person, its creator or a       -
//	                manager; a scrapped one is read-only; one
//	                with records is not removed (scrap it)
//	维护/检测记录     never edited; removed by its author or a       the equipment's responsible
//	                manager                                       person or a manager
//	检测周期规则      the tenant's configuration: the button          -
//	重大危险源        its main responsible person, its creator or a  -
//	                manager
//	分级系数(β, α)   the tenant's configuration: the button          -
//
// A manager is the tenant administrator or a holder of the safety_manager
// role. Who recorded is always the caller.
type Ledger struct {
	Items   paging.Store[Equipment]
	Rules   paging.Store[Rule]
	Records paging.Store[Record]
	Factors paging.Store[Factor]
	Hazards paging.Store[MajorHazard]
	// Readings are the run-hour readings (runhours.go).
	Readings paging.Store[RunReading]
	// Due reads the due list (the generic store has no OR of filters).
	Due    DueQueries
	HQ     HazardQueries
	Tx     db.Transactor
	Events Events
	Roles  Roles
	People People
	Now    func() time.Time
}

// manager: the tenant administrator, or a holder of the safety_manager role.
func (l *Ledger) manager(ctx context.Context, id *ident.Identity) (bool, error) {
	if id.Super {
		return true, nil
	}
	if l.Roles == nil || len(id.RoleIDs) == 0 {
		return false, nil
	}
	aliases, err := l.Roles.Aliases(ctx, id)
	if err != nil {
		return false, err
	}
	return slices.Contains(aliases, AliasSafetyManager), nil
}

// mayManage refuses a caller who is neither the equipment's responsible
// person, its creator nor a manager.
func (l *Ledger) mayManage(ctx context.Context, e *Equipment, verb string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if id.UserID != 0 && (id.UserID == e.ResponsibleUserID || id.UserID == e.CreateUser) {
		return nil
	}
	ok, err := l.manager(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return errs.Forbidden("只有设备「%s」的责任人、登记人或安全管理人员可以%s", e.Name, verb)
	}
	return nil
}

// Today is the date in the tenant zone (yyyy-MM-dd).
func (l *Ledger) Today() string { return l.Now().In(timefmt.Zone).Format(timefmt.DateLayout) }

var (
	codeRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_\-./]{0,63}$`)
	kindRe = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)
)

// ParseDate reads a yyyy-MM-dd date ("" stays ""); field names the field in the message.
func ParseDate(s, field string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if len(s) > 10 {
		s = s[:10] // "yyyy-MM-dd HH:mm:ss" from a date-time picker
	}
	t, err := time.ParseInLocation(timefmt.DateLayout, s, timefmt.Zone)
	if err != nil || t.Year() < 1950 || t.Year() > 2200 {
		return "", errs.BadRequest("%s格式错误,应为 yyyy-MM-dd", field)
	}
	return t.Format(timefmt.DateLayout), nil
}

// AddMonths adds months to a date, clamped to the month's last day
// (2024-01-31 + 1 month = 2024-02-29, not 03-02).
func AddMonths(date string, months int) string {
	t, err := time.Parse(timefmt.DateLayout, date)
	if err != nil {
		return ""
	}
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, months, 0)
	last := first.AddDate(0, 1, -1).Day()
	day := min(t.Day(), last)
	return time.Date(first.Year(), first.Month(), day, 0, 0, 0, 0, time.UTC).Format(timefmt.DateLayout)
}

// AddDays adds days to a date.
func AddDays(date string, days int) string {
	t, err := time.Parse(timefmt.DateLayout, date)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, days).Format(timefmt.DateLayout)
}

// NextDue is the earlier of the set dates ("" when none is).
func NextDue(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	case a < b:
		return a
	}
	return b
}

// DueState tells 已逾期 (the date has passed), 即将到期 (within lead days)
// or neither.
func DueState(next, today string, lead int32) int32 {
	switch {
	case next == "":
		return DueNone
	case next < today:
		return DueOverdue
	case next <= AddDays(today, int(lead)):
		return DueSoon
	}
	return DueNone
}

// ValidateEquipment checks and normalizes a ledger row's own fields.
func ValidateEquipment(e *Equipment) error {
	e.Code, e.Name = strings.TrimSpace(e.Code), strings.TrimSpace(e.Name)
	if e.Code == "" {
		return errs.BadRequest("请填写设备编码")
	}
	if !codeRe.MatchString(e.Code) {
		return errs.BadRequest("设备编码只能包含字母、数字和 - _ . /,且不超过 64 个字符")
	}
	if e.Name == "" {
		return errs.BadRequest("请填写设备名称")
	}
	if err := valid.MaxLens(valid.F("设备名称", e.Name, 100), valid.F("规格型号", e.Model, 100), valid.F("生产厂家", e.Maker, 100), valid.F("安装位置", e.Location, 200), valid.F("使用登记证编号", e.RegisterNo, 64), valid.F("备注", e.Remark, 500)); err != nil {
		return err
	}
	if _, ok := CategoryNames[e.Category]; !ok {
		return errs.BadRequest("请选择设备类别(1 生产设备、2 特种设备、3 安全设施、4 仪器仪表)")
	}
	if e.Category == CategorySpecial {
		if e.RuleID == 0 {
			return errs.BadRequest("特种设备须选择检测周期规则")
		}
		if strings.TrimSpace(e.RegisterNo) == "" {
			return errs.BadRequest("特种设备须填写使用登记证编号")
		}
	}
	if e.Lifecycle == 0 {
		e.Lifecycle = LifecycleInUse
	}
	if e.Lifecycle != LifecycleInUse && e.Lifecycle != LifecycleScrapped {
		return errs.BadRequest("设备状态只能是 1 已投用 或 2 报废")
	}
	if e.MaintainState == 0 {
		e.MaintainState = MaintainGood
	}
	if e.MaintainState != MaintainGood && e.MaintainState != MaintainRepair {
		return errs.BadRequest("维修状态只能是 1 完好 或 2 维修中")
	}
	if e.Enable == 0 {
		e.Enable = EnableOn
	}
	if e.Enable != EnableOn && e.Enable != EnableOff {
		return errs.BadRequest("启用状态只能是 1 在用 或 2 停用")
	}
	if e.MaintainCycleDays < 0 || e.MaintainCycleDays > 3650 {
		return errs.BadRequest("维护周期应在 0 到 3650 天之间")
	}
	if err := validatePlan(e); err != nil {
		return err
	}
	var err error
	if e.CommissionDate, err = ParseDate(e.CommissionDate, "投用日期"); err != nil {
		return err
	}
	if e.NextDetectDate, err = ParseDate(e.NextDetectDate, "下次检测日期"); err != nil {
		return err
	}
	return nil
}

// SubmitEquipment creates or updates a ledger row. The code is unique in
// the tenant; the rule and the responsible person must exist in it; the
// dates the records keep are not taken from the body (the next detection
// date only until the first detection record).
func (l *Ledger) SubmitEquipment(ctx context.Context, e *Equipment) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := ValidateEquipment(e); err != nil {
		return err
	}
	today := l.Today()
	if e.CommissionDate > today {
		return errs.BadRequest("投用日期不能晚于今天")
	}
	taken, err := l.Items.Exists(ctx, e.ID, "code = ?", e.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("设备编码 %s 已存在", e.Code)
	}
	if e.RuleID != 0 {
		if _, err := l.Rules.Get(ctx, e.RuleID); err != nil {
			if errs.IsNotFound(err) {
				return errs.BadRequest("检测周期规则不存在")
			}
			return err
		}
	}
	if e.ResponsibleUserID == 0 && e.ID == 0 {
		e.ResponsibleUserID = id.UserID
	}
	if e.ResponsibleUserID == 0 {
		return errs.BadRequest("请选择设备责任人")
	}
	name, found, err := l.People.Name(ctx, id.TenantID, e.ResponsibleUserID)
	if err != nil {
		return err
	}
	if !found {
		return errs.BadRequest("设备责任人不存在")
	}
	e.ResponsibleName = name

	if e.ID == 0 {
		// A new row is in use and enabled: 停用/恢复/报废 go through their
		// requests and approval (flows.go), never through the ledger form.
		e.Lifecycle, e.Enable = LifecycleInUse, EnableOn
		e.LastDetectDate, e.LastMaintainDate = "", ""
		e.NextMaintainDate = ""
		if e.MaintainCycleDays > 0 {
			e.NextMaintainDate = AddDays(firstNonEmpty(e.CommissionDate, today), int(e.MaintainCycleDays))
		}
		e.NextDue = NextDue(e.NextDetectDate, e.NextMaintainDate)
		// The hour meter's reading at registration starts the run-hour
		// plan: the first maintenance is one interval later.
		e.CounterReading, e.LastMaintainHours = e.RunHours, e.RunHours
		planHours(e)
		return l.Items.Create(ctx, e)
	}
	old, err := l.Items.Get(ctx, e.ID)
	if err != nil {
		return err
	}
	if err := l.mayManage(ctx, old, "修改"); err != nil {
		return err
	}
	if old.Lifecycle == LifecycleScrapped {
		return errs.Rule("SCRAPPED", "设备「%s」已报废,不能修改", old.Name)
	}
	e.Lifecycle, e.Enable = old.Lifecycle, old.Enable // changed by approved requests and failed detections only
	e.LastDetectDate, e.LastMaintainDate = old.LastDetectDate, old.LastMaintainDate
	if old.LastDetectDate != "" {
		e.NextDetectDate = old.NextDetectDate // set by the detection records from now on
	}
	e.NextMaintainDate = old.NextMaintainDate
	if e.MaintainCycleDays != old.MaintainCycleDays {
		e.NextMaintainDate = ""
		if e.MaintainCycleDays > 0 {
			e.NextMaintainDate = AddDays(firstNonEmpty(old.LastMaintainDate, e.CommissionDate, today), int(e.MaintainCycleDays))
		}
	}
	e.NextDue = NextDue(e.NextDetectDate, e.NextMaintainDate)
	// Run hours move with the readings only; the plan's next maintenance
	// follows the last one's reading and the (new) interval.
	e.RunHours, e.CounterReading, e.LastMaintainHours = old.RunHours, old.CounterReading, old.LastMaintainHours
	if e.MaintainMode == ModeRunHours && old.MaintainMode != ModeRunHours {
		e.LastMaintainHours = old.RunHours // a new run-hour plan counts from now
	}
	planHours(e)
	return l.Items.Update(ctx, e.ID, e)
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// RemoveEquipment deletes ledger rows without records (one with records is
// scrapped instead, so its history stays).
func (l *Ledger) RemoveEquipment(ctx context.Context, ids []int64) error {
	for _, eid := range ids {
		e, err := l.Items.Get(ctx, eid)
		if err != nil {
			return err
		}
		if err := l.mayManage(ctx, e, "删除"); err != nil {
			return err
		}
		used, err := l.Records.Exists(ctx, 0, "equipment_id = ?", eid)
		if err != nil {
			return err
		}
		if used {
			return errs.Rule("IN_USE", "设备「%s」已有维护或检测记录,不能删除,请改为报废", e.Name)
		}
	}
	return l.Items.Remove(ctx, ids)
}

// Overdue pages the equipment in use whose next detection or maintenance
// is due within days from today or has passed, and those whose run-hour
// maintenance is due or within its lead hours (HoursDue), in one query.
func (l *Ledger) Overdue(ctx context.Context, within int, current, size int) (*paging.Page[Equipment], error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	if within < 0 || within > 365 {
		return nil, errs.BadRequest("提前天数应在 0 到 365 之间")
	}
	today := l.Today()
	return l.Due.DuePage(ctx, today, AddDays(today, within), current, size)
}

// RuleMap is the tenant's rules by id (for names and lead days on pages).
func (l *Ledger) RuleMap(ctx context.Context) (map[int64]Rule, error) {
	rs, err := l.Rules.List(ctx, paging.Query{}, 1000)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Rule, len(rs))
	for _, r := range rs {
		out[r.ID] = r
	}
	return out, nil
}

// ---- rules ----

// SubmitRule creates or updates a detection rule; its kind is unique in the tenant.
func (l *Ledger) SubmitRule(ctx context.Context, r *Rule) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	r.Kind, r.Name = strings.TrimSpace(r.Kind), strings.TrimSpace(r.Name)
	if !kindRe.MatchString(r.Kind) {
		return errs.BadRequest("规则代码只能由小写字母、数字和下划线组成,以字母开头,不超过 32 个字符")
	}
	if r.Name == "" {
		return errs.BadRequest("请填写规则名称")
	}
	if err := valid.MaxLens(valid.F("规则名称", r.Name, 100), valid.F("依据", r.Basis, 200), valid.F("备注", r.Remark, 500)); err != nil {
		return err
	}
	if r.IntervalMonths < 1 || r.IntervalMonths > 120 {
		return errs.BadRequest("检测周期应在 1 到 120 个月之间")
	}
	if r.LeadDays < 0 || r.LeadDays > 365 {
		return errs.BadRequest("提前提醒天数应在 0 到 365 之间")
	}
	taken, err := l.Rules.Exists(ctx, r.ID, "kind = ?", r.Kind)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("规则代码 %s 已存在", r.Kind)
	}
	if r.ID == 0 {
		return l.Rules.Create(ctx, r)
	}
	if _, err := l.Rules.Get(ctx, r.ID); err != nil {
		return err
	}
	return l.Rules.Update(ctx, r.ID, r)
}

// RemoveRules deletes rules no equipment follows.
func (l *Ledger) RemoveRules(ctx context.Context, ids []int64) error {
	for _, rid := range ids {
		used, err := l.Items.Exists(ctx, 0, "rule_id = ?", rid)
		if err != nil {
			return err
		}
		if used {
			return errs.Rule("IN_USE", "还有设备使用该检测周期规则,请先修改这些设备")
		}
	}
	return l.Rules.Remove(ctx, ids)
}

// ---- records ----

// SubmitRecord enters a maintenance or detection record (never an edit) by
// the equipment's responsible person or a manager, and moves the
// equipment's dates when it is the newest: a detection's next date is the
// record's date plus the rule's interval, a maintenance's plus the
// equipment's cycle (else the date sent). A failed detection stops the
// equipment (特种设备安全法 §40: no use when failed) and raises a hidden
// danger, in the same transaction.
func (l *Ledger) SubmitRecord(ctx context.Context, r *Record) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if r.ID != 0 {
		return errs.BadRequest("维护检测记录不能修改,如有错误请删除后重新登记")
	}
	if r.Kind != KindMaintain && r.Kind != KindDetect {
		return errs.BadRequest("请选择记录类型(1 维护保养、2 检测检验)")
	}
	if r.EquipmentID == 0 {
		return errs.BadRequest("请选择设备")
	}
	if r.RecordDate, err = ParseDate(r.RecordDate, "记录日期"); err != nil {
		return err
	}
	if r.RecordDate == "" {
		return errs.BadRequest("请填写记录日期")
	}
	today := l.Today()
	if r.RecordDate > today {
		return errs.BadRequest("记录日期不能晚于今天")
	}
	sent, err := ParseDate(r.NextDue, "下次到期日期")
	if err != nil {
		return err
	}
	if err := valid.MaxLens(valid.F("内容", r.Content, 1000), valid.F("检验机构", r.Org, 100), valid.F("报告编号", r.ReportNo, 64), valid.F("附件", r.Attachments, 500)); err != nil {
		return err
	}
	if r.Attachments != "" {
		for _, a := range strings.Split(r.Attachments, ",") {
			a = strings.TrimSpace(a)
			if a == "" || strings.ContainsFunc(a, func(c rune) bool { return c < 0x20 || c == 0x7f }) {
				return errs.BadRequest("附件格式错误")
			}
		}
	}
	e, err := l.Items.Get(ctx, r.EquipmentID)
	if err != nil {
		if errs.IsNotFound(err) {
			return errs.BadRequest("设备不存在")
		}
		return err
	}
	if err := l.mayRecord(ctx, id, e); err != nil {
		return err
	}
	if e.Lifecycle == LifecycleScrapped {
		return errs.Rule("SCRAPPED", "设备「%s」已报废,不能登记记录", e.Name)
	}
	if e.CommissionDate != "" && r.RecordDate < e.CommissionDate {
		return errs.BadRequest("记录日期不能早于设备投用日期 %s", e.CommissionDate)
	}
	r.EquipmentCode, r.EquipmentName = e.Code, e.Name
	r.OperatorID, r.OperatorName = id.UserID, id.DisplayName()
	cols := []string{"update_user", "update_time"}
	switch r.Kind {
	case KindDetect:
		if r.Result != ResultPass && r.Result != ResultFail {
			return errs.BadRequest("请选择检测结论(1 合格、2 不合格)")
		}
		r.NextDue = sent
		if e.RuleID != 0 {
			rule, err := l.Rules.Get(ctx, e.RuleID)
			if err != nil {
				return err
			}
			r.NextDue = AddMonths(r.RecordDate, int(rule.IntervalMonths))
		}
		if r.NextDue == "" && r.Result == ResultPass {
			return errs.BadRequest("设备未关联检测周期规则,请填写下次检测日期")
		}
		if r.NextDue != "" && r.NextDue <= r.RecordDate {
			return errs.BadRequest("下次检测日期应晚于记录日期")
		}
		if r.RecordDate >= e.LastDetectDate {
			e.LastDetectDate, e.NextDetectDate = r.RecordDate, r.NextDue
			cols = append(cols, "last_detect_date", "next_detect_date")
		}
		if r.Result == ResultFail {
			e.Enable = EnableOff
			cols = append(cols, "enable")
		}
	case KindMaintain:
		r.Result = ResultPass
		r.NextDue = sent
		if e.MaintainMode == ModeRunHours {
			// The run hours at the maintenance: the current ones unless an
			// earlier reading is sent (a maintenance entered late).
			if r.RunHours == 0 {
				r.RunHours = e.RunHours
			}
			if math.IsNaN(r.RunHours) || r.RunHours < 0 || r.RunHours > e.RunHours {
				return errs.BadRequest("维护时的累计运行小时应在 0 到当前 %s 小时之间", fmtHours(e.RunHours))
			}
			r.RunHours = round1(r.RunHours)
			if r.RunHours >= e.LastMaintainHours {
				e.LastMaintainHours = r.RunHours
				planHours(e)
				cols = append(cols, "last_maintain_hours", "next_maintain_hours", "hours_due")
			}
		} else {
			r.RunHours = 0
		}
		if e.MaintainCycleDays > 0 {
			r.NextDue = AddDays(r.RecordDate, int(e.MaintainCycleDays))
		}
		if r.NextDue != "" && r.NextDue <= r.RecordDate {
			return errs.BadRequest("下次维护日期应晚于记录日期")
		}
		if r.RecordDate >= e.LastMaintainDate {
			e.LastMaintainDate, e.NextMaintainDate = r.RecordDate, r.NextDue
			cols = append(cols, "last_maintain_date", "next_maintain_date")
		}
	}
	e.NextDue = NextDue(e.NextDetectDate, e.NextMaintainDate)
	cols = append(cols, "next_due")
	return l.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := l.Records.Create(ctx, r); err != nil {
			return err
		}
		if err := l.Items.Update(ctx, e.ID, e, cols...); err != nil {
			return err
		}
		if r.Kind != KindDetect || r.Result != ResultFail {
			return nil
		}
		return l.Events.Add(ctx, SubjectHazard, id.TenantID, map[string]any{
			"source": "equipment", "sourceId": strconv.FormatInt(r.ID, 10),
			"title":       "设备检测不合格:" + e.Name + "(" + e.Code + ")",
			"description": strings.TrimSpace("检测日期 " + r.RecordDate + ",检验机构 " + firstNonEmpty(r.Org, "未填写") + ",报告编号 " + firstNonEmpty(r.ReportNo, "未填写") + "。" + r.Content),
			"level":       0, "hazardType": 7, "dangerSrc": 3, "location": e.Location,
			"reporterId": strconv.FormatInt(id.UserID, 10), "liableUserId": strconv.FormatInt(e.ResponsibleUserID, 10),
			"link": "/companyBasic/production/detection?equipmentId=" + strconv.FormatInt(e.ID, 10),
		})
	})
}

func (l *Ledger) mayRecord(ctx context.Context, id *ident.Identity, e *Equipment) error {
	if id.UserID != 0 && id.UserID == e.ResponsibleUserID {
		return nil
	}
	ok, err := l.manager(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return errs.Forbidden("只有设备「%s」的责任人或安全管理人员可以登记维护检测记录", e.Name)
	}
	return nil
}

// RemoveRecords deletes records entered by mistake: their author or a
// manager. The equipment's dates stay as they are.
func (l *Ledger) RemoveRecords(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var isManager *bool
	for _, rid := range ids {
		r, err := l.Records.Get(ctx, rid)
		if err != nil {
			return err
		}
		if r.OperatorID == id.UserID && id.UserID != 0 {
			continue
		}
		if isManager == nil {
			ok, err := l.manager(ctx, id)
			if err != nil {
				return err
			}
			isManager = &ok
		}
		if !*isManager {
			return errs.Forbidden("只有记录人或安全管理人员可以删除该记录")
		}
	}
	return l.Records.Remove(ctx, ids)
}
