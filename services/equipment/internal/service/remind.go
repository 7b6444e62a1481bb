package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/equipment/internal/biz"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/equipment/v1"
)

// ---- due-date reminders ----

func (s *Equipment) RemindRuleList(ctx context.Context, _ *commonv1.Empty) (*pb.EquipmentRemindRuleList, error) {
	rules, err := s.rm.RulesOf(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.EquipmentRemindRuleList{}
	for _, r := range rules {
		out.Records = append(out.Records, &pb.EquipmentRemindRule{Id: r.ID, Kind: r.Kind, KindName: biz.KindNames[r.Kind],
			Leads: r.Leads, Overdue: r.Overdue, UpdateTime: ts(r.UpdateTime)})
	}
	return out, nil
}

func (s *Equipment) RemindRuleSubmit(ctx context.Context, p *pb.EquipmentRemindRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.rm.SaveRule(ctx, biz.RemindRule{Kind: p.Kind, Leads: p.Leads, Overdue: p.Overdue})
}

func (s *Equipment) RemindRun(ctx context.Context, _ *commonv1.Empty) (*pb.EquipmentRemindRun, error) {
	n, err := s.rm.RunNow(ctx)
	if err != nil {
		return nil, err
	}
	return &pb.EquipmentRemindRun{Sent: int32(n)}, nil
}
