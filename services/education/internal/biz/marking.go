package biz

import (
	"context"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// fold prepares a fill-in text for the synonym policy: surrounding spaces
// and letter case do not count, nor do full-width ASCII forms (Ａ = A).
func fold(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\u3000':
			return ' '
		case r >= '\uFF01' && r <= '\uFF5E':
			return r - 0xFEE0
		}
		return r
	}, s)
	return strings.ToLower(strings.TrimSpace(s))
}

// FillRight counts the blanks answered right: the exact policy accepts the
// canonical (first) answer only, spaces around it aside; the synonym policy
// any listed answer, case and full-width forms aside too.
func FillRight(blanks [][]string, policy int32, fills []string) int {
	n := 0
	for i, b := range blanks {
		if i >= len(fills) || len(b) == 0 {
			continue
		}
		g := strings.TrimSpace(fills[i])
		if g == "" {
			continue
		}
		if policy == PolicySynonym {
			for _, a := range b {
				if fold(a) == fold(g) {
					n++
					break
				}
			}
		} else if g == strings.TrimSpace(b[0]) {
			n++
		}
	}
	return n
}

// FillGot is a fill-in question's points: its score shared by the blanks,
// rounded down; all blanks right score it whole.
func FillGot(score int32, blanks, right int) int32 {
	if blanks <= 0 || right <= 0 {
		return 0
	}
	if right >= blanks {
		return score
	}
	return score * int32(right) / int32(blanks)
}

// ItemGot is the points of a handed-in item: choice and true/false when
// the answer is exactly the key, fill-in by its policy, an essay as marked.
func ItemGot(it *Item) int32 {
	switch it.Type {
	case TypeEssay:
		if it.Marked {
			return min(max(it.Got, 0), it.Score)
		}
		return 0
	case TypeFill:
		return FillGot(it.Score, len(it.Blanks), FillRight(it.Blanks, it.Policy, it.Fills))
	}
	if it.Given != "" && it.Given == it.Answer {
		return it.Score
	}
	return 0
}

// ItemCorrect tells whether an item scored in full.
func ItemCorrect(it *Item) bool {
	if it.Type == TypeEssay && !it.Marked {
		return false
	}
	return it.Score > 0 && ItemGot(it) == it.Score
}

// Pending tells whether essays of an attempt are still to mark.
func Pending(items []Item) bool {
	for i := range items {
		if items[i].Type == TypeEssay && !items[i].Marked {
			return true
		}
	}
	return false
}

// Mark is a marker's points for one essay of an attempt.
type Mark struct {
	QuestionID int64
	Got        int32
	Comment    string
}

// ApplyMarks writes marks into the essays of an attempt: each within 0 and
// the question's score.
func ApplyMarks(items []Item, marks []Mark) error {
	if len(marks) == 0 {
		return errs.BadRequest("请给出评分")
	}
	for _, m := range marks {
		i := -1
		for j := range items {
			if items[j].QuestionID == m.QuestionID {
				i = j
				break
			}
		}
		if i < 0 {
			return errs.BadRequest("试题不在本次考试中(id %d)", m.QuestionID)
		}
		if items[i].Type != TypeEssay {
			return errs.BadRequest("第%d题不是简答题,已自动判分", i+1)
		}
		if m.Got < 0 || m.Got > items[i].Score {
			return errs.BadRequest("第%d题的得分应在 0 到 %d 之间", i+1, items[i].Score)
		}
		c := strings.TrimSpace(m.Comment)
		if utf8.RuneCountInString(c) > 500 {
			return errs.BadRequest("评语不能超过500个字符")
		}
		items[i].Got, items[i].Comment, items[i].Marked = m.Got, c, true
	}
	return nil
}

// needManager refuses callers who do not manage the tenant's training.
func (e *Education) needManager(ctx context.Context) error {
	m, err := e.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return errs.Forbidden("只有安全管理员可以阅卷")
	}
	return nil
}

