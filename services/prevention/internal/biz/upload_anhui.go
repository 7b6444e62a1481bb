package biz

import (
	"encoding/json"
	"sort"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// Anhui (安徽) writes the requests an enterprise posts to the Anhui
// provincial double-prevention platform: one form-encoded POST per row, in
// dependency order (units, events, measures, tasks, records, hazards), each
// carrying the enterprise's key as "pwd".
//
// RECONSTRUCTED, NOT OFFICIAL. No Anhui interface specification was
// available. The format is rebuilt from a provincial API client codebase (an
// enterprise's Anhui/Chuzhou uploader on GitHub, research [S], see
// /work/shared/research/regulation.md §2 "Upload formats seen"). That client
// shows:
//   - actions riskUnitAction!updateRiskUnit (1.x), dangerTaskAction!updateCheckTask
//     (4.2), dangerNoteAction!updateCheckRecord (5.2), and only a delete of
//     the hazard endpoint (dangerInfoAction!deleteCheck, 6.3);
//   - camelCase form names behind a per-class prefix whose value is not in
//     the visible code (we send the bare names), and the key as "pwd".
//
// Inferred (marked seen=false in the tables below): the event and measure
// actions riskEventAction!updateRiskEvent and riskMeasureAction!updateRiskMeasure
// (by the naming of the seen ones and the chain's sections 2 and 3), the
// hazard action dangerInfoAction!updateCheck (from deleteCheck), and every
// field not in the client, named as the camelCase of the national column of
// research §2. Codes are the national ones of §2, mapped from our enums.
// Check the tables against the province's current document before a real
// submission; a posting sender is out of scope (this is a download).
type Anhui struct{}

func (Anhui) Province() string { return "anhui" }
func (Anhui) KeyParam() string { return "prevention.upload.anhui.key" }
func (Anhui) KeyMissing() string {
	return "未配置安徽省双重预防平台的企业密钥,无法生成安徽上报数据"
}

// AnhuiRequest is one POST of the package.
type AnhuiRequest struct {
	Action string            `json:"action"`
	Form   map[string]string `json:"form"`
}

// AnhuiPackage is the downloaded document.
type AnhuiPackage struct {
	Province    string         `json:"province"`
	Format      string         `json:"format"`
	TenantID    string         `json:"tenantId"`
	GeneratedAt string         `json:"generatedAt"`
	ContentType string         `json:"contentType"`
	Notes       []string       `json:"notes"`
	Requests    []AnhuiRequest `json:"requests"`
}

// formField maps one form name of an entity.
type formField[T any] struct {
	name  string
	seen  bool // in the provincial client; false: inferred (see Anhui)
	value func(m *codeMapper, v *T) string
}

// formSpec is one entity's action and form.
type formSpec[T any] struct {
	kind       string
	action     string
	actionSeen bool
	fields     []formField[T]
}

// codeMapper turns our enums into the platform's codes and remembers the
// first value it cannot map (the package is then refused, not sent wrong).
type codeMapper struct {
	d   *Dataset
	err error
	// latest record per plan: the task form's 最近排查时间/排查结果.
	latest map[int64]*CheckRecord
}

func (m *codeMapper) int32Code(codes map[int32]string, v int32, what string, id int64) string {
	if _, ok := codes[v]; !ok {
		m.fail(what, id, itoa(int64(v)))
		return ""
	}
	return itoa(int64(v))
}

func (m *codeMapper) text(codes map[int32]string, v int32, what string, id int64) string {
	t, ok := codes[v]
	if !ok {
		m.fail(what, id, itoa(int64(v)))
	}
	return t
}

func (m *codeMapper) fail(what string, id int64, v string) {
	if m.err == nil {
		m.err = errs.BadRequest("数据 %s(ID %d)的代码「%s」无法转换为安徽省平台代码,请先修正该数据", what, id, v)
	}
}

// companyCode is COMPANY_CODE (char 9): the organisation code, characters
// 9-17 of the unified social credit code.
func (m *codeMapper) companyCode() string {
	if c := strings.TrimSpace(m.d.CreditCode); len(c) == 18 {
		return c[8:17]
	}
	return ""
}

// photoNames lists stored file names (the form wants base64 images of at
// most 5 MB each; files stay in storage, a sender reads and encodes them).
func photoNames(s string) string { return cleanList(s) }

var anhuiUnit = formSpec[RiskUnit]{kind: "unit", action: "riskUnitAction!updateRiskUnit", actionSeen: true, fields: []formField[RiskUnit]{
	{"id", true, func(_ *codeMapper, u *RiskUnit) string { return itoa(u.ID) }},
	{"companyCode", false, func(m *codeMapper, _ *RiskUnit) string { return m.companyCode() }},
	{"tyshxydm", false, func(m *codeMapper, _ *RiskUnit) string { return strings.TrimSpace(m.d.CreditCode) }},
	{"hazardCode", true, func(_ *codeMapper, u *RiskUnit) string { return u.HazardCode }},
	{"hazardName", true, func(_ *codeMapper, u *RiskUnit) string { return u.ObjectName }},
	{"riskUnitName", true, func(_ *codeMapper, u *RiskUnit) string { return u.Name }},
	{"hazardDep", true, func(_ *codeMapper, u *RiskUnit) string { return u.DeptName }},
	{"hazardLiablePerson", true, func(_ *codeMapper, u *RiskUnit) string { return u.ResponsibleUserName }},
	{"riskClass", false, func(m *codeMapper, u *RiskUnit) string {
		return m.int32Code(RiskClasses, u.RiskClass, "风险分析单元「"+u.Name+"」的风险等级", u.ID)
	}},
}}

var anhuiEvent = formSpec[RiskEvent]{kind: "event", action: "riskEventAction!updateRiskEvent", fields: []formField[RiskEvent]{
	{"id", false, func(_ *codeMapper, e *RiskEvent) string { return itoa(e.ID) }},
	{"riskUnitId", false, func(_ *codeMapper, e *RiskEvent) string { return itoa(e.UnitID) }},
	{"riskEventName", false, func(_ *codeMapper, e *RiskEvent) string { return e.Name }},
}}

var anhuiMeasure = formSpec[Measure]{kind: "measure", action: "riskMeasureAction!updateRiskMeasure", fields: []formField[Measure]{
	{"id", false, func(_ *codeMapper, x *Measure) string { return itoa(x.ID) }},
	{"riskEventId", false, func(_ *codeMapper, x *Measure) string { return itoa(x.EventID) }},
	{"dataSrc", false, func(m *codeMapper, x *Measure) string {
		return m.int32Code(DataSources, x.DataSrc, "管控措施的管控方式", x.ID)
	}},
	{"riskMeasureDesc", false, func(_ *codeMapper, x *Measure) string { return x.Description }},
	{"classify1", false, func(m *codeMapper, x *Measure) string {
		return m.int32Code(Classify1, x.Classify1, "管控措施的一级分类", x.ID)
	}},
	{"classify2", false, func(m *codeMapper, x *Measure) string {
		if _, ok := Classify2[x.Classify2]; x.Classify2 != "" && !ok {
			m.fail("管控措施的二级分类", x.ID, x.Classify2)
		}
		return x.Classify2
	}},
	{"classify3", false, func(_ *codeMapper, x *Measure) string { return x.Classify3 }},
	{"troubleshootContent", false, func(_ *codeMapper, x *Measure) string { return x.TroubleshootContent }},
}}

// Our 排查计划 is the platform's 隐患排查任务 (one row per plan, as in the
// national mapping); its latest record gives 最近排查时间 and 排查结果.
var anhuiTask = formSpec[CheckPlan]{kind: "task", action: "dangerTaskAction!updateCheckTask", actionSeen: true, fields: []formField[CheckPlan]{
	{"id", true, func(_ *codeMapper, c *CheckPlan) string { return itoa(c.ID) }},
	{"riskMeasureId", true, func(_ *codeMapper, c *CheckPlan) string { return itoa(c.MeasureID) }},
	{"troubleshootContent", true, func(_ *codeMapper, c *CheckPlan) string { return c.TroubleshootContent }},
	{"checkCycle", true, func(_ *codeMapper, c *CheckPlan) string { return itoa(int64(c.CheckCycle)) }},
	{"checkCycleUnit", true, func(m *codeMapper, c *CheckPlan) string {
		return m.text(CycleUnits, c.CheckCycleUnit, "排查计划的周期单位", c.ID)
	}},
	{"investigationDate", true, func(m *codeMapper, c *CheckPlan) string {
		if r := m.latest[c.ID]; r != nil {
			return timefmt.Format(r.CheckTime)
		}
		return ""
	}},
	{"checkStatus", true, func(m *codeMapper, c *CheckPlan) string {
		if r := m.latest[c.ID]; r != nil {
			return m.int32Code(CheckStatuses, r.CheckStatus, "排查记录的排查结果", r.ID)
		}
		return itoa(int64(CheckNotDone))
	}},
	{"checkStartDate", true, func(_ *codeMapper, c *CheckPlan) string { return timefmt.Format(c.StartTime) }},
	{"checkEndDate", true, func(_ *codeMapper, c *CheckPlan) string { return timefmt.FormatPtr(c.EndTime) }},
}}

var anhuiRecord = formSpec[CheckRecord]{kind: "record", action: "dangerNoteAction!updateCheckRecord", actionSeen: true, fields: []formField[CheckRecord]{
	{"companyCode", true, func(m *codeMapper, _ *CheckRecord) string { return m.companyCode() }},
	{"id", true, func(_ *codeMapper, r *CheckRecord) string { return itoa(r.ID) }},
	{"checkTaskId", true, func(_ *codeMapper, r *CheckRecord) string { return itoa(r.PlanID) }},
	{"checkTime", true, func(_ *codeMapper, r *CheckRecord) string { return timefmt.Format(r.CheckTime) }},
	{"checkStatus", true, func(m *codeMapper, r *CheckRecord) string {
		return m.int32Code(CheckStatuses, r.CheckStatus, "排查记录的排查结果", r.ID)
	}},
	{"checker", true, func(_ *codeMapper, r *CheckRecord) string { return r.CheckUserName }},
	{"photos", false, func(_ *codeMapper, r *CheckRecord) string { return photoNames(r.Photos) }},
}}

// anhuiDangerStates: the platform knows 0 整改中, 1 待验收, 9 已验收; our 10
// (待评估) and 8 (已作废) are not reported.
var anhuiDangerStates = map[int32]string{HazardRectifying: "整改中", HazardToAccept: "待验收", HazardAccepted: "已验收"}

var anhuiHazard = formSpec[Hazard]{kind: "hazard", action: "dangerInfoAction!updateCheck", fields: []formField[Hazard]{
	{"id", false, func(_ *codeMapper, h *Hazard) string { return itoa(h.ID) }},
	{"companyCode", false, func(m *codeMapper, _ *Hazard) string { return m.companyCode() }},
	{"riskUnitId", false, func(_ *codeMapper, h *Hazard) string { return itoa(h.UnitID) }},
	{"dangerName", false, func(_ *codeMapper, h *Hazard) string { return h.DangerName }},
	{"dangerDesc", false, func(_ *codeMapper, h *Hazard) string { return h.DangerDesc }},
	{"dangerLevel", false, func(m *codeMapper, h *Hazard) string {
		return m.int32Code(DangerLevels, h.DangerLevel, "隐患的隐患等级", h.ID)
	}},
	{"dangerSrc", false, func(m *codeMapper, h *Hazard) string {
		return m.int32Code(DangerSources, h.DangerSrc, "隐患的隐患来源", h.ID)
	}},
	{"dangerManageType", false, func(m *codeMapper, h *Hazard) string {
		return m.int32Code(ManageTypes, h.DangerManageType, "隐患的治理类型", h.ID)
	}},
	{"hazardDangerType", false, func(m *codeMapper, h *Hazard) string {
		return m.int32Code(HazardDangerTypes, h.HazardDangerType, "隐患的隐患类别", h.ID)
	}},
	{"registrant", false, func(_ *codeMapper, h *Hazard) string { return h.ReportUserName }},
	{"registTime", false, func(_ *codeMapper, h *Hazard) string { return timefmt.Format(h.ReportTime) }},
	{"liablePerson", false, func(_ *codeMapper, h *Hazard) string { return h.LiableUserName }},
	{"dangerManageDeadline", false, func(_ *codeMapper, h *Hazard) string { return timefmt.FormatPtr(h.Deadline) }},
	{"checkAcceptPerson", false, func(_ *codeMapper, h *Hazard) string { return h.AcceptUserName }},
	{"checkAcceptTime", false, func(_ *codeMapper, h *Hazard) string { return timefmt.FormatPtr(h.AcceptTime) }},
	{"checkAcceptComment", false, func(_ *codeMapper, h *Hazard) string { return h.AcceptComment }},
	{"dangerState", false, func(m *codeMapper, h *Hazard) string {
		return m.int32Code(anhuiDangerStates, h.DangerState, "隐患的状态", h.ID)
	}},
	{"photos", false, func(_ *codeMapper, h *Hazard) string { return photoNames(h.Photos) }},
}}

// anhuiForms appends one request per row (by id, so the file is stable).
func anhuiForms[T any](out []AnhuiRequest, m *codeMapper, spec formSpec[T], rows []T, id func(*T) int64) []AnhuiRequest {
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return id(&rows[idx[a]]) < id(&rows[idx[b]]) })
	for _, i := range idx {
		form := make(map[string]string, len(spec.fields)+1)
		form["pwd"] = m.d.Key
		for _, f := range spec.fields {
			form[f.name] = f.value(m, &rows[i])
		}
		out = append(out, AnhuiRequest{Action: spec.action, Form: form})
	}
	return out
}

