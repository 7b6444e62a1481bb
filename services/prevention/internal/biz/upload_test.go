package biz

import (
	"encoding/json"
	"testing"
)

// The national package carries the standard's field names and codes, and
// only hazards the standard knows (整改中, 待验收, 已验收).
func TestNationalUploadFieldNames(t *testing.T) {
	d := at("2026-11-30 00:00:00")
	ds := &Dataset{TenantID: "100001", At: at("2026-11-21 10:00:00"),
		Units:    []RiskUnit{{Name: "甲醇储罐组", HazardCode: "3205001001", DeptName: "罐区", ResponsibleUserName: "赵操作", RiskClass: 1}},
		Events:   []RiskEvent{{UnitID: 5, Name: "泄漏"}},
		Measures: []Measure{{EventID: 6, DataSrc: 2, Classify1: 1, Classify2: "1-4", Description: "联锁"}},
		Plans:    []CheckPlan{{MeasureID: 7, CheckCycle: 8, CheckCycleUnit: CycleHour}},
		Records:  []CheckRecord{{PlanID: 9, CheckTime: d, CheckStatus: CheckHazard}},
		Hazards: []Hazard{
			{DangerName: "待评估的", DangerState: HazardReported},
			{DangerName: "整改中的", DangerState: HazardRectifying, DangerLevel: 1, DangerSrc: 9, Deadline: &d, LiableUserName: "管理员"},
			{DangerName: "已作废的", DangerState: HazardVoided},
		},
	}
	b, err := National{}.Build(ds)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string][]map[string]any
	var head map[string]any
	_ = json.Unmarshal(b, &head)
	for k, v := range head {
		if arr, ok := v.([]any); ok {
			if out == nil {
				out = map[string][]map[string]any{}
			}
			for _, x := range arr {
				out[k] = append(out[k], x.(map[string]any))
			}
		}
	}
	checks := []struct {
		table, field string
		want         any
	}{
		{"t_aqfxfxdy", "RISK_UNIT_NAME", "甲醇储罐组"},
		{"t_aqfxfxdy", "HAZARD_CODE", "3205001001"},
		{"t_aqfxfxdy", "RISK_CLASS", "1"},
		{"t_aqfxsj", "RISK_UNIT_ID", "5"},
		{"t_aqfxgkcs", "DATA_SRC", "2"},
		{"t_aqfxgkcs", "CLASSIFY2", "1-4"},
		{"t_yhpcrwxx", "CHECK_CYCLE_UNIT", "小时"},
		{"t_yhpcrwxx", "CHECK_CYCLE", "8"},
		{"t_yhpcjl", "CHECK_STATUS", "1"},
		{"t_yhpcjl", "CHECK_TIME", "2026-11-30 00:00:00"},
		{"t_yhzlxx", "dangerState", "0"},
		{"t_yhzlxx", "dangerSrc", "9"},
		{"t_yhzlxx", "dangerManageDeadline", "2026-11-30 00:00:00"},
	}
	for _, c := range checks {
		rows := out[c.table]
		if len(rows) == 0 || rows[0][c.field] != c.want {
			t.Errorf("%s.%s: got %v, want %v", c.table, c.field, rows, c.want)
		}
	}
	if n := len(out["t_yhzlxx"]); n != 1 {
		t.Errorf("hazards reported: %d, want only the one in rectification", n)
	}
	if head["standard"] == nil || head["province"] != "national" {
		t.Errorf("header: %v", head)
	}
}
