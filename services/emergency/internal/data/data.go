// Package data implements emergency's persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/emergency/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	ruleSpec = crud.Spec{Name: "应急规则", Filters: paging.Fields{"code": "code"}, Order: "code asc, version desc"}
	planSpec = crud.Spec{Name: "应急预案",
		Filters: paging.Fields{"code": "code", "name": "name", "planType": "plan_type", "state": "state", "rootId": "root_id", "publishDate": "publish_date"},
		Sorts:   paging.Fields{"code": "code", "name": "name", "publishDate": "publish_date", "createTime": "create_time"},
		Order:   "code asc, version desc, id desc", ListOmit: []string{"content", "response_cards"}}
	supplySpec = crud.Spec{Name: "应急物资",
		Filters: paging.Fields{"name": "name", "category": "category", "warehouse": "warehouse", "expiryDate": "expiry_date", "scrapped": "scrapped"},
		Sorts:   paging.Fields{"name": "name", "expiryDate": "expiry_date", "quantity": "quantity", "createTime": "create_time"},
		Order:   "warehouse asc, name asc, id asc", CountTTL: 5 * time.Second, DeferredPage: true}
	teamSpec   = crud.Spec{Name: "应急队伍", Filters: paging.Fields{"name": "name", "teamType": "team_type"}, Order: "name asc, id asc"}
	memberSpec = crud.Spec{Name: "应急队员", Filters: paging.Fields{"id": "id", "teamId": "team_id", "name": "name", "role": "role"}, Order: "team_id asc, id asc"}
	drillSpec  = crud.Spec{Name: "应急演练",
		Filters: paging.Fields{"name": "name", "planId": "plan_id", "way": "way", "state": "state", "plannedDate": "planned_date", "teamId": "team_id"},
		Sorts:   paging.Fields{"plannedDate": "planned_date", "name": "name", "createTime": "create_time"},
		Order:   "planned_date desc, id desc", ListOmit: []string{"record", "evaluation"}, CountTTL: 5 * time.Second, DeferredPage: true}
)

// NewRules ... are the generic repositories.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule]      { return crud.New[biz.Rule](g, ruleSpec) }
func NewPlans(g *gorm.DB) *crud.Repo[biz.Plan]      { return crud.New[biz.Plan](g, planSpec) }
func NewSupplies(g *gorm.DB) *crud.Repo[biz.Supply] { return crud.New[biz.Supply](g, supplySpec) }
func NewTeams(g *gorm.DB) *crud.Repo[biz.Team]      { return crud.New[biz.Team](g, teamSpec) }
func NewMembers(g *gorm.DB) *crud.Repo[biz.Member]  { return crud.New[biz.Member](g, memberSpec) }
func NewDrills(g *gorm.DB) *crud.Repo[biz.Drill]    { return crud.New[biz.Drill](g, drillSpec) }

// NewHolidays is the repository of the calendar days.
func NewHolidays(g *gorm.DB) *crud.Repo[biz.Holiday] {
	return crud.New[biz.Holiday](g, crud.Spec{Name: "日历", Filters: paging.Fields{"day": "day"}, Order: "day asc"})
}

// NewDuties is the repository of the duty rosters.
func NewDuties(g *gorm.DB) *crud.Repo[biz.Duty] {
	return crud.New[biz.Duty](g, crud.Spec{Name: "值班排班",
		Filters: paging.Fields{"dutyType": "duty_type", "orgId": "org_id", "orgName": "org_name", "startDate": "start_date", "endDate": "end_date",
			"shiftName": "shift_name", "leaderName": "leader_name", "personNames": "person_names"},
		Sorts: paging.Fields{"startDate": "start_date", "orgName": "org_name", "createTime": "create_time"},
		Order: "start_date desc, duty_type asc, org_name asc, id desc"})
}

// NewIncidents is the repository of the launched incidents.
func NewIncidents(g *gorm.DB) *crud.Repo[biz.Incident] {
	return crud.New[biz.Incident](g, crud.Spec{Name: "应急事件",
		Filters: paging.Fields{"planId": "plan_id", "planName": "plan_name", "state": "state", "level": "level", "place": "place", "startTime": "start_time"},
		Sorts:   paging.Fields{"startTime": "start_time", "createTime": "create_time"},
		Order:   "start_time desc, id desc", ListOmit: []string{"summary"}})
}

