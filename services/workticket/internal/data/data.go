// Package data implements the workticket service's persistence with gorm
// (the generic repository of kit/crud plus the queries it cannot express)
// and its views of blade-flow, blade-user and the factory service.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/workticket/internal/biz"
)

// ticketSpec whitelists the permit list filters (each served by an index below).
var ticketSpec = crud.Spec{
	Name: "作业票",
	Filters: paging.Fields{
		"id": "id", "ticketNo": "ticket_no", "workType": "work_type", "level": "level", "ticketStatus": "ticket_status",
		"jobStatus": "job_status", "workPhase": "work_phase", "areaId": "area_id", "applicantId": "applicant_id",
		"guardianId": "guardian_id", "content": "content", "planStartTime": "plan_start", "planEndTime": "plan_end",
		"planDay": "plan_day", "flowStatus": "flow_status", "createTime": "create_time", "workUnit": "work_unit",
	},
	Order: "create_time desc, id desc",
	// 100,000 permits: count rarely, page from the index, and leave the two
	// JSON columns (checklist, type fields) out of list rows.
	CountTTL:     5 * time.Second,
	DeferredPage: true,
	ListOmit:     []string{"measures", "detail"},
}

var (
	gasSpec      = crud.Spec{Name: "气体分析", Filters: paging.Fields{"ticketId": "ticket_id", "sampleTime": "sample_time"}, Order: "sample_time desc, id desc"}
	signSpec     = crud.Spec{Name: "签字记录", Filters: paging.Fields{"ticketId": "ticket_id", "signTime": "sign_time"}, Order: "sign_time asc, id asc"}
	changeSpec   = crud.Spec{Name: "监护人变更记录", Filters: paging.Fields{"ticketId": "ticket_id", "ticketNo": "ticket_no", "changeTime": "change_time", "newGuardianId": "new_guardian_id"}, Order: "change_time desc, id desc"}
	briefingSpec = crud.Spec{Name: "安全交底", Filters: paging.Fields{"ticketId": "ticket_id"}}
	daySpec      = crud.Spec{Name: "日历", Filters: paging.Fields{"day": "day", "dayType": "day_type"}, Order: "day asc"}
	settingSpec  = crud.Spec{Name: "夜间时段设置", Filters: paging.Fields{}}
)

