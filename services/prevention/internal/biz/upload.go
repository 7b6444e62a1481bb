package biz

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// Dataset is what an upload package is built from.
type Dataset struct {
	TenantID string
	At       time.Time
	Units    []RiskUnit
	Events   []RiskEvent
	Measures []Measure
	Plans    []CheckPlan
	Records  []CheckRecord
	Hazards  []Hazard
	// Key is the tenant's per-enterprise key of the province's platform,
	// read for adapters that need one (KeyedUploader).
	Key string
	// CreditCode is the enterprise's 18-character unified social credit
	// code when known (read from factory through Prevention.Enterprise,
	// best effort); adapters say so in their notes when it is empty.
	CreditCode string
}

// Uploader turns a dataset into one province's upload format. Provinces
// differ (Anhui posts forms per entity, Jiangsu parks AES-wrapped JSON over
// Kafka, Shandong its own column set): one adapter per province.
type Uploader interface {
	Province() string
	Build(d *Dataset) ([]byte, error)
}

// KeyedUploader is an adapter whose requests carry a per-enterprise key the
// provincial platform issued; KeyParam names the tenant parameter holding it.
type KeyedUploader interface {
	Uploader
	KeyParam() string
	// KeyMissing is the refusal when the tenant has no key.
	KeyMissing() string
}

// TenantParams reads a tenant's system parameter (blade-system params):
// found is false when the tenant (and the platform default) has none.
type TenantParams interface {
	Param(ctx context.Context, tenantID, key string) (value string, found bool, err error)
}

// Uploaders by province code.
var Uploaders = map[string]Uploader{"national": National{}, "anhui": Anhui{}}

// ProvinceNames are the formats offered, for messages.
var ProvinceNames = map[string]string{"national": "国家双重预防数据标准", "anhui": "安徽省"}

// uploadKinds are the entities a package may carry.
var uploadKinds = []string{"unit", "event", "measure", "task", "record", "hazard"}

// maxUploadRows bounds each entity of one package.
const maxUploadRows = 50000

// UploadPackage builds the package of a province for the caller's tenant.
func (p *Prevention) UploadPackage(ctx context.Context, tenantID, province, kinds string) ([]byte, error) {
	if province == "" {
		province = "national"
	}
	up, ok := Uploaders[province]
	if !ok {
		return nil, errs.BadRequest("暂不支持省份「%s」的上报格式,目前支持: national(国家双重预防数据标准)、anhui(安徽省)", province)
	}
	// The key is checked first: without it the package is useless and
	// reading every row would be wasted.
	key := ""
	if k, ok := up.(KeyedUploader); ok {
		var err error
		if key, err = p.uploadKey(ctx, tenantID, k); err != nil {
			return nil, err
		}
	}
	want := map[string]bool{}
	for _, k := range strings.Split(kinds, ",") {
		if k = strings.TrimSpace(k); k != "" {
			want[k] = true
		}
	}
	for k := range want {
		if !slices.Contains(uploadKinds, k) {
			return nil, errs.BadRequest("不支持的数据类别「%s」", k)
		}
	}
	all := len(want) == 0
	d := &Dataset{TenantID: tenantID, At: p.Now(), Key: key}
	if p.Enterprise != nil {
		// best effort: without it the package says the codes are missing
		if c, err := p.Enterprise.CreditCode(ctx); err == nil {
			d.CreditCode = c
		}
	}
	q := paging.Query{}
	var err error
	if all || want["unit"] {
		err = p.Units.Each(ctx, q, maxUploadRows, func(v RiskUnit) error { d.Units = append(d.Units, v); return nil })
		if err == nil && len(d.Units) > 0 {
			err = p.nameObjects(ctx, d.Units)
		}
	}
	if err == nil && (all || want["event"]) {
		err = p.REvents.Each(ctx, q, maxUploadRows, func(v RiskEvent) error { d.Events = append(d.Events, v); return nil })
	}
	if err == nil && (all || want["measure"]) {
		err = p.Measures.Each(ctx, q, maxUploadRows, func(v Measure) error { d.Measures = append(d.Measures, v); return nil })
	}
	if err == nil && (all || want["task"]) {
		err = p.Plans.Each(ctx, q, maxUploadRows, func(v CheckPlan) error { d.Plans = append(d.Plans, v); return nil })
	}
	if err == nil && (all || want["record"]) {
		err = p.Records.Each(ctx, q, maxUploadRows, func(v CheckRecord) error { d.Records = append(d.Records, v); return nil })
	}
	if err == nil && (all || want["hazard"]) {
		err = p.Hazards.Each(ctx, q, maxUploadRows, func(v Hazard) error { d.Hazards = append(d.Hazards, v); return nil })
	}
	if err != nil {
		return nil, err
	}
	return up.Build(d)
}

