package biz

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// DecodeItems reads an attempt's drawn questions.
func DecodeItems(r *Record) []Item {
	var out []Item
	_ = json.Unmarshal([]byte(r.Items), &out)
	return out
}

// Marked tells whether the right answers may be shown: after hand-in.
func Marked(r *Record) bool { return r.State == StateSubmitted }

// RecordPage lists attempts: a manager sees the tenant's, anyone else only
// their own (mine=true: always only the caller's).
func (e *Education) RecordPage(ctx context.Context, q paging.Query, mine bool) (*paging.Page[Record], error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if !mine {
		m, err := e.Manager(ctx)
		if err != nil {
			return nil, err
		}
		mine = !m
	}
	if err := e.Settle(ctx); err != nil {
		return nil, err
	}
	if mine {
		return e.Records.PageWhere(ctx, q, ownRows(me.UserID))
	}
	return e.Records.Page(ctx, q)
}

// EachRecord walks the attempts matching q for an export: a manager the
// tenant's, anyone else only their own.
func (e *Education) EachRecord(ctx context.Context, q paging.Query, max int, fn func(Record) error) error {
	me, err := ident.User(ctx)
	if err != nil {
		return err
	}
	m, err := e.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return e.Records.EachWhere(ctx, q, max, fn, ownRows(me.UserID))
	}
	return e.Records.Each(ctx, q, max, fn)
}

// ownRows keeps the rows of one person.
func ownRows(userID int64) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB { return tx.Where("user_id = ?", userID) }
}

// Settle hands in the caller's tenant's attempts past their deadline, so a
// list never shows an attempt in progress whose time is over.
func (e *Education) Settle(ctx context.Context) error {
	rs, err := e.Q.Expired(ctx, e.Now(), 200)
	if err != nil {
		return err
	}
	for i := range rs {
		if _, err := e.finish(ctx, &rs[i], nil, true); err != nil {
			return err
		}
	}
	return nil
}

// GetRecord reads an attempt of the caller or, for a manager, any attempt
// of the tenant; an attempt past its deadline is handed in first.
func (e *Education) GetRecord(ctx context.Context, id int64) (*Record, error) {
	r, err := e.Records.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if r.UserID != me.UserID {
		m, err := e.Manager(ctx)
		if err != nil {
			return nil, err
		}
		if !m {
			return nil, errs.Forbidden("只能查看自己的考试")
		}
	}
	return e.expire(ctx, r)
}

// expire hands in an attempt in progress whose time is over.
func (e *Education) expire(ctx context.Context, r *Record) (*Record, error) {
	if r.State == StateInProgress && r.Deadline != nil && !e.Now().Before(*r.Deadline) {
		return e.finish(ctx, r, nil, true)
	}
	return r, nil
}

// own reads an attempt the caller takes: only their own.
func (e *Education) own(ctx context.Context, id int64) (*Record, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	r, err := e.Records.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.UserID != me.UserID {
		return nil, errs.Forbidden("只能参加本人的考试")
	}
	return r, nil
}

