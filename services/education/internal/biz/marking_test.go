package biz

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFillRight(t *testing.T) {
	blanks := [][]string{{"通风", "强制通风"}, {"检测", "Gas Test"}}
	cases := []struct {
		policy int32
		fills  []string
		want   int
	}{
		{PolicyExact, []string{"通风", "检测"}, 2},
		{PolicyExact, []string{" 通风 ", "检测"}, 2},         // spaces around do not count
		{PolicyExact, []string{"强制通风", "检测"}, 1},         // a synonym is wrong under the exact policy
		{PolicyExact, []string{"通风"}, 1},                 // a blank left out
		{PolicyExact, []string{"", ""}, 0},               // nothing given
		{PolicyExact, nil, 0},                            // nothing at all
		{PolicySynonym, []string{"强制通风", "gas test"}, 2}, // any listed answer, case aside
		{PolicySynonym, []string{"强制通风", "ＧＡＳ　ＴＥＳＴ"}, 2}, // full-width forms aside
		{PolicySynonym, []string{"通 风", "检测"}, 1},        // inner spaces count
		{PolicySynonym, []string{"检测", "通风"}, 0},         // each blank in its place
		{PolicySynonym, []string{"通风", "检测", "多余"}, 2},   // extra text ignored
	}
	for _, c := range cases {
		if got := FillRight(blanks, c.policy, c.fills); got != c.want {
			t.Errorf("FillRight(%d, %q) = %d, want %d", c.policy, c.fills, got, c.want)
		}
	}
}

func TestFillGot(t *testing.T) {
	cases := []struct {
		score         int32
		blanks, right int
		want          int32
	}{
		{10, 2, 2, 10}, {10, 2, 1, 5}, {10, 3, 1, 3}, {10, 3, 2, 6}, {10, 3, 3, 10}, {10, 2, 0, 0}, {10, 0, 0, 0}, {1, 2, 1, 0},
	}
	for _, c := range cases {
		if got := FillGot(c.score, c.blanks, c.right); got != c.want {
			t.Errorf("FillGot(%d, %d, %d) = %d, want %d", c.score, c.blanks, c.right, got, c.want)
		}
	}
}

func TestScoreWithEssays(t *testing.T) {
	items := []Item{
		{Type: TypeSingle, Score: 10, Answer: "A", Given: "A"},
		{Type: TypeFill, Score: 10, Blanks: [][]string{{"a"}, {"b"}}, Policy: PolicyExact, Fills: []string{"a", "x"}},
		{Type: TypeEssay, Score: 20, Given: "回答", Got: 15},
	}
	if s := Score(items); s != 15 || !Pending(items) {
		t.Fatalf("before marking: %d pending=%v, want 15 and pending (an unmarked essay counts nothing)", s, Pending(items))
	}
	if err := ApplyMarks(items, []Mark{{QuestionID: 0, Got: 21}}); err == nil {
		t.Fatal("a mark above the score accepted")
	}
	if err := ApplyMarks(items, []Mark{{QuestionID: 0, Got: -1}}); err == nil {
		t.Fatal("a negative mark accepted")
	}
	items[0].QuestionID, items[1].QuestionID, items[2].QuestionID = 1, 2, 3
	if err := ApplyMarks(items, []Mark{{QuestionID: 2, Got: 5}}); err == nil {
		t.Fatal("a fill-in marked by hand")
	}
	if err := ApplyMarks(items, []Mark{{QuestionID: 3, Got: 20, Comment: " 好 "}}); err != nil {
		t.Fatal(err)
	}
	if s := Score(items); s != 35 || Pending(items) || !ItemCorrect(&items[2]) || items[2].Comment != "好" {
		t.Fatalf("after marking: %d pending=%v %+v", s, Pending(items), items[2])
	}
	if err := ApplyMarks(items, []Mark{{QuestionID: 3, Got: 0}}); err != nil || Score(items) != 15 {
		t.Fatalf("zero is a mark: %v %d", err, Score(items))
	}
}

func TestNormalizeFillAndEssay(t *testing.T) {
	q := &Question{Type: TypeFill, Content: "先__后__", Answer: "x", Policy: 0}
	if err := NormalizeQuestion(q, nil, [][]string{{" 通风 ", "通风", "强制通风"}, {"检测"}}); err != nil || q.Blanks != `[["通风","强制通风"],["检测"]]` || q.Policy != PolicyExact || q.Answer != "" {
		t.Fatalf("fill: %+v %v", q, err)
	}
	for _, b := range [][][]string{nil, {{" "}}, {{"1"}, {"2"}, {"3"}, {"4"}, {"5"}, {"6"}, {"7"}}, {{"a", "b", "c", "d", "e", "f"}}} {
		if err := NormalizeQuestion(&Question{Type: TypeFill, Content: "x"}, nil, b); err == nil {
			t.Errorf("blanks %q accepted", b)
		}
	}
	if err := NormalizeQuestion(&Question{Type: TypeFill, Content: "x", Policy: 3}, nil, [][]string{{"a"}}); err == nil {
		t.Error("policy 3 accepted")
	}
	q = &Question{Type: TypeEssay, Content: "简述", Reference: " 要点 "}
	if err := NormalizeQuestion(q, []Option{{"", "x"}}, [][]string{{"a"}}); err != nil || q.Reference != "要点" || q.Options != "[]" || q.Blanks != "" {
		t.Fatalf("essay: %+v %v", q, err)
	}
}

