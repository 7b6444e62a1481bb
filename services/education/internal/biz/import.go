package biz

import (
	"context"
	"strings"
	"unicode/utf8"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

// xlsx import of questions (h-eduimp): every row is checked first and one
// wrong row imports nothing.

// Import bounds.
const (
	MaxImportBytes = 2 << 20 // 2 MiB
	MaxImportRows  = 2000    // questions per file
	maxImportCats  = 5000
	maxCellLen     = 4000
)

// ImportColumns are the template's header row, in order.
var ImportColumns = []string{"题型", "分类", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "判分方式", "答案解析", "备注"}

// Column indexes of ImportColumns.
const (
	colType       = 0
	colCategory   = 1
	colContent    = 2
	colOptionA    = 3 // to 选项F at 8
	colAnswer     = 9
	colDifficulty = 10
	colPolicy     = 11
	colAnalysis   = 12
	colRemark     = 13
)

// ImportError is one wrong cell: the sheet row (1 is the header), the column
// header and what is wrong.
type ImportError struct {
	Row     int32
	Column  string
	Message string
}

// ImportRow is a checked row, ready to save.
type ImportRow struct {
	Question Question
	Options  []Option
	Blanks   [][]string
}

var typeNames = map[string]int32{
	"单选": TypeSingle, "单选题": TypeSingle, "1": TypeSingle,
	"多选": TypeMultiple, "多选题": TypeMultiple, "2": TypeMultiple,
	"判断": TypeJudge, "判断题": TypeJudge, "3": TypeJudge,
	"填空": TypeFill, "填空题": TypeFill, "4": TypeFill,
	"简答": TypeEssay, "简答题": TypeEssay, "问答题": TypeEssay, "5": TypeEssay,
}

var difficultyNames = map[string]int32{"": 1, "1": 1, "容易": 1, "简单": 1, "2": 2, "中等": 2, "一般": 2, "3": 3, "困难": 3, "难": 3}

var policyNames = map[string]int32{"": PolicyExact, "1": PolicyExact, "精确": PolicyExact, "精确匹配": PolicyExact,
	"2": PolicySynonym, "同义词": PolicySynonym, "同义词匹配": PolicySynonym}

// splitBlanks reads a fill-in answer: blanks separated by "|", the accepted
// answers of one blank by "/" (the first canonical).
func splitBlanks(s string) [][]string {
	var out [][]string
	for _, b := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == '｜' }) {
		out = append(out, strings.FieldsFunc(b, func(r rune) bool { return r == '/' || r == '／' }))
	}
	return out
}

