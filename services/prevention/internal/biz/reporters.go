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

// ReporterTally counts a tenant's hidden dangers by reporter (one grouped
// query on the reporter index, never a row per hazard) and lists userID's latest
// `limit` reports, newest first; mineOnly counts userID's reports only. The points centre reads it; no hazard content but the
// asked person's own leaves the service.
func (p *Prevention) ReporterTally(ctx context.Context, tenant string, userID int64, limit int, mineOnly bool) ([]ReporterCount, []Hazard, error) {
	if tenant == "" {
		return nil, nil, errs.BadRequest("缺少租户")
	}
	ctx = ident.ForTenant(ctx, tenant)
	var only int64
	if mineOnly {
		if userID <= 0 {
			return nil, nil, errs.BadRequest("缺少上报人")
		}
		only = userID
	}
	out, err := p.Q.ReporterCounts(ctx, only, HazardVoided, HazardAccepted, DangerMajor)
	if err != nil {
		return nil, nil, err
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