func TestApplyAnswers(t *testing.T) {
	items := []Item{{QuestionID: 1, Type: TypeFill, Blanks: [][]string{{"a"}, {"b"}}}, {QuestionID: 2, Type: TypeEssay}}
	if err := apply(items, []Answer{{QuestionID: 1, Fills: []string{"a", "b", "c"}}}); err == nil {
		t.Fatal("three fills for two blanks accepted")
	}
	if err := apply(items, []Answer{{QuestionID: 1, Fills: []string{" a "}}, {QuestionID: 2, Given: " 答 "}}); err != nil || items[0].Fills[0] != "a" || items[1].Given != "答" {
		t.Fatalf("apply: %+v %v", items, err)
	}
	if !Answered(&items[0]) || !Answered(&items[1]) || Answered(&Item{Type: TypeFill, Fills: []string{""}}) {
		t.Fatal("answered")
	}
}

func shuffleItems() []Item {
	var out []Item
	for i := int64(1); i <= 8; i++ {
		out = append(out, Item{QuestionID: i, Type: TypeMultiple, Options: []Option{{"A", "甲"}, {"B", "乙"}, {"C", "丙"}, {"D", "丁"}}, Answer: "A,C"})
	}
	return append(out, Item{QuestionID: 9, Type: TypeJudge, Answer: "T"}, Item{QuestionID: 10, Type: TypeFill, Blanks: [][]string{{"x"}}})
}

func order(items []Item) string {
	s := ""
	for _, it := range items {
		s += fmt.Sprint(it.QuestionID, ":")
		for _, o := range it.Options {
			s += o.Key + o.Text
		}
		s += "=" + it.Answer + ";"
	}
	return s
}

func TestShuffle(t *testing.T) {
	a, b := shuffleItems(), shuffleItems()
	Shuffle(a, 7, 100, true, true)
	Shuffle(b, 7, 100, true, true)
	if order(a) != order(b) {
		t.Fatal("the same exam and person got two orders")
	}
	c := shuffleItems()
	Shuffle(c, 7, 101, true, true)
	if order(a) == order(c) {
		t.Fatal("two people got the same order")
	}
	if order(a) == order(shuffleItems()) {
		t.Fatal("nothing shuffled")
	}
	// The key follows its options: the texts of the right answers stay 甲 and 丙.
	for _, it := range a {
		if it.Type != TypeMultiple {
			continue
		}
		var right []string
		for _, k := range strings.Split(it.Answer, ",") {
			for _, o := range it.Options {
				if o.Key == k {
					right = append(right, o.Text)
				}
			}
		}
		slices.Sort(right)
		if strings.Join(right, "") != "丙甲" && strings.Join(right, "") != "甲丙" || len(right) != 2 {
			t.Fatalf("key %s of %v", it.Answer, it.Options)
		}
		for k, o := range it.Options {
			if o.Key != string(rune('A'+k)) {
				t.Fatalf("options not relabelled: %v", it.Options)
			}
		}
	}
	// Off: untouched.
	d := shuffleItems()
	Shuffle(d, 7, 100, false, false)
	if order(d) != order(shuffleItems()) {
		t.Fatal("shuffled while off")
	}
}

func TestCanRetake(t *testing.T) {
	now := time.Now()
	base := Record{State: StateSubmitted, Attempt: 1, MaxAttempts: 2, ExamEnd: now.Add(time.Hour)}
	cases := []struct {
		edit   func(*Record)
		latest int32
		want   string
	}{
		{func(*Record) {}, 1, ""},
		{func(r *Record) { r.Passed = true }, 1, "无需重考"},
		{func(r *Record) { r.State = StatePending }, 1, "已阅完"},
		{func(r *Record) { r.State = StateInProgress }, 1, "已阅完"},
		{func(r *Record) { r.Attempt = 2 }, 2, "次数已用完"},
		{func(*Record) {}, 2, "最近一次"},
		{func(r *Record) { r.ExamEnd = now }, 1, "考试已结束"},
		{func(r *Record) { r.MaxAttempts = 1 }, 1, "次数已用完"},
	}
	for i, c := range cases {
		r := base
		c.edit(&r)
		got := CanRetake(&r, c.latest, now)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("case %d: %q, want %q", i, got, c.want)
		}
	}
}
