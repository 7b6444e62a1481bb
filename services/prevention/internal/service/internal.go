package service

import (
	"context"

	"anquan/kit/timefmt"
	pb "anquan/proto/blade/prevention/v1"
)

// ReporterTally (PreventionInternal): hidden dangers counted by reporter for the points centre.
func (s *Prevention) ReporterTally(ctx context.Context, q *pb.ReporterTallyQuery) (*pb.ReporterTallyReply, error) {
	counts, mine, err := s.uc.ReporterTally(ctx, q.TenantId, q.UserId, int(q.Limit), q.MineOnly)
	if err != nil {
		return nil, err
	}
	out := &pb.ReporterTallyReply{Counts: make([]*pb.ReporterCount, len(counts)), Mine: make([]*pb.ReportedHazard, len(mine))}
	for i, c := range counts {
		out.Counts[i] = &pb.ReporterCount{UserId: c.UserID, Reported: int32(c.Reported), Major: int32(c.Major), Accepted: int32(c.Accepted)}
	}
	for i, h := range mine {
		out.Mine[i] = &pb.ReportedHazard{Id: h.ID, DangerName: h.DangerName, DangerLevel: h.DangerLevel, DangerState: h.DangerState,
			ReportTime: timefmt.Format(h.ReportTime)}
	}
	return out, nil
}