// MarkingPage lists handed-in attempts for marking (pending 待阅卷 and marked).
func (e *Education) MarkingPage(ctx context.Context, q paging.Query) (*paging.Page[Record], error) {
	if err := e.needManager(ctx); err != nil {
		return nil, err
	}
	if err := e.Settle(ctx); err != nil {
		return nil, err
	}
	return e.Records.PageWhere(ctx, q, func(tx *gorm.DB) *gorm.DB {
		return tx.Where("state IN ?", []int32{StateSubmitted, StatePending})
	})
}

// MarkQuestion is an essay question of an exam with its marking progress.
type MarkQuestion struct {
	Item
	Pending, Done int32
}

// MarkedAnswer is one candidate's answer to one question.
type MarkedAnswer struct {
	Record *Record
	Item   Item
}

// handedIn reads the handed-in attempts of an exam (a manager's).
func (e *Education) handedIn(ctx context.Context, examID int64) ([]Record, error) {
	if err := e.needManager(ctx); err != nil {
		return nil, err
	}
	if examID <= 0 {
		return nil, errs.BadRequest("请选择考试")
	}
	if _, err := e.Exams.Get(ctx, examID); err != nil {
		return nil, err
	}
	return e.Q.HandedIn(ctx, examID)
}

// MarkingQuestions lists the essay questions of an exam's handed-in
// attempts, in the order first met, with pending and marked counts.
func (e *Education) MarkingQuestions(ctx context.Context, examID int64) ([]MarkQuestion, error) {
	rs, err := e.handedIn(ctx, examID)
	if err != nil {
		return nil, err
	}
	var out []MarkQuestion
	at := map[int64]int{}
	for i := range rs {
		for _, it := range DecodeItems(&rs[i]) {
			if it.Type != TypeEssay {
				continue
			}
			k, ok := at[it.QuestionID]
			if !ok {
				k = len(out)
				at[it.QuestionID] = k
				out = append(out, MarkQuestion{Item: it})
			}
			if it.Marked {
				out[k].Done++
			} else {
				out[k].Pending++
			}
		}
	}
	return out, nil
}

// MarkingAnswers lists every handed-in answer to one question of an exam.
func (e *Education) MarkingAnswers(ctx context.Context, examID, questionID int64) ([]MarkedAnswer, error) {
	rs, err := e.handedIn(ctx, examID)
	if err != nil {
		return nil, err
	}
	var out []MarkedAnswer
	for i := range rs {
		for _, it := range DecodeItems(&rs[i]) {
			if it.QuestionID == questionID {
				out = append(out, MarkedAnswer{Record: &rs[i], Item: it})
			}
		}
	}
	return out, nil
}

// MarkAttempt records a manager's marks on the essays of a pending attempt;
// when none is left the attempt is concluded (score, pass, certificate).
func (e *Education) MarkAttempt(ctx context.Context, id int64, marks []Mark) (*Record, error) {
	if err := e.needManager(ctx); err != nil {
		return nil, err
	}
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	for try := 0; try < 3; try++ {
		r, err := e.Records.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if r.UserID == me.UserID {
			return nil, errs.Forbidden("不能批阅自己的试卷")
		}
		switch r.State {
		case StatePending:
		case StateSubmitted:
			return nil, errs.Rule("MARKED", "该试卷已阅完,成绩已确定")
		default:
			return nil, errs.Rule("NOT_SUBMITTED", "考生尚未交卷,不能阅卷")
		}
		items := DecodeItems(r)
		if err := ApplyMarks(items, marks); err != nil {
			return nil, err
		}
		var done bool
		if Pending(items) {
			done, err = e.Q.SetRecord(ctx, r.ID, StatePending, map[string]any{"items": encode(items), "score": Score(items)}, r.Items)
		} else {
			done, err = e.conclude(ctx, r, items, StatePending, e.Now(), map[string]any{})
		}
		if err != nil {
			return nil, err
		}
		if done {
			e.Records.Changed()
			return e.Records.Get(ctx, r.ID)
		}
	}
	return nil, errs.Rule("CONFLICT", "试卷正被他人批阅,请刷新后重试")
}
