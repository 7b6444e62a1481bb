package biz

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
)

// Embedded is the default answerer without a model server: it retrieves
// clauses from the knowledge base and reads the caller's data with the
// tools the question asks for, then writes an extractive answer that
// quotes what it found with its source. It never writes a rule or number
// it did not find.
type Embedded struct {
	KB   *Index
	Data Data
	// Docs searches the caller's tenant's own documents (nil: none).
	Docs DocSearcher
}

// intents of a question, by keywords.
var (
	dataWords   = []string{"本单位", "我单位", "我们", "我的", "本厂", "公司", "当前", "目前", "现在", "今天", "今日", "未整改", "未关闭", "逾期", "超期", "有多少", "多少", "几条", "几张", "几个", "统计", "情况", "列表", "清单", "哪些"}
	hazardWords = []string{"隐患"}
	certWords   = []string{"证书", "证件", "持证", "操作证", "到期", "过期"}
	taskWords   = []string{"巡检", "巡查", "点检"}
	alarmWords  = []string{"报警", "告警", "警报"}
	permitWords = []string{"作业票", "许可证", "作业证", "动火", "受限空间", "高处", "吊装", "临时用电", "盲板", "动土", "断路", "特殊作业", "作业"}
	// A question about a rule, not about our data, even with data words.
	ruleWords = []string{"规定", "标准", "要求", "条款", "有效期", "判定", "多久", "间隔", "分级", "怎么", "如何", "是否", "应当", "应该", "合格"}
)

func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// Intent says which tools a question needs.
type Intent struct{ Hazards, Permits, Certs, Tasks, Alarms, Rules bool }

// Route reads the intent of q.
func Route(q string) Intent {
	data := hasAny(q, dataWords)
	rule := hasAny(q, ruleWords)
	in := Intent{
		Hazards: data && hasAny(q, hazardWords),
		Certs:   (data || strings.Contains(q, "快到期") || strings.Contains(q, "已过期")) && hasAny(q, certWords),
		Tasks:   data && hasAny(q, taskWords),
		Alarms:  data && hasAny(q, alarmWords),
		Permits: data && hasAny(q, permitWords) && (strings.Contains(q, "今") || strings.Contains(q, "当前") || strings.Contains(q, "目前") || strings.Contains(q, "现在") || strings.Contains(q, "多少") || strings.Contains(q, "几张")),
	}
	in.Rules = rule || (!in.Hazards && !in.Permits && !in.Certs && !in.Tasks && !in.Alarms)
	return in
}

