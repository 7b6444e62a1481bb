package biz

import (
	"testing"
)

func TestKnowledgeBaseRanksTheRightClauseFirst(t *testing.T) {
	ix, err := NewIndex(Regulations)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ q, want string }{
		{"动火作业票有效期多久", "gb30871-5.1.5"},
		{"动火前气体分析间隔多少分钟需要重新分析", "gb30871-a-gas"},
		{"受限空间氧含量要求", "gb30871-confined"},
		{"可燃气体报警值怎么设定", "gbt50493-alarm"},
		{"重大事故隐患报告应包括什么", "hazard-16"},
		{"新员工安全培训多少学时", "training-3"},
		{"特种作业操作证多久复审", "cert-30"},
		{"应急预案演练频次", "plan-2"},
		{"吊装作业怎么分级", "gb30871-lift"},
	} {
		hits, err := ix.Search(c.q, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].ID != c.want {
			var got []string
			for _, h := range hits {
				got = append(got, h.ID)
			}
			t.Errorf("%s: got %v, want %s first", c.q, got, c.want)
		}
	}
	for _, q := range []string{"今天午饭吃什么", "量子纠缠通信的规定是什么"} {
		if hits, _ := ix.Search(q, 3); len(hits) != 0 {
			t.Errorf("%s matched %s", q, hits[0].ID)
		}
	}
}

func TestRouteReadsWhatAQuestionNeeds(t *testing.T) {
	for _, c := range []struct {
		q    string
		want Intent
	}{
		{"本单位未整改隐患有多少", Intent{Hazards: true}},
		{"今天有几张动火作业票", Intent{Permits: true}},
		{"动火作业票有效期多久", Intent{Rules: true}},
		{"重大隐患判定标准是什么", Intent{Rules: true}},
		{"目前隐患和今日作业票情况", Intent{Hazards: true, Permits: true}},
		{"本单位有哪些证书快到期了", Intent{Certs: true}},
		{"特种作业操作证多久复审", Intent{Rules: true}},
	} {
		if got := Route(c.q); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.q, got, c.want)
		}
	}
}