// uploadKey reads the tenant's key of a keyed adapter; no key is refused
// with the adapter's message (never a built-in key).
func (p *Prevention) uploadKey(ctx context.Context, tenantID string, k KeyedUploader) (string, error) {
	if p.Params == nil {
		return "", errs.Rule("UPLOAD_KEY_MISSING", "%s(本服务未接入系统参数,无法读取参数「%s」,请联系管理员)", k.KeyMissing(), k.KeyParam())
	}
	v, found, err := p.Params.Param(ctx, tenantID, k.KeyParam())
	if err != nil {
		return "", err
	}
	if v = strings.TrimSpace(v); !found || v == "" {
		return "", errs.Rule("UPLOAD_KEY_MISSING", "%s:请在「系统参数」中为本企业设置参数「%s」(省平台分配给企业的密钥)后再导出", k.KeyMissing(), k.KeyParam())
	}
	return v, nil
}

// nameObjects fills the units' object names (the Anhui form sends them).
func (p *Prevention) nameObjects(ctx context.Context, units []RiskUnit) error {
	names := map[int64]string{}
	err := p.Objects.Each(ctx, paging.Query{}, maxUploadRows, func(o RiskObject) error { names[o.ID] = o.Name; return nil })
	for i := range units {
		units[i].ObjectName = names[units[i].ObjectID]
	}
	return err
}

// National writes the field names of the national double-prevention data
// standard as the research notes record them from the Anhui/Chuzhou client
// and the jt-wwyt park uploader (tables t_aqfxfxdy 单元, t_aqfxsj 事件,
// t_aqfxgkcs 措施, t_yhpcrwxx 任务, t_yhpcjl 记录, t_yhzlxx 隐患). It is
// the national naming the province adapters map from (Anhui, reconstructed
// from a provincial client, is in upload_anhui.go). Mapping:
//
//	unit:    ID, HAZARD_CODE, HAZARD_DEP, HAZARD_LIABLE_PERSON, RISK_UNIT_NAME, RISK_CLASS(1-4)
//	event:   ID, RISK_UNIT_ID, RISK_EVENT_NAME
//	measure: ID, RISK_EVENT_ID, DATA_SRC(1/2), RISK_MEASURE_DESC, CLASSIFY1, CLASSIFY2, CLASSIFY3, TROUBLESHOOT_CONTENT
//	task:    ID, RISK_MEASURE_ID, TROUBLESHOOT_CONTENT, CHECK_CYCLE, CHECK_CYCLE_UNIT(小时/天/月/年)  (our plans)
//	record:  ID, CHECK_TASK_ID (the plan), CHECK_TIME, CHECK_STATUS(0-3)
//	hazard:  id, dangerName, dangerDesc, dangerLevel(0/1), dangerSrc(1-10), dangerManageType(0/1),
//	         hazardDangerType(1-8), liablePerson, dangerManageDeadline, checkAcceptPerson,
//	         checkAcceptTime, checkAcceptComment, dangerState(0/1/9)
//
// Hazards still waiting for assessment (10) or voided (8) are not reported:
// the standard knows only 整改中, 待验收 and 已验收. DELETED is 0 for every
// row (deleted rows are not exported).
type National struct{}

func (National) Province() string { return "national" }

