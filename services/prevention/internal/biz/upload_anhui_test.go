package biz

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
)

func anhuiDataset() *Dataset {
	d := at("2026-11-30 00:00:00")
	end := at("2027-12-31 00:00:00")
	acc := at("2026-12-02 09:00:00")
	return &Dataset{TenantID: "100001", At: at("2026-11-21 10:00:00"), Key: "tenant-key", CreditCode: "91341100MA2T000X1K", //nolint:gosec // G101: test fixture key, not a real credential
		Units: []RiskUnit{{Base: db.Base{Plain: db.Plain{ID: 11}}, ObjectName: "罐区", Name: "甲醇储罐组", HazardCode: "3411001001",
			DeptName: "罐区车间", ResponsibleUserName: "赵操作", RiskClass: 2}},
		Events: []RiskEvent{{Base: db.Base{Plain: db.Plain{ID: 21}}, UnitID: 11, Name: "泄漏"}},
		Measures: []Measure{{Base: db.Base{Plain: db.Plain{ID: 31}}, EventID: 21, DataSrc: 1, Classify1: 4, Classify2: "4-2", Classify3: "空气呼吸器",
			Description: "配备空气呼吸器", TroubleshootContent: "检查气瓶压力"}},
		Plans: []CheckPlan{{Base: db.Base{Plain: db.Plain{ID: 41}}, MeasureID: 31, TroubleshootContent: "检查气瓶压力", CheckCycle: 1,
			CheckCycleUnit: CycleMonth, StartTime: at("2026-01-01 00:00:00"), EndTime: &end}},
		Records: []CheckRecord{
			{Base: db.Base{Plain: db.Plain{ID: 52}}, PlanID: 41, CheckTime: at("2026-11-20 08:00:00"), CheckStatus: CheckHazard, CheckUserName: "李巡检", Photos: "a.jpg, b.png"},
			{Base: db.Base{Plain: db.Plain{ID: 51}}, PlanID: 41, CheckTime: at("2026-10-20 08:00:00"), CheckStatus: CheckNormal, CheckUserName: "李巡检"},
		},
		Hazards: []Hazard{
			{Base: db.Base{Plain: db.Plain{ID: 61}}, DangerName: "待评估", DangerState: HazardReported},
			{Base: db.Base{Plain: db.Plain{ID: 62}}, UnitID: 11, DangerName: "气瓶压力不足", DangerDesc: "低于 25MPa", DangerLevel: DangerMajor, DangerSrc: 9,
				DangerManageType: ManageLater, HazardDangerType: 5, ReportUserName: "李巡检", ReportTime: at("2026-11-20 08:00:00"),
				LiableUserName: "赵操作", Deadline: &d, AcceptUserName: "安全员", AcceptTime: &acc, AcceptComment: "合格",
				DangerState: HazardAccepted, Photos: "c.jpg"},
			{Base: db.Base{Plain: db.Plain{ID: 63}}, DangerName: "作废", DangerState: HazardVoided},
		},
	}
}

