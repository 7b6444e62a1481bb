package biz

import (
	"strings"
	"testing"
)

var testCats = map[string]int64{"特殊作业安全": 7}

func row(typ, cat, content string, opts []string, answer, difficulty, policy string) []string {
	r := make([]string, len(ImportColumns))
	r[colType], r[colCategory], r[colContent] = typ, cat, content
	copy(r[colOptionA:colOptionA+6], opts)
	r[colAnswer], r[colDifficulty], r[colPolicy] = answer, difficulty, policy
	return r
}

func header() []string { return append([]string(nil), ImportColumns...) }

func TestImportExamplesAreValid(t *testing.T) {
	rows := append([][]string{header()}, ImportExamples...)
	qs, bad, err := CheckImport(rows, testCats)
	if err != nil || len(bad) > 0 || len(qs) != len(ImportExamples) {
		t.Fatalf("examples: %d questions, errors %v %v", len(qs), bad, err)
	}
	if qs[0].Question.Answer != "A" || qs[1].Question.Answer != "A,B,C" || qs[2].Question.Answer != "T" {
		t.Fatalf("answers %q %q %q", qs[0].Question.Answer, qs[1].Question.Answer, qs[2].Question.Answer)
	}
	if qs[3].Question.Policy != PolicySynonym || len(qs[3].Blanks) != 1 || len(qs[3].Blanks[0]) != 2 {
		t.Fatalf("fill-in %+v", qs[3])
	}
	if qs[4].Question.Reference == "" || qs[4].Question.Difficulty != 3 || qs[0].Question.CategoryID != 7 {
		t.Fatalf("essay %+v", qs[4].Question)
	}
}

func TestImportRowChecks(t *testing.T) {
	ab := []string{"甲", "乙"}
	cases := []struct {
		name   string
		cells  []string
		column string
		msg    string
	}{
		{"type missing", row("", "特殊作业安全", "题", ab, "A", "", ""), "题型", "请填写题型"},
		{"type unknown", row("连线题", "特殊作业安全", "题", ab, "A", "", ""), "题型", "无效"},
		{"category missing", row("单选题", "", "题", ab, "A", "", ""), "分类", "请填写分类"},
		{"category of no tenant", row("单选题", "别家分类", "题", ab, "A", "", ""), "分类", "不存在"},
		{"stem missing", row("单选题", "特殊作业安全", " ", ab, "A", "", ""), "题干", "请填写题干"},
		{"stem too long", row("单选题", "特殊作业安全", strings.Repeat("长", 2001), ab, "A", "", ""), "题干", "不能超过2000"},
		{"one option", row("单选题", "特殊作业安全", "题", []string{"甲"}, "A", "", ""), "选项A", "至少需要两个选项"},
		{"option gap", row("单选题", "特殊作业安全", "题", []string{"甲", "", "丙"}, "A", "", ""), "选项C", "不能跳空"},
		{"answer not an option", row("单选题", "特殊作业安全", "题", ab, "C", "", ""), "正确答案", "不是本题的选项"},
		{"single with two answers", row("单选题", "特殊作业安全", "题", ab, "A,B", "", ""), "正确答案", "只能有一个答案"},
		{"multiple with one answer", row("多选题", "特殊作业安全", "题", ab, "A", "", ""), "正确答案", "至少两个"},
		{"answer missing", row("单选题", "特殊作业安全", "题", ab, "", "", ""), "正确答案", "请填写正确答案"},
		{"judge answer", row("判断题", "特殊作业安全", "题", nil, "也许", "", ""), "正确答案", "判断题答案"},
		{"fill-in without blanks", row("填空题", "特殊作业安全", "题", nil, "", "", ""), "正确答案", "至少设置一个空"},
		{"fill-in too many synonyms", row("填空题", "特殊作业安全", "题", nil, "a/b/c/d/e/f", "", ""), "正确答案", "最多 5 个"},
		{"fill-in policy", row("填空题", "特殊作业安全", "题", nil, "a", "", "模糊"), "判分方式", "判分方式"},
		{"difficulty", row("单选题", "特殊作业安全", "题", ab, "A", "极难", ""), "难度", "难度只能是"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, bad := CheckImportRow(5, c.cells, testCats)
			if q != nil || len(bad) == 0 {
				t.Fatalf("accepted: %+v", q)
			}
			if bad[0].Row != 5 || bad[0].Column != c.column || !strings.Contains(bad[0].Message, c.msg) {
				t.Fatalf("got %+v, want column %s message with %q", bad[0], c.column, c.msg)
			}
		})
	}
}

func TestImportRowBoundariesAccepted(t *testing.T) {
	six := []string{"1", "2", "3", "4", "5", "6"}
	for name, cells := range map[string][]string{
		"six options":      row("多选题", "特殊作业安全", "题", six, "F, a", "", ""),
		"stem of 2000":     row("单选题", "特殊作业安全", strings.Repeat("长", 2000), []string{"甲", "乙"}, "b", "2", ""),
		"judge by letter":  row("判断", "特殊作业安全", "题", nil, "F", "困难", ""),
		"fill two blanks":  row("填空题", "特殊作业安全", "题", nil, "a/b|c", "", "精确"),
		"essay no answer":  row("简答题", "特殊作业安全", "题", nil, "", "", ""),
		"type as a number": row("1", "特殊作业安全", "题", []string{"甲", "乙"}, "A", "1", ""),
	} {
		if q, bad := CheckImportRow(2, cells, testCats); q == nil || len(bad) > 0 {
			t.Errorf("%s refused: %+v", name, bad)
		}
	}
}

func TestImportFileChecks(t *testing.T) {
	good := row("判断题", "特殊作业安全", "题", nil, "T", "", "")
	badRow := row("判断题", "无此分类", "题", nil, "T", "", "")
	// One wrong row: nothing returned to save, the row named (sheet row 4: header, good, blank, bad).
	qs, bad, err := CheckImport([][]string{header(), good, {"", " "}, badRow, good}, testCats)
	if err != nil || qs != nil || len(bad) != 1 || bad[0].Row != 4 || bad[0].Column != "分类" {
		t.Fatalf("got %v %+v %v", qs, bad, err)
	}
	if _, _, err := CheckImport([][]string{{"题目", "类型"}, good}, testCats); err == nil {
		t.Fatal("wrong header accepted")
	}
	if _, _, err := CheckImport([][]string{header()}, testCats); err == nil {
		t.Fatal("empty file accepted")
	}
	rows := [][]string{header()}
	for range MaxImportRows {
		rows = append(rows, good)
	}
	if qs, bad, err := CheckImport(rows, testCats); err != nil || len(bad) > 0 || len(qs) != MaxImportRows {
		t.Fatalf("%d rows refused: %v", MaxImportRows, err)
	}
	if _, _, err := CheckImport(append(rows, good), testCats); err == nil || !strings.Contains(err.Error(), "最多导入2000") {
		t.Fatalf("%d rows accepted: %v", MaxImportRows+1, err)
	}
}