func (National) Build(d *Dataset) ([]byte, error) {
	row := func(id int64, updated time.Time, kv ...any) map[string]any {
		m := map[string]any{"ID": itoa(id), "DELETED": "0", "UPDATE_DATE": timefmt.Format(updated)}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	units := make([]map[string]any, 0, len(d.Units))
	for _, u := range d.Units {
		units = append(units, row(u.ID, u.UpdateTime, "HAZARD_CODE", u.HazardCode, "HAZARD_DEP", u.DeptName,
			"HAZARD_LIABLE_PERSON", u.ResponsibleUserName, "RISK_UNIT_NAME", u.Name, "RISK_CLASS", itoa(int64(u.RiskClass))))
	}
	events := make([]map[string]any, 0, len(d.Events))
	for _, e := range d.Events {
		events = append(events, row(e.ID, e.UpdateTime, "RISK_UNIT_ID", itoa(e.UnitID), "RISK_EVENT_NAME", e.Name))
	}
	measures := make([]map[string]any, 0, len(d.Measures))
	for _, m := range d.Measures {
		measures = append(measures, row(m.ID, m.UpdateTime, "RISK_EVENT_ID", itoa(m.EventID), "DATA_SRC", itoa(int64(m.DataSrc)),
			"RISK_MEASURE_DESC", m.Description, "CLASSIFY1", itoa(int64(m.Classify1)), "CLASSIFY2", m.Classify2,
			"CLASSIFY3", m.Classify3, "TROUBLESHOOT_CONTENT", m.TroubleshootContent))
	}
	tasks := make([]map[string]any, 0, len(d.Plans))
	for _, c := range d.Plans {
		tasks = append(tasks, row(c.ID, c.UpdateTime, "RISK_MEASURE_ID", itoa(c.MeasureID), "TROUBLESHOOT_CONTENT", c.TroubleshootContent,
			"CHECK_CYCLE", itoa(int64(c.CheckCycle)), "CHECK_CYCLE_UNIT", CycleUnits[c.CheckCycleUnit]))
	}
	records := make([]map[string]any, 0, len(d.Records))
	for _, r := range d.Records {
		records = append(records, row(r.ID, r.UpdateTime, "CHECK_TASK_ID", itoa(r.PlanID), "CHECK_TIME", timefmt.Format(r.CheckTime),
			"CHECK_STATUS", itoa(int64(r.CheckStatus))))
	}
	hazards := make([]map[string]any, 0, len(d.Hazards))
	for _, h := range d.Hazards {
		if h.DangerState != HazardRectifying && h.DangerState != HazardToAccept && h.DangerState != HazardAccepted {
			continue
		}
		hazards = append(hazards, map[string]any{
			"id": itoa(h.ID), "dangerName": h.DangerName, "dangerDesc": h.DangerDesc, "dangerLevel": itoa(int64(h.DangerLevel)),
			"dangerSrc": itoa(int64(h.DangerSrc)), "dangerManageType": itoa(int64(h.DangerManageType)),
			"hazardDangerType": itoa(int64(h.HazardDangerType)), "hazardCode": "", "riskUnitId": itoa(h.UnitID),
			"registrant": h.ReportUserName, "registTime": timefmt.Format(h.ReportTime),
			"liablePerson": h.LiableUserName, "dangerManageDeadline": timefmt.FormatPtr(h.Deadline),
			"checkAcceptPerson": h.AcceptUserName, "checkAcceptTime": timefmt.FormatPtr(h.AcceptTime),
			"checkAcceptComment": h.AcceptComment, "dangerState": itoa(int64(h.DangerState)),
			"deleted": "0", "updateDate": timefmt.Format(h.UpdateTime),
		})
	}
	return json.MarshalIndent(map[string]any{
		"standard":    "国家双重预防数据标准(字段名)",
		"province":    "national",
		"tenantId":    d.TenantID,
		"generatedAt": timefmt.Format(d.At),
		"t_aqfxfxdy":  units,
		"t_aqfxsj":    events,
		"t_aqfxgkcs":  measures,
		"t_yhpcrwxx":  tasks,
		"t_yhpcjl":    records,
		"t_yhzlxx":    hazards,
	}, "", "  ")
}