// indexes: one per list filter within a tenant (tenant_id, is_deleted lead
// because the central scope adds both to every query).
var indexes = []db.Index{
	{Name: "uk_wt_ticket_no", Table: "wt_ticket", Columns: "tenant_id, ticket_no", Unique: true},
	{Name: "idx_wt_ticket_list", Table: "wt_ticket", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_wt_ticket_type", Table: "wt_ticket", Columns: "tenant_id, work_type, is_deleted, create_time"},
	{Name: "idx_wt_ticket_type_status", Table: "wt_ticket", Columns: "tenant_id, work_type, ticket_status, is_deleted, create_time"},
	{Name: "idx_wt_ticket_type_level", Table: "wt_ticket", Columns: "tenant_id, work_type, level"},
	{Name: "idx_wt_ticket_status", Table: "wt_ticket", Columns: "tenant_id, ticket_status, is_deleted, create_time"},
	{Name: "idx_wt_ticket_job", Table: "wt_ticket", Columns: "tenant_id, job_status, is_deleted, create_time"},
	{Name: "idx_wt_ticket_phase", Table: "wt_ticket", Columns: "tenant_id, work_phase"},
	{Name: "idx_wt_ticket_flow", Table: "wt_ticket", Columns: "tenant_id, flow_status"},
	{Name: "idx_wt_ticket_area", Table: "wt_ticket", Columns: "tenant_id, area_id"},
	{Name: "idx_wt_ticket_applicant", Table: "wt_ticket", Columns: "tenant_id, applicant_id"},
	{Name: "idx_wt_ticket_guardian", Table: "wt_ticket", Columns: "tenant_id, guardian_id"},
	{Name: "idx_wt_ticket_plan", Table: "wt_ticket", Columns: "tenant_id, plan_start, plan_end"},
	{Name: "idx_wt_ticket_plan_end", Table: "wt_ticket", Columns: "tenant_id, plan_end"},
	{Name: "idx_wt_ticket_day", Table: "wt_ticket", Columns: "tenant_id, plan_day, work_type, level"},
	{Name: "idx_wt_ticket_unit", Table: "wt_ticket", Columns: "tenant_id, work_unit"},
	{Name: "idx_wt_gas_ticket", Table: "wt_gas_sample", Columns: "tenant_id, ticket_id, sample_time"},
	{Name: "idx_wt_sign_ticket", Table: "wt_signature", Columns: "tenant_id, ticket_id, sign_time"},
	{Name: "idx_wt_change_ticket", Table: "wt_guardian_change", Columns: "tenant_id, ticket_id, change_time"},
	{Name: "idx_wt_change_no", Table: "wt_guardian_change", Columns: "tenant_id, ticket_no"},
	{Name: "idx_wt_change_guardian", Table: "wt_guardian_change", Columns: "tenant_id, new_guardian_id"},
	{Name: "idx_wt_change_time", Table: "wt_guardian_change", Columns: "tenant_id, change_time"},
	{Name: "idx_wt_briefing_ticket", Table: "wt_briefing", Columns: "tenant_id, ticket_id"},
	{Name: "idx_wt_calendar_day", Table: "wt_calendar_day", Columns: "tenant_id, day"},
	{Name: "idx_wt_calendar_type", Table: "wt_calendar_day", Columns: "tenant_id, day_type"},
	{Name: "uk_wt_ticket_seq", Table: "wt_ticket_seq", Columns: "tenant_id, prefix, day", Unique: true},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// Stores are the generic repositories of the service.
type Stores struct {
	Tickets   *crud.Repo[biz.Ticket]
	Gas       *crud.Repo[biz.GasSample]
	Signs     *crud.Repo[biz.Signature]
	Changes   *crud.Repo[biz.GuardianChange]
	Briefings *crud.Repo[biz.Briefing]
	Days      *crud.Repo[biz.CalendarDay]
	Settings  *crud.Repo[biz.CalendarSetting]
}

// NewStores makes the repositories.
func NewStores(g *gorm.DB) Stores {
	return Stores{
		Tickets:   crud.New[biz.Ticket](g, ticketSpec),
		Gas:       crud.New[biz.GasSample](g, gasSpec),
		Signs:     crud.New[biz.Signature](g, signSpec),
		Changes:   crud.New[biz.GuardianChange](g, changeSpec),
		Briefings: crud.New[biz.Briefing](g, briefingSpec),
		Days:      crud.New[biz.CalendarDay](g, daySpec),
		Settings:  crud.New[biz.CalendarSetting](g, settingSpec),
	}
}

// Queries implements biz.Queries.
type Queries struct {
	DB      *gorm.DB
	Tickets *crud.Repo[biz.Ticket]
}

// NextSeq increments the tenant's counter of prefix/day: the row is made
// if missing (a concurrent maker is ignored, never an error that would
// abort a PostgreSQL transaction), then the UPDATE's row lock orders
// concurrent creators until their transactions end.
func (q Queries) NextSeq(ctx context.Context, prefix, day string) (int32, error) {
	c := db.Conn(ctx, q.DB)
	if err := c.Clauses(clause.OnConflict{DoNothing: true}).Create(&biz.TicketSeq{Prefix: prefix, Day: day}).Error; err != nil {
		return 0, err
	}
	res := c.Model(&biz.TicketSeq{}).Where("prefix = ? AND day = ?", prefix, day).Update("seq", gorm.Expr("seq + 1"))
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected == 0 {
		return 0, errs.Rule("CONFLICT", "作业票编号生成冲突,请重试")
	}
	var s biz.TicketSeq
	if err := c.Where("prefix = ? AND day = ?", prefix, day).Take(&s).Error; err != nil {
		return 0, err
	}
	return s.Seq, nil
}

// Transition is a compare-and-set on the permit's state columns.
func (q Queries) Transition(ctx context.Context, id int64, from biz.State, values map[string]any) (bool, error) {
	res := db.Conn(ctx, q.DB).Model(&biz.Ticket{}).
		Where("id = ? AND ticket_status = ? AND job_status = ? AND flow_status = ? AND paused = ?", id, from.TicketStatus, from.JobStatus, from.FlowStatus, from.Paused).
		Updates(values)
	if res.Error != nil {
		return false, res.Error
	}
	if q.Tickets != nil {
		q.Tickets.Changed()
	}
	return res.RowsAffected == 1, nil
}

func (q Queries) Stats(ctx context.Context, fromDay, toDay string) ([]biz.StatRow, error) {
	var rows []biz.StatRow
	err := db.Conn(ctx, q.DB).Model(&biz.Ticket{}).
		Select("plan_day AS day, work_type, level, COUNT(*) AS count").
		Where("plan_day >= ? AND plan_day <= ?", fromDay, toDay).
		Group("plan_day, work_type, level").Order("plan_day, work_type, level").Scan(&rows).Error
	return rows, err
}

func (q Queries) today(from, to time.Time) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB {
		return tx.Where("plan_start < ? AND plan_end >= ? AND ticket_status IN ?", to, from, []int32{biz.TicketUnissued, biz.TicketIssued, biz.TicketAccepted})
	}
}

func (q Queries) Today(ctx context.Context, from, to time.Time, pq paging.Query) (*paging.Page[biz.Ticket], error) {
	return q.Tickets.PageWhere(ctx, pq, q.today(from, to))
}

func (q Queries) TodayCount(ctx context.Context, from, to time.Time) ([]biz.StatRow, int32, error) {
	var rows []biz.StatRow
	tx := q.today(from, to)(db.Conn(ctx, q.DB).Model(&biz.Ticket{}))
	if err := tx.Select("work_type, COUNT(*) AS count").Group("work_type").Order("work_type").Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	var n int64
	err := q.today(from, to)(db.Conn(ctx, q.DB).Model(&biz.Ticket{})).Where("job_status = ?", biz.JobInProgress).Count(&n).Error
	return rows, int32(n), err
}

// InForce reads on idx_wt_ticket_job (tenant_id, job_status, is_deleted, ...):
// the permits in progress are few beside the history.
func (q Queries) InForce(ctx context.Context, limit int) ([]biz.Ticket, error) {
	var out []biz.Ticket
	err := db.Conn(ctx, q.DB).Select("id, tenant_id, ticket_no, work_type, area_id, operator_ids, guardian_id, detail, ticket_status, job_status, paused, flow_status, actual_start").
		Where("job_status = ? AND is_deleted = 0 AND ticket_status = ? AND area_id <> 0", biz.JobInProgress, biz.TicketIssued).
		Order("actual_start desc, id desc").Limit(limit).Find(&out).Error
	return out, err
}

func (q Queries) LatestChange(ctx context.Context, ticketID int64) (*biz.GuardianChange, error) {
	var c biz.GuardianChange
	err := db.Conn(ctx, q.DB).Where("ticket_id = ?", ticketID).Order("change_time desc, id desc").Limit(1).Find(&c).Error
	if err != nil || c.ID == 0 {
		return nil, err
	}
	return &c, nil
}

func (q Queries) TicketNos(ctx context.Context, nos []string) ([]string, error) {
	found := []string{}
	if len(nos) == 0 {
		return found, nil
	}
	err := db.Conn(ctx, q.DB).Model(&biz.Ticket{}).Where("ticket_no IN ?", nos).Pluck("ticket_no", &found).Error
	return found, err
}