// CheckImportRow checks one data row (sheet row number row) against the
// tenant's categories (name -> id) and returns the question or its errors.
func CheckImportRow(row int32, cells []string, cats map[string]int64) (*ImportRow, []ImportError) {
	cell := func(i int) string {
		if i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	var bad []ImportError
	fail := func(col int, err error) {
		bad = append(bad, ImportError{Row: row, Column: ImportColumns[col], Message: errs.Message(err)})
	}
	for i := range cells {
		if utf8.RuneCountInString(cells[i]) > maxCellLen {
			col := min(i, len(ImportColumns)-1)
			fail(col, errs.BadRequest("内容不能超过%d个字符", maxCellLen))
			return nil, bad
		}
	}
	out := &ImportRow{}
	q := &out.Question
	typ, ok := typeNames[cell(colType)]
	if !ok {
		if cell(colType) == "" {
			fail(colType, errs.BadRequest("请填写题型"))
		} else {
			fail(colType, errs.BadRequest("题型「%s」无效,只能是 单选题、多选题、判断题、填空题、简答题", cell(colType)))
		}
	}
	q.Type = typ
	if name := cell(colCategory); name == "" {
		fail(colCategory, errs.BadRequest("请填写分类"))
	} else if id, ok := cats[name]; !ok {
		fail(colCategory, errs.BadRequest("分类「%s」不存在,请先在题库分类中新建", name))
	} else {
		q.CategoryID = id
	}
	var err error
	if q.Content, err = valid.Text("题干", cell(colContent), 2000); err != nil {
		fail(colContent, err)
	}
	// Options: choice questions only, filled from A without gaps.
	if typ == TypeSingle || typ == TypeMultiple {
		gap := false
		for i := range 6 {
			text := cell(colOptionA + i)
			if text == "" {
				gap = true
				continue
			}
			if gap {
				fail(colOptionA+i, errs.BadRequest("选项请从A开始连续填写,不能跳空"))
				break
			}
			if utf8.RuneCountInString(text) > 500 {
				fail(colOptionA+i, errs.BadRequest("选项内容不能超过500个字符"))
			}
			out.Options = append(out.Options, Option{Key: string(rune('A' + i)), Text: text})
		}
		if len(out.Options) < 2 {
			fail(colOptionA, errs.BadRequest("选择题至少需要两个选项(选项A、选项B)"))
		}
	}
	// The answer, consistent with the type and the options.
	answer := cell(colAnswer)
	switch typ {
	case TypeSingle, TypeMultiple, TypeJudge:
		if len(out.Options) >= 2 || typ == TypeJudge {
			if q.Answer, err = NormalizeAnswer(typ, out.Options, answer, true); err != nil {
				fail(colAnswer, err)
			}
		}
	case TypeFill:
		if out.Blanks, err = NormalizeBlanks(splitBlanks(answer)); err != nil {
			fail(colAnswer, err)
		}
		p, ok := policyNames[cell(colPolicy)]
		if !ok {
			fail(colPolicy, errs.BadRequest("判分方式只能是 精确 或 同义词"))
		}
		q.Policy = p
	case TypeEssay:
		if q.Reference, err = valid.Optional("参考答案", answer, MaxEssayLen); err != nil {
			fail(colAnswer, err)
		}
	}
	d, ok := difficultyNames[cell(colDifficulty)]
	if !ok {
		fail(colDifficulty, errs.BadRequest("难度只能是 容易、中等、困难"))
	}
	q.Difficulty = d
	if q.Analysis, err = valid.Optional("答案解析", cell(colAnalysis), 2000); err != nil {
		fail(colAnalysis, err)
	}
	if q.Remark, err = valid.Optional("备注", cell(colRemark), 500); err != nil {
		fail(colRemark, err)
	}
	if len(bad) > 0 {
		return nil, bad
	}
	// The same rules as a question saved by hand.
	if err := NormalizeQuestion(q, out.Options, out.Blanks); err != nil {
		fail(colAnswer, err)
		return nil, bad
	}
	out.Options, out.Blanks = DecodeOptions(q.Options), DecodeBlanks(q.Blanks)
	return out, nil
}

func blankRow(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// CheckImport checks the rows of a sheet (the first is the header); blank
// rows are skipped. It returns the questions or every error found.
func CheckImport(rows [][]string, cats map[string]int64) ([]ImportRow, []ImportError, error) {
	if len(rows) == 0 {
		return nil, nil, errs.BadRequest("文件是空的,请使用导入模板")
	}
	head := rows[0]
	for i, h := range ImportColumns {
		if i >= len(head) || strings.TrimSpace(head[i]) != h {
			return nil, nil, errs.BadRequest("表头第%d列应为「%s」,请使用导入模板", i+1, h)
		}
	}
	var data int
	for _, r := range rows[1:] {
		if !blankRow(r) {
			data++
		}
	}
	if data == 0 {
		return nil, nil, errs.BadRequest("文件中没有试题")
	}
	if data > MaxImportRows {
		return nil, nil, errs.BadRequest("一次最多导入%d道试题,文件中有%d道", MaxImportRows, data)
	}
	var out []ImportRow
	var bad []ImportError
	for i, r := range rows[1:] {
		if blankRow(r) {
			continue
		}
		q, e := CheckImportRow(int32(i+2), r, cats)
		if len(e) > 0 {
			bad = append(bad, e...)
			continue
		}
		out = append(out, *q)
	}
	if len(bad) > 0 {
		return nil, bad, nil
	}
	return out, nil, nil
}

// ImportQuestions checks every row and, when all are right, saves them in
// one transaction; otherwise it saves nothing and returns the errors.
func (e *Education) ImportQuestions(ctx context.Context, rows [][]string) (int, []ImportError, error) {
	if _, err := ident.User(ctx); err != nil {
		return 0, nil, err
	}
	list, err := e.Categories.List(ctx, paging.Query{}, maxImportCats)
	if err != nil {
		return 0, nil, err
	}
	cats := make(map[string]int64, len(list))
	for _, c := range list {
		cats[strings.TrimSpace(c.Name)] = c.ID
	}
	qs, bad, err := CheckImport(rows, cats)
	if err != nil || len(bad) > 0 {
		return 0, bad, err
	}
	err = e.Tx.Tx(ctx, func(ctx context.Context) error {
		for i := range qs {
			if err := e.Questions.Create(ctx, &qs[i].Question); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	return len(qs), nil, nil
}

// ImportExamples are the example rows of the template.
var ImportExamples = [][]string{
	{"单选题", "特殊作业安全", "动火作业前,可燃气体检测合格后多长时间内必须开始动火?", "30分钟", "1小时", "2小时", "4小时", "", "", "A", "容易", "", "超过30分钟须重新检测。", ""},
	{"多选题", "特殊作业安全", "进入受限空间作业前应做到哪些?", "办理作业票", "通风置换", "气体检测", "单人进入", "", "", "A,B,C", "中等", "", "", ""},
	{"判断题", "特殊作业安全", "高处作业是指在坠落高度基准面2米及以上有可能坠落的高处进行的作业。", "", "", "", "", "", "", "正确", "容易", "", "", ""},
	{"填空题", "特殊作业安全", "安全生产方针是安全第一、____为主、综合治理。", "", "", "", "", "", "", "预防/预防为主", "容易", "同义词", "多个空用 | 分隔,同一空的可接受答案用 / 分隔。", ""},
	{"简答题", "特殊作业安全", "简述动火作业的主要安全措施。", "", "", "", "", "", "", "办理动火作业票、清除可燃物、气体检测合格、配备灭火器材、设专人监火。", "困难", "", "", ""},
}
