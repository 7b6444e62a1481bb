package biz

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

func encode(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// DecodeOptions reads a question's options.
func DecodeOptions(s string) []Option {
	var out []Option
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// TypeName names a question type.
func TypeName(t int32) string {
	switch t {
	case TypeSingle:
		return "单选题"
	case TypeMultiple:
		return "多选题"
	case TypeJudge:
		return "判断题"
	case TypeFill:
		return "填空题"
	case TypeEssay:
		return "简答题"
	}
	return ""
}

// NormalizeAnswer checks an answer against the question type and options
// and returns its canonical form ("A", "A,C", "T"); strict=false accepts an
// empty answer (a question not answered yet).
func NormalizeAnswer(typ int32, options []Option, answer string, strict bool) (string, error) {
	answer = strings.ToUpper(strings.TrimSpace(answer))
	if answer == "" {
		if strict {
			return "", errs.BadRequest("请填写正确答案")
		}
		return "", nil
	}
	switch typ {
	case TypeJudge:
		switch answer {
		case "T", "TRUE", "正确", "对":
			return "T", nil
		case "F", "FALSE", "错误", "错":
			return "F", nil
		}
		return "", errs.BadRequest("判断题答案只能是 T(正确) 或 F(错误)")
	case TypeSingle, TypeMultiple:
		keys := map[string]bool{}
		for _, o := range options {
			keys[o.Key] = true
		}
		var got []string
		for _, k := range strings.FieldsFunc(answer, func(r rune) bool { return r == ',' || r == ' ' || r == '，' }) {
			if len(k) != 1 || !keys[k] {
				return "", errs.BadRequest("答案 %s 不是本题的选项", k)
			}
			if !slices.Contains(got, k) {
				got = append(got, k)
			}
		}
		if len(got) == 0 {
			return "", errs.BadRequest("答案格式错误")
		}
		slices.Sort(got)
		if typ == TypeSingle && len(got) != 1 {
			return "", errs.BadRequest("单选题只能有一个答案")
		}
		if typ == TypeMultiple && strict && len(got) < 2 {
			return "", errs.BadRequest("多选题的正确答案至少两个选项")
		}
		return strings.Join(got, ","), nil
	}
	return "", errs.BadRequest(typeRule)
}

const typeRule = "题型只能是 1 单选、2 多选、3 判断、4 填空、5 简答"

// ValidType tells whether t is a question type.
func ValidType(t int32) bool { return t >= TypeSingle && t <= TypeEssay }

// Bounds of a fill-in question.
const (
	MaxBlanks   = 6
	MaxSynonyms = 5
	MaxBlankLen = 50
	MaxFillLen  = 100
	MaxEssayLen = 2000
)

// DecodeBlanks reads a fill-in question's blanks.
func DecodeBlanks(s string) [][]string {
	var out [][]string
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// NormalizeBlanks checks a fill-in question's blanks: 1-6 blanks, each with
// 1-5 distinct answers of up to 50 characters.
func NormalizeBlanks(blanks [][]string) ([][]string, error) {
	if len(blanks) == 0 {
		return nil, errs.BadRequest("填空题请至少设置一个空的答案")
	}
	if len(blanks) > MaxBlanks {
		return nil, errs.BadRequest("填空题最多 %d 个空", MaxBlanks)
	}
	out := make([][]string, 0, len(blanks))
	for i, b := range blanks {
		var answers []string
		for _, a := range b {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			if utf8.RuneCountInString(a) > MaxBlankLen {
				return nil, errs.BadRequest("第%d空的答案不能超过%d个字符", i+1, MaxBlankLen)
			}
			if !slices.ContainsFunc(answers, func(x string) bool { return strings.EqualFold(x, a) }) {
				answers = append(answers, a)
			}
		}
		if len(answers) == 0 {
			return nil, errs.BadRequest("请填写第%d空的答案", i+1)
		}
		if len(answers) > MaxSynonyms {
			return nil, errs.BadRequest("第%d空最多 %d 个可接受答案(含同义词)", i+1, MaxSynonyms)
		}
		out = append(out, answers)
	}
	return out, nil
}

// NormalizeQuestion validates a question in place.
func NormalizeQuestion(q *Question, options []Option, blanks [][]string) error {
	var err error
	if !ValidType(q.Type) {
		return errs.BadRequest(typeRule)
	}
	if q.Content, err = valid.Text("题干", q.Content, 2000); err != nil {
		return err
	}
	if q.Analysis, err = valid.Optional("答案解析", q.Analysis, 2000); err != nil {
		return err
	}
	if q.Remark, err = valid.Optional("备注", q.Remark, 500); err != nil {
		return err
	}
	if q.Difficulty == 0 {
		q.Difficulty = 1
	}
	if q.Difficulty < 1 || q.Difficulty > 3 {
		return errs.BadRequest("难度只能是 1 容易、2 中等、3 困难")
	}
	policy := q.Policy
	q.Blanks, q.Policy = "", 0
	if q.Type != TypeEssay {
		q.Reference = ""
	}
	switch q.Type {
	case TypeFill:
		if q.Policy = policy; q.Policy == 0 {
			q.Policy = PolicyExact
		}
		if q.Policy != PolicyExact && q.Policy != PolicySynonym {
			return errs.BadRequest("填空题判分方式只能是 1 精确匹配、2 同义词匹配")
		}
		if blanks, err = NormalizeBlanks(blanks); err != nil {
			return err
		}
		q.Blanks, q.Answer, q.Options = encode(blanks), "", "[]"
		return nil
	case TypeEssay:
		if q.Reference, err = valid.Optional("参考答案", q.Reference, MaxEssayLen); err != nil {
			return err
		}
		q.Answer, q.Options = "", "[]"
		return nil
	}
	if q.Type == TypeJudge {
		options = nil
	} else {
		if len(options) < 2 || len(options) > 6 {
			return errs.BadRequest("选择题需要 2 到 6 个选项")
		}
		for i := range options {
			options[i].Key = string(rune('A' + i))
			if options[i].Text, err = valid.Text("选项"+options[i].Key+"内容", options[i].Text, 500); err != nil {
				return err
			}
		}
	}
	if q.Answer, err = NormalizeAnswer(q.Type, options, q.Answer, true); err != nil {
		return err
	}
	if options == nil {
		options = []Option{}
	}
	q.Options = encode(options)
	return nil
}

// ---------------------------------------------------------------- categories

// CategoryPage lists the categories.
func (e *Education) CategoryPage(ctx context.Context, q paging.Query) (*paging.Page[Category], map[int64]int32, error) {
	p, err := e.Categories.Page(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, c := range p.Records {
		ids = append(ids, c.ID)
	}
	n, err := e.Q.CountByCategory(ctx, ids)
	return p, n, err
}

// SaveCategory creates or updates a category.
func (e *Education) SaveCategory(ctx context.Context, in *Category) (*Category, error) {
	var err error
	if in.Name, err = valid.Text("分类名称", in.Name, 100); err != nil {
		return nil, err
	}
	if in.Remark, err = valid.Optional("备注", in.Remark, 500); err != nil {
		return nil, err
	}
	dup, err := e.Categories.Exists(ctx, in.ID, "name = ?", in.Name)
	if err != nil {
		return nil, err
	}
	if dup {
		return nil, errs.Duplicate("分类名称已存在")
	}
	if in.ID > 0 {
		old, err := e.Categories.Get(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "分类"); err != nil {
			return nil, err
		}
		if err := e.Categories.Update(ctx, in.ID, in, "name", "sort", "remark"); err != nil {
			return nil, err
		}
		return e.Categories.Get(ctx, in.ID)
	}
	if err := e.Categories.Create(ctx, in); err != nil {
		return nil, err
	}
	return in, nil
}

// RemoveCategories deletes empty categories the caller may write.
func (e *Education) RemoveCategories(ctx context.Context, ids []int64) error {
	if err := mayWriteEach(ctx, e, e.Categories, ids, "分类", func(c *Category) int64 { return c.CreateUser }); err != nil {
		return err
	}
	used, err := e.Q.CategoryUsed(ctx, ids)
	if err != nil {
		return err
	}
	if used {
		return errs.Rule("IN_USE", "分类下还有试题,请先删除或移走试题")
	}
	return e.Categories.Remove(ctx, ids)
}

// ---------------------------------------------------------------- questions

// SaveQuestion creates or updates a question.
func (e *Education) SaveQuestion(ctx context.Context, in *Question, options []Option, blanks [][]string) (*Question, error) {
	if err := NormalizeQuestion(in, options, blanks); err != nil {
		return nil, err
	}
	if in.CategoryID <= 0 {
		return nil, errs.BadRequest("请选择试题分类")
	}
	if _, err := e.Categories.Get(ctx, in.CategoryID); err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.BadRequest("试题分类不存在")
		}
		return nil, err
	}
	if in.ID > 0 {
		old, err := e.Questions.Get(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "试题"); err != nil {
			return nil, err
		}
		// Attempts keep the question as drawn: an edit changes later draws only.
		if err := e.Questions.Update(ctx, in.ID, in, "category_id", "type", "content", "options", "answer", "analysis", "difficulty", "remark",
			"blanks", "policy", "reference"); err != nil {
			return nil, err
		}
		return e.Questions.Get(ctx, in.ID)
	}
	if err := e.Questions.Create(ctx, in); err != nil {
		return nil, err
	}
	return in, nil
}

// GetQuestion reads a question (the bank is for its managers: the route's button).
func (e *Education) GetQuestion(ctx context.Context, id int64) (*Question, error) {
	return e.Questions.Get(ctx, id)
}

// RemoveQuestions deletes questions the caller may write; papers that fix
// them refuse to start an attempt until edited.
func (e *Education) RemoveQuestions(ctx context.Context, ids []int64) error {
	if err := mayWriteEach(ctx, e, e.Questions, ids, "试题", func(q *Question) int64 { return q.CreateUser }); err != nil {
		return err
	}
	return e.Questions.Remove(ctx, ids)
}