// Start begins (or resumes) the caller's attempt: questions are drawn once
// (a random paper reproducibly per attempt) and the deadline is the start
// plus the paper's duration, never later than the exam's end.
func (e *Education) Start(ctx context.Context, id int64) (*Record, error) {
	r, err := e.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if r, err = e.expire(ctx, r); err != nil {
		return nil, err
	}
	now := e.Now()
	switch r.State {
	case StateInProgress, StateSubmitted, StatePending:
		return r, nil
	case StateMissed:
		return nil, errs.Rule("EXAM_OVER", "考试已结束,您未参加")
	}
	if now.Before(r.ExamStart) {
		return nil, errs.Rule("NOT_OPEN", "考试尚未开始,开始时间 %s", timefmt.Format(r.ExamStart))
	}
	if !now.Before(r.ExamEnd) {
		if _, err := e.Q.SetRecord(ctx, r.ID, StateNotStarted, map[string]any{"state": StateMissed}, ""); err != nil {
			return nil, err
		}
		e.Records.Changed()
		return nil, errs.Rule("EXAM_OVER", "考试已结束")
	}
	x, err := e.Exams.Get(ctx, r.ExamID)
	if err != nil {
		return nil, err
	}
	paper, err := e.Papers.Get(ctx, x.PaperID)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.Rule("NO_PAPER", "考试的试卷已被删除,请联系管理员")
		}
		return nil, err
	}
	items, err := e.draw(ctx, paper, r.ID)
	if err != nil {
		return nil, err
	}
	Shuffle(items, r.ExamID, r.UserID, x.ShuffleQuestions, x.ShuffleOptions)
	var total int32
	for _, it := range items {
		total += it.Score
	}
	deadline := now.Add(time.Duration(paper.Duration) * time.Minute)
	if deadline.After(r.ExamEnd) {
		deadline = r.ExamEnd
	}
	if _, err := e.Q.SetRecord(ctx, r.ID, StateNotStarted, map[string]any{"state": StateInProgress, "started_at": now, "deadline": deadline,
		"items": encode(items), "total_score": total, "pass_score": min(paper.PassScore, total), "duration": paper.Duration}, ""); err != nil {
		return nil, err
	}
	e.Records.Changed()
	// A concurrent start of the same attempt drew first: either way the stored one counts.
	return e.Records.Get(ctx, r.ID)
}

// draw picks an attempt's questions.
func (e *Education) draw(ctx context.Context, p *Paper, seed int64) ([]Item, error) {
	var out []Item
	if p.Mode == ModeFixed {
		fixed := DecodeFixed(p)
		byID, err := e.FixedQuestions(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, f := range fixed {
			q, ok := byID[f.QuestionID]
			if !ok {
				return nil, errs.Rule("NO_QUESTION", "试卷中的试题已被删除,请联系管理员修改试卷")
			}
			out = append(out, item(&q, f.Score))
		}
		return out, nil
	}
	taken := map[int64]bool{}
	for i, rule := range DecodeRules(p) {
		ids, err := e.Q.Candidates(ctx, rule.CategoryID, rule.Type)
		if err != nil {
			return nil, err
		}
		slices.Sort(ids)
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(i+1))) //nolint:gosec // G404: a reproducible draw per attempt, not a secret
		rng.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
		var pick []int64
		for _, id := range ids {
			if len(pick) == int(rule.Count) {
				break
			}
			if !taken[id] {
				taken[id] = true
				pick = append(pick, id)
			}
		}
		if len(pick) < int(rule.Count) {
			return nil, errs.Rule("NOT_ENOUGH", "题库试题不足,无法按规则抽题,请联系管理员")
		}
		qs, err := e.Q.Questions(ctx, pick)
		if err != nil {
			return nil, err
		}
		byID := map[int64]*Question{}
		for j := range qs {
			byID[qs[j].ID] = &qs[j]
		}
		for _, id := range pick {
			if q := byID[id]; q != nil {
				out = append(out, item(q, rule.Score))
			}
		}
	}
	return out, nil
}

func item(q *Question, score int32) Item {
	opts := DecodeOptions(q.Options)
	if opts == nil {
		opts = []Option{}
	}
	it := Item{QuestionID: q.ID, Type: q.Type, Content: q.Content, Options: opts, Score: score, Answer: q.Answer, Analysis: q.Analysis}
	switch q.Type {
	case TypeFill:
		it.Blanks, it.Policy = DecodeBlanks(q.Blanks), q.Policy
	case TypeEssay:
		it.Reference = q.Reference
	}
	return it
}

// Answer is a candidate's answer to one question.
type Answer struct {
	QuestionID int64
	Given      string
	// Fill-in: the text per blank.
	Fills []string
}

