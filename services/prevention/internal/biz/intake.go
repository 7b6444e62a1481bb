package biz

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// IntakeSubject is what prevention consumes: any service raising a hidden
// danger publishes "<svc>.hazard.raised" (an abnormal inspection value, a
// disabled safety device, a confirmed video alarm, a drill's rectification
// item ...). The payload is HazardIntake's JSON; README "Raising a hidden
// danger from another service" is the contract.
const IntakeSubject = "anquan.*.hazard.raised"

// HazardIntake is the event's data.
type HazardIntake struct {
	Source       string `json:"source"`
	SourceID     string `json:"sourceId"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Level        int32  `json:"level"`
	HazardType   int32  `json:"hazardType"`
	DangerSrc    int32  `json:"dangerSrc"`
	Location     string `json:"location"`
	ReporterID   string `json:"reporterId"`
	LiableUserID string `json:"liableUserId"`
	Photos       string `json:"photos"`
	Deadline     string `json:"deadline"`
	Link         string `json:"link"`
}

// IntakeRecord remembers which source record raised which hazard: the pair
// (source, sourceId) is unique per tenant, so a redelivered or repeated
// event changes nothing.
type IntakeRecord struct {
	ID        int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID  string    `gorm:"size:12;not null"`
	Source    string    `gorm:"size:40;not null"`
	SourceID  string    `gorm:"size:64;not null"`
	HazardID  int64     `gorm:"not null"`
	CreatedAt time.Time `gorm:"not null"`
}

func (IntakeRecord) TableName() string { return "prevention_hazard_intake" }

// Intakes stores the records (the tenant is explicit: a consumer has no caller).
type Intakes interface {
	// Claimed tells whether the pair already raised a hazard.
	Claimed(ctx context.Context, tenant, source, sourceID string) (bool, error)
	// Claim records the pair in the current transaction; a concurrent claim
	// of the same pair fails on the unique key and rolls the hazard back.
	Claim(ctx context.Context, r *IntakeRecord) error
}

var (
	sourceName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)
	intakeLink = regexp.MustCompile(`^/[A-Za-z0-9/_\-?=&.%]{0,299}$`)
)

// IntakeError is a malformed event: retrying cannot help, so the consumer
// logs and drops it.
type IntakeError struct{ Msg string }

func (e IntakeError) Error() string { return e.Msg }

func bad(format string, a ...any) error {
	return IntakeError{Msg: errs.Message(errs.BadRequest(format, a...))}
}

// Intake raises the hidden danger an event asks for, once per (source,
// sourceId): state 10 待评估, reported by reporterId at the event's time,
// its rectification flow started as for a hazard reported on the page.
func (p *Prevention) Intake(ctx context.Context, tenant string, at time.Time, in HazardIntake) error {
	if p.Intakes == nil {
		return nil
	}
	if !sourceName.MatchString(in.Source) {
		return bad("来源服务名称格式错误: %q", in.Source)
	}
	in.SourceID = strings.TrimSpace(in.SourceID)
	if in.SourceID == "" || len(in.SourceID) > 64 {
		return bad("来源记录编号不能为空且不超过 64 个字符")
	}
	if in.Link != "" && !intakeLink.MatchString(in.Link) {
		return bad("来源页面地址格式错误")
	}
	reporter, err := strconv.ParseInt(in.ReporterID, 10, 64)
	if err != nil || reporter <= 0 {
		return bad("缺少发现人")
	}
	liable := reporter
	if s := strings.TrimSpace(in.LiableUserID); s != "" {
		if liable, err = strconv.ParseInt(s, 10, 64); err != nil || liable <= 0 {
			return bad("整改责任人编号格式错误")
		}
	}
	sys := ident.ForTenant(ctx, tenant)
	done, err := p.Intakes.Claimed(sys, tenant, in.Source, in.SourceID)
	if err != nil || done {
		return err
	}
	name, err := p.personName(sys, reporter, "发现人")
	if err != nil {
		if errs.Code(err) == codes.NotFound {
			return bad("发现人不存在")
		}
		return err
	}
	// The hazard is reported as the person who found it.
	actx := ident.With(ident.ForTenant(ctx, tenant), &ident.Identity{TenantID: tenant, UserID: reporter, UserName: name, DataScope: ident.ScopeAll, Super: true})
	h := HazardInput{Hazard: Hazard{
		DangerName: in.Title, DangerDesc: in.Description, DangerLevel: in.Level, DangerSrc: in.DangerSrc,
		HazardDangerType: in.HazardType, DangerLocation: in.Location, LiableUserID: liable, Photos: in.Photos,
		SourceSvc: in.Source, SourceLink: in.Link,
	}}
	if h.DangerSrc == 0 {
		h.DangerSrc = 10 // 其他
	}
	if at.IsZero() || at.After(p.Now()) {
		at = p.Now()
	}
	h.ReportTimeText = timefmt.Format(at)
	if strings.TrimSpace(in.Deadline) != "" {
		h.DangerManageType, h.DeadlineText = ManageLater, in.Deadline
	}
	err = p.Tx.Tx(actx, func(ctx context.Context) error {
		if err := p.ReportHazard(ctx, &h); err != nil {
			return err
		}
		if err := p.Intakes.Claim(ctx, &IntakeRecord{TenantID: tenant, Source: in.Source, SourceID: in.SourceID, HazardID: h.ID}); err != nil {
			p.cancelFlow(ctx, &h.Hazard) // the hazard rolls back; its instance must not stay open
			return err
		}
		return nil
	})
	if c := errs.Code(err); err != nil && (c == codes.InvalidArgument || c == codes.NotFound) {
		// The payload broke a hazard rule (a name too long, an unknown level):
		// a redelivery would fail the same way.
		return IntakeError{Msg: errs.Message(err)}
	}
	return err
}
