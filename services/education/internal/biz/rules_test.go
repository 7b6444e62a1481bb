package biz

import "testing"

func TestNormalizeAnswer(t *testing.T) {
	opts := []Option{{"A", "甲"}, {"B", "乙"}, {"C", "丙"}}
	cases := []struct {
		typ    int32
		in     string
		strict bool
		want   string
		bad    bool
	}{
		{TypeSingle, "b", true, "B", false},
		{TypeSingle, "A,B", true, "", true},
		{TypeSingle, "D", true, "", true},
		{TypeMultiple, "C, A", true, "A,C", false},
		{TypeMultiple, "C，A,A", true, "A,C", false},
		{TypeMultiple, "A", true, "", true},
		{TypeMultiple, "A", false, "A", false},
		{TypeJudge, "正确", true, "T", false},
		{TypeJudge, "f", true, "F", false},
		{TypeJudge, "X", true, "", true},
		{TypeSingle, "", false, "", false},
		{TypeSingle, "", true, "", true},
		{9, "A", true, "", true},
	}
	for _, c := range cases {
		got, err := NormalizeAnswer(c.typ, opts, c.in, c.strict)
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("NormalizeAnswer(%d, %q, %v) = %q, %v; want %q, bad=%v", c.typ, c.in, c.strict, got, err, c.want, c.bad)
		}
	}
}

func TestScore(t *testing.T) {
	items := []Item{
		{Score: 10, Answer: "A", Given: "A"},
		{Score: 10, Answer: "A,C", Given: "A"},
		{Score: 5, Answer: "T", Given: "T"},
		{Score: 5, Answer: "F", Given: ""},
	}
	if s := Score(items); s != 15 {
		t.Fatalf("score %d, want 15 (a partly right multiple choice scores nothing)", s)
	}
}

func TestNormalizeQuestion(t *testing.T) {
	q := &Question{Type: TypeJudge, Content: " 判断 ", Answer: "对"}
	if err := NormalizeQuestion(q, []Option{{"", "x"}}, nil); err != nil || q.Options != "[]" || q.Answer != "T" || q.Content != "判断" || q.Difficulty != 1 {
		t.Fatalf("judge: %+v %v", q, err)
	}
	q = &Question{Type: TypeSingle, Content: "单选", Answer: "B"}
	if err := NormalizeQuestion(q, []Option{{"", "甲"}, {"", "乙"}}, nil); err != nil || q.Options != `[{"key":"A","text":"甲"},{"key":"B","text":"乙"}]` {
		t.Fatalf("single: %+v %v", q, err)
	}
	if err := NormalizeQuestion(&Question{Type: TypeSingle, Content: "单选", Answer: "A"}, []Option{{"", "甲"}}, nil); err == nil {
		t.Fatal("one option accepted")
	}
}