var indexes = []db.Index{
	{Name: "uk_emg_rule_version", Table: "emergency_rule", Columns: "tenant_id, code, version", Unique: true},
	{Name: "idx_emg_plan_code", Table: "emergency_plan", Columns: "tenant_id, code, version"},
	{Name: "idx_emg_plan_name", Table: "emergency_plan", Columns: "tenant_id, name"},
	{Name: "idx_emg_plan_root", Table: "emergency_plan", Columns: "tenant_id, root_id, version"},
	{Name: "idx_emg_plan_type", Table: "emergency_plan", Columns: "tenant_id, plan_type"},
	{Name: "idx_emg_plan_state", Table: "emergency_plan", Columns: "tenant_id, state"},
	{Name: "idx_emg_plan_publish", Table: "emergency_plan", Columns: "tenant_id, publish_date"},
	{Name: "idx_emg_supply_name", Table: "emergency_supply", Columns: "tenant_id, name"},
	{Name: "idx_emg_supply_wh", Table: "emergency_supply", Columns: "tenant_id, warehouse, name"},
	{Name: "idx_emg_supply_cat", Table: "emergency_supply", Columns: "tenant_id, category"},
	{Name: "idx_emg_supply_expiry", Table: "emergency_supply", Columns: "tenant_id, expiry_date"},
	{Name: "idx_emg_supply_scrap", Table: "emergency_supply", Columns: "tenant_id, scrapped"},
	{Name: "idx_emg_team_name", Table: "emergency_team", Columns: "tenant_id, name"},
	{Name: "idx_emg_team_type", Table: "emergency_team", Columns: "tenant_id, team_type"},
	{Name: "idx_emg_member_team", Table: "emergency_team_member", Columns: "tenant_id, team_id"},
	{Name: "idx_emg_member_name", Table: "emergency_team_member", Columns: "tenant_id, name"},
	{Name: "idx_emg_member_role", Table: "emergency_team_member", Columns: "tenant_id, role"},
	{Name: "idx_emg_drill_planned", Table: "emergency_drill", Columns: "tenant_id, planned_date"},
	{Name: "idx_emg_drill_plan", Table: "emergency_drill", Columns: "tenant_id, plan_id, state"},
	{Name: "idx_emg_drill_state", Table: "emergency_drill", Columns: "tenant_id, state"},
	{Name: "idx_emg_drill_way", Table: "emergency_drill", Columns: "tenant_id, way"},
	{Name: "idx_emg_drill_name", Table: "emergency_drill", Columns: "tenant_id, name"},
	{Name: "idx_emg_drill_team", Table: "emergency_drill", Columns: "tenant_id, team_id"},
	{Name: "idx_emg_holiday_day", Table: "emergency_holiday", Columns: "tenant_id, day"},
	{Name: "idx_emg_duty_start", Table: "emergency_duty", Columns: "tenant_id, start_date"},
	{Name: "idx_emg_duty_end", Table: "emergency_duty", Columns: "tenant_id, end_date"},
	{Name: "idx_emg_duty_org", Table: "emergency_duty", Columns: "tenant_id, duty_type, org_name"},
	{Name: "idx_emg_duty_person_user", Table: "emergency_duty_person", Columns: "tenant_id, user_id, start_date"},
	{Name: "idx_emg_duty_person_duty", Table: "emergency_duty_person", Columns: "tenant_id, duty_id"},
	{Name: "idx_emg_incident_start", Table: "emergency_incident", Columns: "tenant_id, start_time"},
	{Name: "idx_emg_incident_state", Table: "emergency_incident", Columns: "tenant_id, state"},
	{Name: "idx_emg_incident_plan", Table: "emergency_incident", Columns: "tenant_id, plan_id"},
	{Name: "idx_emg_incident_action", Table: "emergency_incident_action", Columns: "tenant_id, incident_id, act_time"},
	{Name: "idx_emg_incident_notice", Table: "emergency_incident_notice", Columns: "tenant_id, incident_id"},
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

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

func (q Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.G).Where("is_deleted = 0") }

func (q Queries) Rules(ctx context.Context, code string) ([]biz.Rule, error) {
	var out []biz.Rule
	tx := q.conn(ctx)
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	return out, tx.Order("code asc, version desc").Limit(10000).Find(&out).Error
}

func (q Queries) Versions(ctx context.Context, rootID int64) ([]biz.Plan, error) {
	var out []biz.Plan
	return out, q.conn(ctx).Where("root_id = ?", rootID).Order("version desc").Limit(1000).Find(&out).Error
}

func (q Queries) LastDrills(ctx context.Context, rootIDs []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	if len(rootIDs) == 0 {
		return out, nil
	}
	// Drills name a plan version; every version of a root counts: the
	// versions first, then their completed drills by (plan_id, state).
	var plans []struct{ ID, RootID int64 }
	if err := q.conn(ctx).Model(&biz.Plan{}).Select("id, root_id").Where("root_id IN ?", rootIDs).Limit(10000).Scan(&plans).Error; err != nil {
		return nil, err
	}
	rootOf := map[int64]int64{}
	ids := make([]int64, 0, len(plans))
	for _, p := range plans {
		rootOf[p.ID] = p.RootID
		ids = append(ids, p.ID)
	}
	// One indexed look-up per version (tenant_id, plan_id, state): a page
	// holds a few plans, and an IN list let SQLite pick the state index.
	for _, id := range ids {
		var d biz.Drill
		err := q.conn(ctx).Select("id, actual_date").Where("plan_id = ? AND state = ? AND actual_date IS NOT NULL", id, biz.DrillComplete).
			Order("actual_date desc").Limit(1).Find(&d).Error
		if err != nil {
			return nil, err
		}
		if root := rootOf[id]; d.ActualDate != nil && d.ActualDate.After(out[root]) {
			out[root] = *d.ActualDate
		}
	}
	return out, nil
}

