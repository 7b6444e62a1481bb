package biz

import (
	"context"
	"strconv"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// ReporterCount is what one person reported: hidden dangers not voided, of them major
// ones and accepted ones.
type ReporterCount struct {
	UserID                    int64
	Reported, Major, Accepted int64
}

// ReporterTally counts a tenant's hidden dangers by reporter (three grouped
// counts on the reporter index, never a row per hazard) and lists userID's latest
// `limit` reports, newest first. The points centre reads it; no hazard content but the
// asked person's own leaves the service.
func (p *Prevention) ReporterTally(ctx context.Context, tenant string, userID int64, limit int) ([]ReporterCount, []Hazard, error) {
	if tenant == "" {
		return nil, nil, errs.BadRequest("缺少租户")
	}
	ctx = ident.ForTenant(ctx, tenant)
	notVoided := "report_user_id > 0 AND danger_state <> ?"
	reported, err := p.Q.GroupCount(ctx, &Hazard{}, "report_user_id", notVoided, HazardVoided)
	if err != nil {
		return nil, nil, err
	}
	major, err := p.Q.GroupCount(ctx, &Hazard{}, "report_user_id", notVoided+" AND danger_level = ?", HazardVoided, DangerMajor)
	if err != nil {
		return nil, nil, err
	}
	accepted, err := p.Q.GroupCount(ctx, &Hazard{}, "report_user_id", "report_user_id > 0 AND danger_state = ?", HazardAccepted)
	if err != nil {
		return nil, nil, err
	}
	out := make([]ReporterCount, 0, len(reported))
	for uid, n := range reported {
		out = append(out, ReporterCount{UserID: uid, Reported: n, Major: major[uid], Accepted: accepted[uid]})
	}
	var mine []Hazard
	if userID > 0 && limit > 0 {
		mine, err = p.Hazards.List(ctx, paging.Query{Filters: map[string]string{"reportUserId_equal": strconv.FormatInt(userID, 10)},
			Descs: "reportTime"}, limit)
		if err != nil {
			return nil, nil, err
		}
	}
	return out, mine, nil
}