func (a Anhui) Build(d *Dataset) ([]byte, error) {
	if strings.TrimSpace(d.Key) == "" {
		return nil, errs.Rule("UPLOAD_KEY_MISSING", "%s", a.KeyMissing())
	}
	m := &codeMapper{d: d, latest: map[int64]*CheckRecord{}}
	for i := range d.Records {
		r := &d.Records[i]
		if cur := m.latest[r.PlanID]; cur == nil || r.CheckTime.After(cur.CheckTime) {
			m.latest[r.PlanID] = r
		}
	}
	hazards := make([]Hazard, 0, len(d.Hazards))
	for _, h := range d.Hazards {
		if _, ok := anhuiDangerStates[h.DangerState]; ok {
			hazards = append(hazards, h)
		}
	}
	var reqs []AnhuiRequest
	reqs = anhuiForms(reqs, m, anhuiUnit, d.Units, func(v *RiskUnit) int64 { return v.ID })
	reqs = anhuiForms(reqs, m, anhuiEvent, d.Events, func(v *RiskEvent) int64 { return v.ID })
	reqs = anhuiForms(reqs, m, anhuiMeasure, d.Measures, func(v *Measure) int64 { return v.ID })
	reqs = anhuiForms(reqs, m, anhuiTask, d.Plans, func(v *CheckPlan) int64 { return v.ID })
	reqs = anhuiForms(reqs, m, anhuiRecord, d.Records, func(v *CheckRecord) int64 { return v.ID })
	reqs = anhuiForms(reqs, m, anhuiHazard, hazards, func(v *Hazard) int64 { return v.ID })
	if m.err != nil {
		return nil, m.err
	}
	if reqs == nil {
		reqs = []AnhuiRequest{}
	}
	return json.MarshalIndent(AnhuiPackage{
		Province:    "anhui",
		Format:      "安徽省双重预防平台接口(据省平台客户端代码还原,非官方规范,提交前请与省平台最新接口文档核对)",
		TenantID:    d.TenantID,
		GeneratedAt: timefmt.Format(d.At),
		ContentType: "application/x-www-form-urlencoded",
		Notes:       anhuiNotes(d),
		Requests:    reqs,
	}, "", "  ")
}