// apply writes answers into items (each checked against its question).
func apply(items []Item, answers []Answer) error {
	for _, a := range answers {
		i := slices.IndexFunc(items, func(it Item) bool { return it.QuestionID == a.QuestionID })
		if i < 0 {
			return errs.BadRequest("试题不在本次考试中(id %d)", a.QuestionID)
		}
		switch items[i].Type {
		case TypeFill:
			if len(a.Fills) > len(items[i].Blanks) {
				return errs.BadRequest("第%d题只有 %d 个空", i+1, len(items[i].Blanks))
			}
			fills := make([]string, len(a.Fills))
			for k, f := range a.Fills {
				fills[k] = strings.TrimSpace(f)
				if utf8.RuneCountInString(fills[k]) > MaxFillLen {
					return errs.BadRequest("第%d题每空不能超过%d个字符", i+1, MaxFillLen)
				}
			}
			items[i].Fills = fills
		case TypeEssay:
			g := strings.TrimSpace(a.Given)
			if utf8.RuneCountInString(g) > MaxEssayLen {
				return errs.BadRequest("第%d题的回答不能超过%d个字符", i+1, MaxEssayLen)
			}
			items[i].Given = g
		default:
			g, err := NormalizeAnswer(items[i].Type, items[i].Options, a.Given, false)
			if err != nil {
				return err
			}
			items[i].Given = g
		}
	}
	return nil
}

// Answered tells whether the candidate answered an item.
func Answered(it *Item) bool {
	if it.Type == TypeFill {
		for _, f := range it.Fills {
			if f != "" {
				return true
			}
		}
		return false
	}
	return it.Given != ""
}

// SaveAnswers stores answers of the caller's attempt in progress (a reload
// or a lost connection loses nothing saved).
func (e *Education) SaveAnswers(ctx context.Context, id int64, answers []Answer) (*Record, error) {
	for try := 0; try < 3; try++ {
		r, err := e.own(ctx, id)
		if err != nil {
			return nil, err
		}
		if r, err = e.expire(ctx, r); err != nil {
			return nil, err
		}
		if r.State == StateSubmitted || r.State == StatePending {
			return nil, errs.Rule("SUBMITTED", "考试时间已到或已交卷,答案不能再修改")
		}
		if r.State != StateInProgress {
			return nil, errs.Rule("NOT_STARTED", "请先开始考试")
		}
		items := DecodeItems(r)
		if err := apply(items, answers); err != nil {
			return nil, err
		}
		done, err := e.Q.SetRecord(ctx, r.ID, StateInProgress, map[string]any{"items": encode(items)}, r.Items)
		if err != nil {
			return nil, err
		}
		if done {
			return e.Records.Get(ctx, r.ID)
		}
	}
	return nil, errs.Rule("CONFLICT", "答案保存冲突,请重试")
}

// Submit hands in the caller's attempt with its last answers and marks it.
func (e *Education) Submit(ctx context.Context, id int64, answers []Answer) (*Record, error) {
	r, err := e.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if r, err = e.expire(ctx, r); err != nil {
		return nil, err
	}
	switch r.State {
	case StateSubmitted, StatePending:
		return nil, errs.Rule("SUBMITTED", "已交卷,不能重复提交")
	case StateInProgress:
	default:
		return nil, errs.Rule("NOT_STARTED", "请先开始考试")
	}
	return e.finish(ctx, r, answers, false)
}

// Score sums the points of items: choice and true/false only when the
// answer is exactly the key, fill-in by its policy, essays as marked.
func Score(items []Item) int32 {
	var s int32
	for i := range items {
		s += ItemGot(&items[i])
	}
	return s
}

// finish hands in an attempt in progress: marked at once when it holds no
// essay, else pending (待阅卷) until a manager marks them.
func (e *Education) finish(ctx context.Context, r *Record, answers []Answer, auto bool) (*Record, error) {
	items := DecodeItems(r)
	if err := apply(items, answers); err != nil {
		return nil, err
	}
	now := e.Now()
	if auto && r.Deadline != nil {
		now = *r.Deadline
	}
	done, err := e.conclude(ctx, r, items, StateInProgress, now, map[string]any{"submitted_at": now, "auto_submitted": auto})
	if err != nil {
		return nil, err
	}
	if !done && !auto {
		return nil, errs.Rule("CONFLICT", "试卷状态已变化,请刷新后重试")
	}
	e.Records.Changed()
	return e.Records.Get(ctx, r.ID)
}