func buildAnhui(t *testing.T, d *Dataset) AnhuiPackage {
	t.Helper()
	b, err := Anhui{}.Build(d)
	if err != nil {
		t.Fatal(err)
	}
	var p AnhuiPackage
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func keysOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Each entity posts to its action with exactly these form fields and codes.
func TestAnhuiUploadEntities(t *testing.T) {
	p := buildAnhui(t, anhuiDataset())
	byAction := map[string][]map[string]string{}
	for _, r := range p.Requests {
		byAction[r.Action] = append(byAction[r.Action], r.Form)
	}
	cases := []struct {
		entity, action string
		fields         []string
		want           map[string]string
	}{
		{"unit", "riskUnitAction!updateRiskUnit",
			[]string{"companyCode", "hazardCode", "hazardDep", "hazardLiablePerson", "hazardName", "id", "pwd", "riskClass", "riskUnitName", "tyshxydm"},
			map[string]string{"pwd": "tenant-key", "id": "11", "riskClass": "2", "hazardCode": "3411001001", "hazardName": "罐区",
				"riskUnitName": "甲醇储罐组", "hazardDep": "罐区车间", "hazardLiablePerson": "赵操作",
				"companyCode": "MA2T000X1", "tyshxydm": "91341100MA2T000X1K"}},
		{"event", "riskEventAction!updateRiskEvent",
			[]string{"id", "pwd", "riskEventName", "riskUnitId"},
			map[string]string{"id": "21", "riskUnitId": "11", "riskEventName": "泄漏"}},
		{"measure", "riskMeasureAction!updateRiskMeasure",
			[]string{"classify1", "classify2", "classify3", "dataSrc", "id", "pwd", "riskEventId", "riskMeasureDesc", "troubleshootContent"},
			map[string]string{"riskEventId": "21", "dataSrc": "1", "classify1": "4", "classify2": "4-2", "classify3": "空气呼吸器",
				"riskMeasureDesc": "配备空气呼吸器", "troubleshootContent": "检查气瓶压力"}},
		{"task", "dangerTaskAction!updateCheckTask",
			[]string{"checkCycle", "checkCycleUnit", "checkEndDate", "checkStartDate", "checkStatus", "id", "investigationDate", "pwd", "riskMeasureId", "troubleshootContent"},
			map[string]string{"id": "41", "riskMeasureId": "31", "checkCycle": "1", "checkCycleUnit": "月",
				"investigationDate": "2026-11-20 08:00:00", "checkStatus": "1",
				"checkStartDate": "2026-01-01 00:00:00", "checkEndDate": "2027-12-31 00:00:00"}},
		{"record", "dangerNoteAction!updateCheckRecord",
			[]string{"checkStatus", "checkTaskId", "checkTime", "checker", "companyCode", "id", "photos", "pwd"},
			map[string]string{"id": "51", "checkTaskId": "41", "checkTime": "2026-10-20 08:00:00", "checkStatus": "0",
				"checker": "李巡检", "companyCode": "MA2T000X1", "photos": ""}},
		{"hazard", "dangerInfoAction!updateCheck",
			[]string{"checkAcceptComment", "checkAcceptPerson", "checkAcceptTime", "companyCode", "dangerDesc", "dangerLevel",
				"dangerManageDeadline", "dangerManageType", "dangerName", "dangerSrc", "dangerState", "hazardDangerType", "id",
				"liablePerson", "photos", "pwd", "registTime", "registrant", "riskUnitId"},
			map[string]string{"id": "62", "dangerLevel": "1", "dangerSrc": "9", "dangerManageType": "1", "hazardDangerType": "5",
				"dangerState": "9", "dangerManageDeadline": "2026-11-30 00:00:00", "checkAcceptTime": "2026-12-02 09:00:00",
				"photos": "c.jpg", "riskUnitId": "11", "liablePerson": "赵操作"}},
	}
	for _, c := range cases {
		t.Run(c.entity, func(t *testing.T) {
			forms := byAction[c.action]
			if len(forms) == 0 {
				t.Fatalf("no request to %s", c.action)
			}
			if got := keysOf(forms[0]); !reflect.DeepEqual(got, c.fields) {
				t.Errorf("fields\n got %v\nwant %v", got, c.fields)
			}
			for k, v := range c.want {
				if forms[0][k] != v {
					t.Errorf("%s: got %q, want %q", k, forms[0][k], v)
				}
			}
			if forms[0]["pwd"] != "tenant-key" {
				t.Errorf("every request carries the key")
			}
		})
	}
	// Records go by id; the second carries the photo file names, cleaned.
	if r := byAction["dangerNoteAction!updateCheckRecord"]; len(r) != 2 || r[1]["photos"] != "a.jpg,b.png" {
		t.Errorf("records: %v", r)
	}
	// Only 整改中/待验收/已验收 hazards are reported.
	if n := len(byAction["dangerInfoAction!updateCheck"]); n != 1 {
		t.Errorf("hazards reported: %d, want 1", n)
	}
}

// Requests come in dependency order: a row's parent is always posted first.
func TestAnhuiUploadDependencyOrder(t *testing.T) {
	p := buildAnhui(t, anhuiDataset())
	order := []string{"riskUnitAction!updateRiskUnit", "riskEventAction!updateRiskEvent", "riskMeasureAction!updateRiskMeasure",
		"dangerTaskAction!updateCheckTask", "dangerNoteAction!updateCheckRecord", "dangerInfoAction!updateCheck"}
	rank := map[string]int{}
	for i, a := range order {
		rank[a] = i
	}
	last := -1
	seen := map[string]bool{}
	for _, r := range p.Requests {
		k, ok := rank[r.Action]
		if !ok {
			t.Fatalf("unexpected action %s", r.Action)
		}
		if k < last {
			t.Fatalf("%s after %s", r.Action, order[last]) //nolint:gosec // G602: last is an index into order (set from rank)
		}
		last = k
		seen[r.Action] = true
	}
	if len(seen) != len(order) {
		t.Errorf("actions seen %v", seen)
	}
	if p.Province != "anhui" || p.GeneratedAt != "2026-11-21 10:00:00" || !strings.Contains(p.Format, "非官方") {
		t.Errorf("envelope: %+v", p)
	}
}

// Without a credit code the company fields are empty and a note says so.
func TestAnhuiUploadWithoutCreditCode(t *testing.T) {
	d := anhuiDataset()
	d.CreditCode = ""
	p := buildAnhui(t, d)
	if f := p.Requests[0].Form; f["companyCode"] != "" || f["tyshxydm"] != "" {
		t.Errorf("company codes: %v", f)
	}
	if !strings.Contains(strings.Join(p.Notes, "\n"), "统一社会信用代码") {
		t.Errorf("notes: %v", p.Notes)
	}
}

// A missing key is refused, by the adapter and before any row is read.
func TestAnhuiUploadMissingKey(t *testing.T) {
	d := anhuiDataset()
	d.Key = " "
	if _, err := (Anhui{}).Build(d); err == nil || !strings.Contains(err.Error(), "密钥") {
		t.Errorf("build without key: %v", err)
	}
	cases := []struct {
		name   string
		params TenantParams
		want   string
	}{
		{"not wired", nil, "未接入系统参数"},
		{"no param", fakeParams{}, "prevention.upload.anhui.key"},
		{"blank param", fakeParams{"prevention.upload.anhui.key": "  "}, "prevention.upload.anhui.key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// No stores: the refusal must come before any read.
			p := &Prevention{Params: c.params, Now: func() time.Time { return at("2026-11-21 10:00:00") }}
			_, err := p.UploadPackage(context.Background(), "100001", "anhui", "")
			if err == nil || !strings.Contains(err.Error(), "密钥") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want a refusal mentioning %q", err, c.want)
			}
		})
	}
}

// A code outside the standard's table refuses the package instead of
// sending a wrong code.
func TestAnhuiUploadUnmappableCode(t *testing.T) {
	cases := []struct {
		name string
		edit func(d *Dataset)
	}{
		{"risk class", func(d *Dataset) { d.Units[0].RiskClass = 7 }},
		{"data source", func(d *Dataset) { d.Measures[0].DataSrc = 3 }},
		{"classify2", func(d *Dataset) { d.Measures[0].Classify2 = "9-9" }},
		{"cycle unit", func(d *Dataset) { d.Plans[0].CheckCycleUnit = 9 }},
		{"check status", func(d *Dataset) { d.Records[0].CheckStatus = -1 }},
		{"danger level", func(d *Dataset) { d.Hazards[1].DangerLevel = 2 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := anhuiDataset()
			c.edit(d)
			if _, err := (Anhui{}).Build(d); err == nil || !strings.Contains(err.Error(), "无法转换") {
				t.Errorf("got %v", err)
			}
		})
	}
}

type fakeParams map[string]string

func (f fakeParams) Param(_ context.Context, _, key string) (string, bool, error) {
	v, ok := f[key]
	return v, ok, nil
}
