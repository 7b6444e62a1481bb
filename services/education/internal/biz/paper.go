package biz

import (
	"context"
	"encoding/json"
	"fmt"

	"anquan/kit/errs"
	"anquan/kit/valid"
)

// DecodeFixed reads a paper's fixed questions.
func DecodeFixed(p *Paper) []PaperQuestion {
	var out []PaperQuestion
	_ = json.Unmarshal([]byte(p.Questions), &out)
	return out
}

// DecodeRules reads a paper's draw rules.
func DecodeRules(p *Paper) []DrawRule {
	var out []DrawRule
	_ = json.Unmarshal([]byte(p.Rules), &out)
	return out
}

// Bounds of a paper.
const (
	MaxPaperQuestions = 200
	MaxRules          = 30
	MaxDuration       = 600
)

// SavePaper validates and stores a paper: every fixed question exists (each
// once) and every rule can be drawn from the bank; totals are computed.
func (e *Education) SavePaper(ctx context.Context, in *Paper, fixed []PaperQuestion, rules []DrawRule) (*Paper, error) {
	var err error
	if in.Name, err = valid.Text("试卷名称", in.Name, 200); err != nil {
		return nil, err
	}
	if in.Remark, err = valid.Optional("备注", in.Remark, 500); err != nil {
		return nil, err
	}
	if in.Duration < 1 || in.Duration > MaxDuration {
		return nil, errs.BadRequest("考试时长应在 1 到 %d 分钟之间", MaxDuration)
	}
	var total, count int32
	switch in.Mode {
	case ModeFixed:
		if len(fixed) == 0 {
			return nil, errs.BadRequest("固定组卷请至少选择一道试题")
		}
		if len(fixed) > MaxPaperQuestions {
			return nil, errs.BadRequest("一张试卷最多 %d 道试题", MaxPaperQuestions)
		}
		ids := make([]int64, 0, len(fixed))
		seen := map[int64]bool{}
		for _, f := range fixed {
			if seen[f.QuestionID] {
				return nil, errs.BadRequest("试题重复(id %d)", f.QuestionID)
			}
			seen[f.QuestionID] = true
			if f.Score < 1 || f.Score > 100 {
				return nil, errs.BadRequest("每题分值应在 1 到 100 之间")
			}
			ids = append(ids, f.QuestionID)
			total += f.Score
		}
		qs, err := e.Q.Questions(ctx, ids)
		if err != nil {
			return nil, err
		}
		if len(qs) != len(ids) {
			return nil, errs.BadRequest("部分试题不存在或已删除")
		}
		count = int32(len(fixed))
		rules = []DrawRule{}
	case ModeRandom:
		if len(rules) == 0 {
			return nil, errs.BadRequest("随机组卷请至少添加一条抽题规则")
		}
		if len(rules) > MaxRules {
			return nil, errs.BadRequest("抽题规则最多 %d 条", MaxRules)
		}
		for i, r := range rules {
			if !ValidType(r.Type) {
				return nil, errs.BadRequest("第%d条规则的题型只能是 1 单选、2 多选、3 判断、4 填空、5 简答", i+1)
			}
			if r.Count < 1 || r.Score < 1 || r.Score > 100 {
				return nil, errs.BadRequest("第%d条规则的题数至少 1,分值应在 1 到 100 之间", i+1)
			}
			if r.CategoryID > 0 {
				if _, err := e.Categories.Get(ctx, r.CategoryID); err != nil {
					if errs.IsNotFound(err) {
						return nil, errs.BadRequest("第%d条规则的分类不存在", i+1)
					}
					return nil, err
				}
			}
			c, err := e.Q.Candidates(ctx, r.CategoryID, r.Type)
			if err != nil {
				return nil, err
			}
			if int32(len(c)) < r.Count {
				return nil, errs.Rule("NOT_ENOUGH", "第%d条规则要抽 %d 道%s,题库中只有 %d 道", i+1, r.Count, TypeName(r.Type), len(c))
			}
			count += r.Count
			total += r.Count * r.Score
		}
		if count > MaxPaperQuestions {
			return nil, errs.BadRequest("一张试卷最多 %d 道试题", MaxPaperQuestions)
		}
		fixed = []PaperQuestion{}
	default:
		return nil, errs.BadRequest("组卷方式只能是 1 固定组卷、2 随机组卷")
	}
	if in.PassScore < 1 || in.PassScore > total {
		return nil, errs.BadRequest("及格分应在 1 到总分 %d 之间", total)
	}
	in.Questions, in.Rules, in.TotalScore, in.QuestionCount = encode(fixed), encode(rules), total, count
	if in.ID > 0 {
		old, err := e.Papers.Get(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "试卷"); err != nil {
			return nil, err
		}
		if err := e.Papers.Update(ctx, in.ID, in, "name", "mode", "questions", "rules", "total_score", "question_count", "pass_score", "duration", "remark"); err != nil {
			return nil, err
		}
		return e.Papers.Get(ctx, in.ID)
	}
	if err := e.Papers.Create(ctx, in); err != nil {
		return nil, err
	}
	return in, nil
}

// RemovePapers deletes papers no exam uses.
func (e *Education) RemovePapers(ctx context.Context, ids []int64) error {
	if err := mayWriteEach(ctx, e, e.Papers, ids, "试卷", func(p *Paper) int64 { return p.CreateUser }); err != nil {
		return err
	}
	used, err := e.Q.ExamsUsing(ctx, ids)
	if err != nil {
		return err
	}
	if used {
		return errs.Rule("IN_USE", "试卷已被考试使用,不能删除")
	}
	return e.Papers.Remove(ctx, ids)
}

// FixedQuestions reads the questions of a fixed paper (for its detail).
func (e *Education) FixedQuestions(ctx context.Context, p *Paper) (map[int64]Question, error) {
	fixed := DecodeFixed(p)
	ids := make([]int64, 0, len(fixed))
	for _, f := range fixed {
		ids = append(ids, f.QuestionID)
	}
	qs, err := e.Q.Questions(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Question, len(qs))
	for _, q := range qs {
		out[q.ID] = q
	}
	return out, nil
}

// certNo is the certificate number of a passed attempt: readable and unique
// (the attempt's id).
func certNo(day string, recordID int64) string {
	return fmt.Sprintf("AQPX-%s-%d", day, recordID)
}