// Answer implements Answerer.
func (e *Embedded) Answer(ctx context.Context, a *Ask, emit Emit) error {
	q := strings.TrimSpace(a.Question())
	in := Route(q)
	var out []string
	prompt := len(Terms(q))
	completion := 0
	step := func(s string) error { return emit(Event{Kind: KindStep, Text: s}) }

	if in.Hazards {
		hs, err := e.Data.Hazards(ctx)
		s, part := hazardPart(hs, err)
		if err := step(s); err != nil {
			return err
		}
		out = append(out, part)
	}
	if in.Permits {
		ps, err := e.Data.TodayPermits(ctx)
		s, part := permitPart(ps, err)
		if err := step(s); err != nil {
			return err
		}
		out = append(out, part)
	}
	if in.Certs {
		cs, err := e.Data.Certificates(ctx)
		s, part := certPart(cs, err)
		if err := step(s); err != nil {
			return err
		}
		out = append(out, part)
	}
	if in.Tasks {
		ts, err := e.Data.InspectionsDue(ctx)
		s, part := taskPart(ts, err)
		if err := step(s); err != nil {
			return err
		}
		out = append(out, part)
	}
	if in.Alarms {
		as, err := e.Data.ActiveAlarms(ctx)
		s, part := alarmPart(as, err)
		if err := step(s); err != nil {
			return err
		}
		out = append(out, part)
	}
	var hits []Hit
	{
		n := 3
		if !in.Rules {
			n = 2
		}
		var err error
		if hits, err = e.KB.Search(q, n); err != nil {
			return err
		}
		if in.Rules || len(hits) > 0 {
			if err := step(fmt.Sprintf("检索知识库：“%s” → %d 条%s", clip(q, 30), len(hits), citeList(hits))); err != nil {
				return err
			}
		}
	}
	docHits, err := searchDocs(ctx, e.Docs, q, in, step)
	if err != nil {
		return err
	}
	if len(docHits) > 0 {
		out = append(out, docPart(docHits))
	}
	if len(hits) > 0 {
		var b strings.Builder
		b.WriteString("**检索结果摘录**（以下为条款要点的整理，不是原文，执行前请核对现行有效版本）\n\n")
		for i, h := range hits {
			fmt.Fprintf(&b, "%d. **%s** —— %s\n\n   > %s\n\n", i+1, h.Title, h.Cite(), h.Text)
		}
		out = append(out, strings.TrimRight(b.String(), "\n"))
	} else if in.Rules && len(docHits) == 0 {
		out = append(out, fmt.Sprintf("知识库中没有找到与“%s”相关的条款。本助手只引用已收录的法规和标准要点（特殊作业、隐患排查治理、气体检测报警、培训与持证、应急预案与演练等），不会凭空给出规定或数字；请换个说法或补充关键词，例如“动火作业票有效期”“受限空间氧含量”。", clip(q, 60)))
	}
	if err := step(fmt.Sprintf("汇总：引用 %d 条条款%s%s", len(hits), docNote(docHits), dataNote(in))); err != nil {
		return err
	}
	text := strings.Join(out, "\n\n")
	// Stream line by line, as a model would stream tokens.
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		completion += len(Terms(line))
		if err := emit(Event{Kind: KindContent, Text: line}); err != nil {
			return err
		}
	}
	return emit(Event{Kind: KindUsage, PromptTokens: prompt, CompletionTokens: completion})
}

func dataNote(in Intent) string {
	var parts []string
	if in.Hazards {
		parts = append(parts, "隐患数据")
	}
	if in.Permits {
		parts = append(parts, "作业票数据")
	}
	if in.Certs {
		parts = append(parts, "证书数据")
	}
	if in.Tasks {
		parts = append(parts, "巡检任务")
	}
	if in.Alarms {
		parts = append(parts, "监测报警")
	}
	if len(parts) == 0 {
		return ""
	}
	return "，并附本单位" + strings.Join(parts, "、")
}

func citeList(hits []Hit) string {
	if len(hits) == 0 {
		return ""
	}
	var cs []string
	for _, h := range hits {
		cs = append(cs, h.Title)
	}
	return "（" + strings.Join(cs, "；") + "）"
}

// toolFailure words a tool's error for the user.
func toolFailure(what string, err error) string {
	switch errs.Code(err) {
	case codes.PermissionDenied:
		return "您没有查看" + what + "的权限"
	case codes.Unauthenticated:
		return "登录已失效，无法查询" + what
	}
	return what + "暂时无法查询（服务不可用）"
}

