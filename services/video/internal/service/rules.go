package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/video/v1"
	"anquan/video/internal/biz"
)

// ---- video rules ----

func ruleOut(d biz.RuleDef, r *biz.Rule) *pb.VideoRule {
	o := &pb.VideoRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
	if r != nil {
		o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, ts(r.UpdateTime)
	}
	return o
}

func (s *Video) RuleList(ctx context.Context, _ *commonv1.Empty) (*pb.VideoRules, error) {
	views, err := s.uc.RuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.VideoRules{}
	for _, v := range views {
		out.Items = append(out.Items, ruleOut(v.Def, v.Current))
	}
	return out, nil
}

func (s *Video) RuleHistory(ctx context.Context, q *pb.VideoRuleCode) (*pb.VideoRules, error) {
	d, rows, err := s.uc.RuleHistory(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	out := &pb.VideoRules{}
	for i := range rows {
		out.Items = append(out.Items, ruleOut(d, &rows[i]))
	}
	return out, nil
}

func (s *Video) RuleSubmit(ctx context.Context, r *pb.VideoRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitRule(ctx, r.Code, r.Value, r.Source)
}
