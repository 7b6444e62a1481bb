package service

import (
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/xlsx"
	"anquan/workticket/internal/biz"
)

// An exported row names every code (no bare numbers in the sheet), marks a
// paused job and leaves times that have not happened empty.
func TestExportRow(t *testing.T) {
	start := time.Date(2026, 11, 21, 1, 0, 0, 0, time.UTC) // 09:00 Asia/Shanghai
	cases := []struct {
		name string
		in   biz.Ticket
		want map[string]string
	}{
		{"hot work in progress, paused", biz.Ticket{TicketNo: "DH-20261121-0001", WorkType: biz.HotWork, Level: 1, TicketStatus: 1,
			FlowStatus: 1, JobStatus: 2, WorkPhase: 2, Paused: true, PlanStart: start, ActualStart: &start, Base: db.Base{Plain: db.Plain{CreateTime: start}}},
			map[string]string{"作业票编号": "DH-20261121-0001", "作业类型": "动火作业", "作业级别": "一级", "作业票状态": "已签发",
				"审批状态": "审批完成", "作业状态": "作业中(暂停中)", "作业阶段": "作业中", "计划开始时间": "2026-11-21 09:00:00",
				"实际开始时间": "2026-11-21 09:00:00", "实际结束时间": "", "创建时间": "2026-11-21 09:00:00"}},
		{"draft", biz.Ticket{TicketNo: "PT-20261121-0002", WorkType: "ordinary", FlowStatus: -1, JobStatus: 1, WorkPhase: 1},
			map[string]string{"作业类型": "一般作业", "作业级别": "", "作业票状态": "未签发", "审批状态": "未提交审批", "作业状态": "待开始",
				"作业阶段": "作业前", "计划开始时间": "", "实际开始时间": ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := xlsx.New("作业票", exportCols)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Add(c.in); err != nil {
				t.Fatal(err)
			}
			b, err := w.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			rows, err := xlsx.Read(b)
			if err != nil || len(rows) != 2 {
				t.Fatalf("rows %v, err %v", rows, err)
			}
			got := map[string]string{}
			for i, h := range rows[0] {
				if i < len(rows[1]) {
					got[h] = rows[1][i]
				}
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
}