// conclude stores marked items from state from: with essays still to mark
// the attempt waits (待阅卷, no pass yet); otherwise it gets its score and,
// on a pass, the certificate and the published pass, in one transaction.
func (e *Education) conclude(ctx context.Context, r *Record, items []Item, from int32, now time.Time, values map[string]any) (bool, error) {
	score := Score(items)
	values["items"], values["score"] = encode(items), score
	if Pending(items) {
		values["state"], values["passed"] = StatePending, false
		return e.Q.SetRecord(ctx, r.ID, from, values, r.Items)
	}
	passed := score >= r.PassScore && r.PassScore > 0
	no := ""
	if passed {
		no = certNo(now.In(timefmt.Zone).Format("20060102"), r.ID)
	}
	values["state"], values["passed"], values["cert_no"] = StateSubmitted, passed, no
	var done bool
	err := e.Tx.Tx(ctx, func(ctx context.Context) error {
		var err error
		if done, err = e.Q.SetRecord(ctx, r.ID, from, values, r.Items); err != nil || !done || !passed {
			return err
		}
		c := &Cert{CertNo: no, RecordID: r.ID, ExamID: r.ExamID, ExamName: r.ExamName, UserID: r.UserID, UserName: r.UserName,
			Score: score, TotalScore: r.TotalScore, IssueTime: now}
		c.TenantID = r.TenantID
		if err := e.Certs.Create(ctx, c); err != nil {
			return err
		}
		return e.Events.Add(ctx, SubjectPassed, r.TenantID, Passed{RecordID: r.ID, ExamID: r.ExamID, ExamName: r.ExamName,
			UserID: r.UserID, UserName: r.UserName, Score: score, TotalScore: r.TotalScore, CertNo: no, PassTime: timefmt.Format(now)})
	})
	return done, err
}

// Sweep hands in every tenant's attempts past their deadline (the server's
// clock, not the browser's, ends an exam).
func (e *Education) Sweep(ctx context.Context) (int, error) {
	rs, err := e.Q.Expired(ident.AsSystem(ctx), e.Now(), 500)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range rs {
		tctx := ident.ForTenant(ctx, rs[i].TenantID)
		if _, err := e.finish(tctx, &rs[i], nil, true); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// CertPage lists certificates: a manager sees the tenant's, others their own.
func (e *Education) CertPage(ctx context.Context, q paging.Query) (*paging.Page[Cert], error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	m, err := e.Manager(ctx)
	if err != nil {
		return nil, err
	}
	if !m {
		return e.Certs.PageWhere(ctx, q, ownRows(me.UserID))
	}
	return e.Certs.Page(ctx, q)
}

// GetCert reads a certificate of the caller, or any of the tenant for a manager.
func (e *Education) GetCert(ctx context.Context, id int64) (*Cert, error) {
	c, err := e.Certs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if c.UserID != me.UserID {
		m, err := e.Manager(ctx)
		if err != nil {
			return nil, err
		}
		if !m {
			return nil, errs.Forbidden("只能查看自己的证书")
		}
	}
	return c, nil
}

// Shuffle puts a candidate's questions and, for choice questions, their
// options in an order of their own: the same for the same exam and person
// (a reload, a second server), different between people. Options are
// relabelled A.. in their new order and the key follows them.
func Shuffle(items []Item, examID, userID int64, questions, options bool) {
	rng := rand.New(rand.NewPCG(uint64(examID), uint64(userID))) //nolint:gosec // G404: a reproducible order per candidate, not a secret
	if questions {
		rng.Shuffle(len(items), func(a, b int) { items[a], items[b] = items[b], items[a] })
	}
	if !options {
		return
	}
	for i := range items {
		it := &items[i]
		if (it.Type != TypeSingle && it.Type != TypeMultiple) || len(it.Options) < 2 {
			continue
		}
		opts := slices.Clone(it.Options)
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
		rename := map[string]string{}
		for k := range opts {
			key := string(rune('A' + k))
			rename[opts[k].Key] = key
			opts[k].Key = key
		}
		var keys []string
		for _, k := range strings.Split(it.Answer, ",") {
			if n, ok := rename[k]; ok {
				keys = append(keys, n)
			}
		}
		slices.Sort(keys)
		it.Options, it.Answer = opts, strings.Join(keys, ",")
	}
}