func hazardPart(hs *HazardStats, err error) (string, string) {
	if err != nil {
		msg := toolFailure("隐患数据", err)
		return "查询本单位未整改隐患：" + msg, "**本单位隐患**：" + msg + "。"
	}
	step := fmt.Sprintf("查询本单位未整改隐患：%d 条，其中重大 %d 条、逾期 %d 条", hs.Open, hs.Major, hs.Overdue)
	if hs.Open == 0 {
		return step, "**本单位隐患**：目前没有未整改的隐患（待评估、整改中、待验收均为 0）。"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**本单位未整改隐患 %d 条**：待评估 %d、整改中 %d、待验收 %d；其中重大隐患 %d 条，逾期 %d 条。\n\n", hs.Open, hs.Reported, hs.Rectifying, hs.ToAccept, hs.Major, hs.Overdue)
	b.WriteString("| 隐患 | 等级 | 状态 | 整改期限 | 责任人 |\n|---|---|---|---|---|\n")
	for _, r := range hs.Rows {
		d := r.Deadline
		if r.Overdue {
			d += "（逾期）"
		}
		fmt.Fprintf(&b, "| [%s](%s) | %s | %s | %s | %s |\n", cell(r.Name), hazardPage, r.Level, r.State, cell(d), cell(r.Liable))
	}
	if len(hs.Rows) < hs.Open {
		fmt.Fprintf(&b, "\n仅列出 %d 条，全部见[隐患治理](%s)。", len(hs.Rows), hazardPage)
	}
	return step, strings.TrimRight(b.String(), "\n")
}

func permitPart(ps *PermitStats, err error) (string, string) {
	if err != nil {
		msg := toolFailure("作业票", err)
		return "查询今日作业票：" + msg, "**今日作业票**：" + msg + "。"
	}
	var types []string
	for _, c := range ps.ByType {
		types = append(types, fmt.Sprintf("%s %d", c.Name, c.N))
	}
	step := fmt.Sprintf("查询今日作业票：%d 张", ps.Total)
	if len(types) > 0 {
		step += "（" + strings.Join(types, "、") + "）"
	}
	if ps.Total == 0 {
		return step, "**今日作业票**：今天没有计划或进行中的特殊作业票。"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**今日作业票 %d 张**：%s。\n\n", ps.Total, strings.Join(types, "、"))
	b.WriteString("| 编号 | 类型 | 级别 | 地点 | 状态 | 计划开始 |\n|---|---|---|---|---|---|\n")
	for _, r := range ps.Rows {
		fmt.Fprintf(&b, "| [%s](%s) | %s | %s | %s | %s | %s |\n", cell(r.No), permitLink(r), r.Type, cell(r.Level), cell(r.Location), r.Status, r.Start)
	}
	if len(ps.Rows) < ps.Total {
		fmt.Fprintf(&b, "\n仅列出 %d 张，全部见[作业票管理](/businessProcess/jobManagement/list)。", len(ps.Rows))
	}
	return step, strings.TrimRight(b.String(), "\n")
}

func certPart(cs *CertStats, err error) (string, string) {
	if err != nil {
		msg := toolFailure("证书数据", err)
		return "查询到期证书：" + msg, "**到期证书**：" + msg + "。"
	}
	step := fmt.Sprintf("查询到期证书：已过期 %d 本，%s 前到期 %d 本", cs.Expired, cs.Until, cs.Expiring)
	if cs.Expired+cs.Expiring == 0 {
		return step, fmt.Sprintf("**到期证书**：没有已过期的证书，%s 前也没有到期的证书。", cs.Until)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**到期证书**：已过期 %d 本，%s 前到期 %d 本。\n\n", cs.Expired, cs.Until, cs.Expiring)
	b.WriteString("| 持证人 | 证书 | 证号 | 到期日 | 剩余天数 |\n|---|---|---|---|---|\n")
	for _, r := range cs.Rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d |\n", cell(r.Holder), cell(r.Kind), cell(r.No), cell(r.Expire), r.DaysLeft)
	}
	if len(cs.Rows) < cs.Expired+cs.Expiring {
		fmt.Fprintf(&b, "\n仅列出 %d 本，全部见[证书到期提醒](%s)。", len(cs.Rows), certPage)
	} else {
		fmt.Fprintf(&b, "\n见[证书到期提醒](%s)。", certPage)
	}
	return step, strings.TrimRight(b.String(), "\n")
}

func taskPart(ts *InspectionStats, err error) (string, string) {
	if err != nil {
		msg := toolFailure("巡检任务", err)
		return "查询待巡检任务：" + msg, "**待巡检任务**：" + msg + "。"
	}
	of := ""
	if ts.Counted < ts.Due {
		of = fmt.Sprintf("（前 %d 个中）", ts.Counted)
	}
	step := fmt.Sprintf("查询待巡检任务：%d 个，其中已超期 %d 个、由我执行 %d 个%s", ts.Due, ts.Overdue, ts.Mine, of)
	if ts.Due == 0 {
		return step, "**待巡检任务**：目前没有已开始而未完成的巡检任务。"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**待巡检任务 %d 个**：其中已超期 %d 个，由我执行 %d 个%s。\n\n", ts.Due, ts.Overdue, ts.Mine, of)
	b.WriteString("| 巡检计划 | 巡检人 | 开始 | 截止 | 状态 |\n|---|---|---|---|---|\n")
	for _, r := range ts.Rows {
		st := "待巡检"
		if r.Overdue {
			st = "已超期"
		}
		fmt.Fprintf(&b, "| [%s](%s) | %s | %s | %s | %s |\n", cell(r.Plan), taskPage, cell(r.Inspector), cell(r.Start), cell(r.End), st)
	}
	if len(ts.Rows) < ts.Due {
		fmt.Fprintf(&b, "\n仅列出 %d 个，全部见[巡检任务](%s)。", len(ts.Rows), taskPage)
	}
	return step, strings.TrimRight(b.String(), "\n")
}

func alarmPart(as *AlarmStats, err error) (string, string) {
	if err != nil {
		msg := toolFailure("监测报警", err)
		return "查询当前报警：" + msg, "**当前报警**：" + msg + "。"
	}
	var levels []string
	for _, c := range as.ByLevel {
		levels = append(levels, fmt.Sprintf("%s %d", c.Name, c.N))
	}
	step := fmt.Sprintf("查询当前报警：%d 条，未确认 %d 条、关键 %d 条", as.Active, as.Unacked, as.Critical)
	if len(levels) > 0 {
		step += "（" + strings.Join(levels, "、") + "）"
	}
	if as.Active == 0 {
		return step, "**当前报警**：目前没有处于报警状态的监测点。"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**当前报警 %d 条**：未确认 %d 条，关键报警 %d 条，已搁置 %d 条；按级别 %s。\n\n", as.Active, as.Unacked, as.Critical, as.Shelved, strings.Join(levels, "、"))
	b.WriteString("| 监测点 | 级别 | 状态 | 报警值 | 报警时间 |\n|---|---|---|---|---|\n")
	for _, r := range as.Rows {
		fmt.Fprintf(&b, "| [%s](%s) | %s | %s | %s | %s |\n", cell(r.Point), alarmPage, cell(r.Level), cell(r.State), cell(r.Value), cell(r.RaisedAt))
	}
	if len(as.Rows) < as.Active {
		fmt.Fprintf(&b, "\n仅列出 %d 条，全部见[报警管理](%s)。", len(as.Rows), alarmPage)
	}
	return step, strings.TrimRight(b.String(), "\n")
}

// cell makes a value safe inside a markdown table cell.
func cell(s string) string {
	s = strings.NewReplacer("|", "／", "\n", " ", "\r", " ", "[", "［", "]", "］").Replace(s)
	if s == "" {
		return "-"
	}
	return clip(s, 40)
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// searchDocs searches the tenant's documents as it searches the knowledge
// base, with a step when the tenant has any.
func searchDocs(ctx context.Context, docs DocSearcher, q string, in Intent, step func(string) error) ([]Hit, error) {
	if docs == nil {
		return nil, nil
	}
	n := 3
	if !in.Rules {
		n = 2
	}
	hits, count, err := docs.Search(ctx, q, n)
	if err != nil || count == 0 {
		return nil, err
	}
	return hits, step(docStep(q, count, hits))
}

func docStep(q string, count int, hits []Hit) string {
	return fmt.Sprintf("检索本单位文件（共 %d 份）：“%s” → %d 段%s", count, clip(q, 30), len(hits), docCites(hits))
}

func docCites(hits []Hit) string {
	if len(hits) == 0 {
		return ""
	}
	var cs []string
	for _, h := range hits {
		cs = append(cs, "《"+h.Title+"》"+h.Clause)
	}
	return "（" + strings.Join(cs, "；") + "）"
}

func docNote(hits []Hit) string {
	if len(hits) == 0 {
		return ""
	}
	return fmt.Sprintf("、%d 段本单位文件", len(hits))
}

// docPart quotes the tenant's own documents word for word, with title and
// passage number.
func docPart(hits []Hit) string {
	var b strings.Builder
	b.WriteString("**本单位文件摘录**（原文）\n\n")
	for i, h := range hits {
		fmt.Fprintf(&b, "%d. **《%s》** —— %s\n\n   > %s\n\n", i+1, h.Title, h.Clause, strings.ReplaceAll(h.Text, "\n", "\n   > "))
	}
	return strings.TrimRight(b.String(), "\n")
}