func (q Queries) MemberCounts(ctx context.Context, teamIDs []int64) (map[int64]int32, error) {
	out := map[int64]int32{}
	if len(teamIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		TeamID int64
		N      int32
	}
	err := q.conn(ctx).Model(&biz.Member{}).Select("team_id, count(*) AS n").Where("team_id IN ?", teamIDs).Group("team_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.TeamID] = r.N
	}
	return out, err
}

func names[T any](ctx context.Context, q Queries, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64
		Name string
	}
	var m T
	err := q.conn(ctx).Model(&m).Select("id, name").Where("id IN ?", ids).Scan(&rows).Error
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, err
}

func (q Queries) PlanNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	return names[biz.Plan](ctx, q, ids)
}

func (q Queries) TeamNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	return names[biz.Team](ctx, q, ids)
}

func (q Queries) ByIDs(ctx context.Context, dst any, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return q.conn(ctx).Where("id IN ?", ids).Find(dst).Error
}

// Holidays are the caller tenant's calendar days in [from, to).
func (q Queries) Holidays(ctx context.Context, from, to string) ([]biz.Holiday, error) {
	var out []biz.Holiday
	tx := q.conn(ctx)
	if from != "" {
		tx = tx.Where("day >= ?", from)
	}
	if to != "" {
		tx = tx.Where("day < ?", to)
	}
	return out, tx.Order("day asc").Limit(5000).Find(&out).Error
}

// DutyPeople are the people rows of the rosters.
func (q Queries) DutyPeople(ctx context.Context, dutyIDs []int64) ([]biz.DutyPerson, error) {
	var out []biz.DutyPerson
	if len(dutyIDs) == 0 {
		return out, nil
	}
	return out, q.conn(ctx).Where("duty_id IN ?", dutyIDs).Order("duty_id asc, leader desc, id asc").Limit(100000).Find(&out).Error
}

// Clashing are the rosters other than exceptID with any of users on a day in [from, to].
func (q Queries) Clashing(ctx context.Context, exceptID int64, users []int64, from, to time.Time) ([]biz.Duty, error) {
	var out []biz.Duty
	if len(users) == 0 {
		return out, nil
	}
	var ids []int64
	err := q.conn(ctx).Model(&biz.DutyPerson{}).Distinct("duty_id").
		Where("user_id IN ? AND start_date <= ? AND end_date >= ? AND duty_id <> ?", users, to, from, exceptID).Limit(10000).Pluck("duty_id", &ids).Error
	if err != nil || len(ids) == 0 {
		return out, err
	}
	return out, q.conn(ctx).Where("id IN ?", ids).Find(&out).Error
}

// DutiesBetween are the rosters with a day in [from, to].
func (q Queries) DutiesBetween(ctx context.Context, from, to time.Time) ([]biz.Duty, error) {
	var out []biz.Duty
	return out, q.conn(ctx).Where("start_date <= ? AND end_date >= ?", to, from).Order("duty_type asc, org_name asc, id asc").Limit(1000).Find(&out).Error
}

// ReplacePeople replaces a roster's people rows (the old ones are removed logically).
func (q Queries) ReplacePeople(ctx context.Context, dutyID int64, people []*biz.DutyPerson) error {
	if err := q.RemovePeople(ctx, []int64{dutyID}); err != nil {
		return err
	}
	if len(people) == 0 {
		return nil
	}
	return db.Conn(ctx, q.G).Create(people).Error
}

// RemovePeople removes the people rows of the rosters.
func (q Queries) RemovePeople(ctx context.Context, dutyIDs []int64) error {
	if len(dutyIDs) == 0 {
		return nil
	}
	return q.conn(ctx).Model(&biz.DutyPerson{}).Where("duty_id IN ?", dutyIDs).Update("is_deleted", 1).Error
}

// Actions are an incident's action log, oldest first.
func (q Queries) Actions(ctx context.Context, incidentID int64) ([]biz.IncidentAction, error) {
	var out []biz.IncidentAction
	return out, q.conn(ctx).Where("incident_id = ?", incidentID).Order("act_time asc, id asc").Limit(10000).Find(&out).Error
}

// Notices are the people notified of an incident.
func (q Queries) Notices(ctx context.Context, incidentID int64) ([]biz.IncidentNotice, error) {
	var out []biz.IncidentNotice
	return out, q.conn(ctx).Where("incident_id = ?", incidentID).Order("channel asc, id asc").Limit(10000).Find(&out).Error
}

// AddAction appends to an incident's action log.
func (q Queries) AddAction(ctx context.Context, a *biz.IncidentAction) error {
	return db.Conn(ctx, q.G).Create(a).Error
}

// AddNotices records the people notified.
func (q Queries) AddNotices(ctx context.Context, n []*biz.IncidentNotice) error {
	if len(n) == 0 {
		return nil
	}
	return db.Conn(ctx, q.G).Create(n).Error
}

// TeamMembers are the members of a team.
func (q Queries) TeamMembers(ctx context.Context, teamID int64) ([]biz.Member, error) {
	var out []biz.Member
	return out, q.conn(ctx).Where("team_id = ?", teamID).Order("id asc").Limit(1000).Find(&out).Error
}