// inferred lists what of an entity's spec the client does not show.
func inferred[T any](spec formSpec[T]) string {
	var names []string
	for _, f := range spec.fields {
		if !f.seen {
			names = append(names, f.name)
		}
	}
	s := spec.kind + ": "
	if !spec.actionSeen {
		s += "动作 " + spec.action + ", "
	}
	if len(names) == 0 {
		return s + "字段均见于客户端"
	}
	return s + "字段 " + strings.Join(names, ",")
}

// anhuiNotes tell the sender what the package cannot carry by itself.
func anhuiNotes(d *Dataset) []string {
	notes := []string{
		"按依赖顺序逐条 POST: 风险分析单元 → 风险事件 → 管控措施 → 隐患排查任务 → 排查记录 → 隐患;action 拼接在省平台地址之后,表单字段 pwd 为企业密钥(本文件含密钥,请妥善保管)",
		"省平台客户端在字段名前加有参数前缀(代码中不可见),本文件使用不带前缀的字段名",
		"推断项(未在客户端代码中出现,按命名规律推断): " + strings.Join([]string{
			inferred(anhuiUnit), inferred(anhuiEvent), inferred(anhuiMeasure),
			inferred(anhuiTask), inferred(anhuiRecord), inferred(anhuiHazard)}, "; "),
		"photos 为文件存储中的文件名(逗号分隔),未内嵌 base64;省平台要求 base64 图片(每张不超过 5 MB),发送方需读取文件后编码",
		"隐患仅上报整改中(0)、待验收(1)、已验收(9);待评估和已作废的隐患不上报",
		"风险分析单元表单中的 isHazard(是否为风险分析对象)取值含义未知,未填写",
	}
	if len(strings.TrimSpace(d.CreditCode)) != 18 {
		notes = append(notes, "未取得企业统一社会信用代码: companyCode(组织机构代码,9位)与 tyshxydm(18位)留空,发送前请补填")
	}
	return notes
}
