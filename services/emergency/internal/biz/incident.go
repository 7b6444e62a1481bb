package biz

import (
	"context"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/valid"
)

// Emergency launch (应急启动): an incident starts from a published plan of
// the tenant, notifies the plan's responsible person, its response team's
// members (a desk message to those with an account, the others by phone)
// and further chosen users, keeps an append-only action log (who, when,
// what) and ends with a summary; an ended incident is read-only. The
// commander (who launched it), its creator's department in the caller's
// data scope, or an administrator may log actions and close it.

// Incident states.
const (
	IncidentOpen   int32 = 1
	IncidentClosed int32 = 2
)

// IncidentStateNames name the states.
var IncidentStateNames = map[int32]string{IncidentOpen: "进行中", IncidentClosed: "已结束"}

// IncidentLevelNames name the response levels.
var IncidentLevelNames = map[int32]string{1: "一级响应", 2: "二级响应", 3: "三级响应", 4: "四级响应"}

// Notice channels.
const (
	NoticeDesk  int32 = 1
	NoticePhone int32 = 2
)

// SubjectIncidentLaunched (anquan. is prefixed by the outbox) asks desk to message a notified user (one event per user).
const SubjectIncidentLaunched = "emergency.incident.launched"

// MaxNotifyUsers bounds the further users of a launch.
const MaxNotifyUsers = 200

// Incident is an emergency incident (应急事件).
type Incident struct {
	db.Base
	PlanID          int64      `gorm:"not null"`
	PlanName        string     `gorm:"size:200;not null;default:''"`
	TeamID          int64      `gorm:"not null;default:0"`
	TeamName        string     `gorm:"size:100;not null;default:''"`
	Level           int32      `gorm:"not null;default:0"`
	Place           string     `gorm:"size:200;not null;default:''"`
	Description     string     `gorm:"size:2000;not null;default:''"`
	State           int32      `gorm:"not null;default:1"`
	StartTime       time.Time  `gorm:"not null"`
	EndTime         *time.Time `gorm:""`
	Summary         string     `gorm:"type:text"`
	CommanderUserID int64      `gorm:"not null;default:0"`
	CommanderName   string     `gorm:"size:50;not null;default:''"`
}

func (Incident) TableName() string { return "emergency_incident" }

// IncidentAction is an entry of an incident's action log (append-only).
type IncidentAction struct {
	db.Base
	IncidentID int64     `gorm:"not null"`
	ActTime    time.Time `gorm:"not null"`
	UserID     int64     `gorm:"not null;default:0"`
	UserName   string    `gorm:"size:50;not null;default:''"`
	Content    string    `gorm:"size:1000;not null"`
}

func (IncidentAction) TableName() string { return "emergency_incident_action" }

// IncidentNotice is a person notified of an incident.
type IncidentNotice struct {
	db.Base
	IncidentID int64  `gorm:"not null"`
	UserID     int64  `gorm:"not null;default:0"`
	Name       string `gorm:"size:50;not null;default:''"`
	Phone      string `gorm:"size:30;not null;default:''"`
	Role       string `gorm:"size:50;not null;default:''"`
	Channel    int32  `gorm:"not null;default:1"`
}

func (IncidentNotice) TableName() string { return "emergency_incident_notice" }

// IncidentQueries are the incident reads and appends.
type IncidentQueries interface {
	Actions(ctx context.Context, incidentID int64) ([]IncidentAction, error)
	Notices(ctx context.Context, incidentID int64) ([]IncidentNotice, error)
	AddAction(ctx context.Context, a *IncidentAction) error
	AddNotices(ctx context.Context, n []*IncidentNotice) error
	// TeamMembers are the members of a team.
	TeamMembers(ctx context.Context, teamID int64) ([]Member, error)
}

// Launch is a requested launch.
type Launch struct {
	PlanID, TeamID int64
	Level          int32
	Place          string
	Description    string
	NotifyUserIDs  []int64
}

// IncidentLaunched is the event a notified user's desk message is made of.
type IncidentLaunched struct {
	UserID      string `json:"userId"`
	IncidentID  string `json:"incidentId"`
	PlanName    string `json:"planName"`
	LevelName   string `json:"levelName"`
	Place       string `json:"place"`
	Description string `json:"description"`
	Commander   string `json:"commander"`
	StartTime   string `json:"startTime"`
	Link        string `json:"link"`
}

// ValidateLaunch checks a launch's own fields.
func ValidateLaunch(l *Launch) error {
	if l.PlanID <= 0 {
		return errs.BadRequest("请选择应急预案")
	}
	if _, ok := IncidentLevelNames[l.Level]; !ok {
		return errs.BadRequest("响应级别只能为 1 到 4 (一级到四级响应)")
	}
	var err error
	if l.Place, err = valid.Text("事发地点", l.Place, 200); err != nil {
		return err
	}
	if l.Description, err = valid.Text("事件描述", l.Description, 2000); err != nil {
		return err
	}
	if len(l.NotifyUserIDs) > MaxNotifyUsers {
		return errs.BadRequest("通知人员不能超过 %d 人", MaxNotifyUsers)
	}
	return nil
}

// LaunchIncident starts an incident from a published plan; returns its id.
func (e *Emergency) LaunchIncident(ctx context.Context, l Launch) (int64, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return 0, err
	}
	if err := ValidateLaunch(&l); err != nil {
		return 0, err
	}
	p, err := e.Plans.Get(ctx, l.PlanID)
	if err != nil {
		return 0, err
	}
	if p.State != PlanPublished {
		return 0, errs.BadRequest("预案「%s」%s,只能依据已发布的预案启动应急响应", p.Name, PlanStateNames[p.State])
	}
	var team *Team
	var members []Member
	if l.TeamID != 0 {
		if team, err = e.Teams.Get(ctx, l.TeamID); err != nil {
			return 0, err
		}
		if members, err = e.IncidentQ.TeamMembers(ctx, team.ID); err != nil {
			return 0, err
		}
	}
	// Who hears of it: the plan's responsible person, the team's members
	// (by account, else by phone), the chosen users; each person once.
	users := []int64{}
	seen := map[int64]bool{id.UserID: true}
	addUser := func(uid int64) {
		if uid > 0 && !seen[uid] {
			seen[uid] = true
			users = append(users, uid)
		}
	}
	addUser(p.ResponsibleUserID)
	for _, m := range members {
		addUser(m.UserID)
	}
	for _, u := range l.NotifyUserIDs {
		addUser(u)
	}
	lookup := append([]int64{id.UserID}, users...)
	names, err := e.Names.Names(ctx, id.TenantID, lookup)
	if err != nil {
		return 0, err
	}
	for _, u := range l.NotifyUserIDs {
		if _, ok := names[u]; !ok {
			return 0, errs.BadRequest("所选人员(%d)不存在或不属于本租户", u)
		}
	}
	role := map[int64]string{p.ResponsibleUserID: "预案负责人"}
	phone := map[int64]string{}
	var notices []*IncidentNotice
	for _, m := range members {
		if m.UserID > 0 {
			role[m.UserID], phone[m.UserID] = "队员 "+m.Role, m.Phone
			continue
		}
		notices = append(notices, &IncidentNotice{Name: m.Name, Phone: m.Phone, Role: strings.TrimSpace("队员 " + m.Role), Channel: NoticePhone})
	}
	for _, u := range users {
		name, ok := names[u]
		if !ok {
			continue // an account since removed: the team member is reached by phone
		}
		r := role[u]
		if r == "" {
			r = "通知人员"
		}
		notices = append(notices, &IncidentNotice{UserID: u, Name: name, Phone: phone[u], Role: strings.TrimSpace(r), Channel: NoticeDesk})
	}
	now := e.Now()
	inc := &Incident{PlanID: p.ID, PlanName: p.Name, Level: l.Level, Place: l.Place, Description: l.Description, State: IncidentOpen,
		StartTime: now, CommanderUserID: id.UserID, CommanderName: names[id.UserID]}
	if team != nil {
		inc.TeamID, inc.TeamName = team.ID, team.Name
	}
	err = e.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := e.Incidents.Create(ctx, inc); err != nil {
			return err
		}
		for _, n := range notices {
			n.IncidentID = inc.ID
		}
		if err := e.IncidentQ.AddNotices(ctx, notices); err != nil {
			return err
		}
		desk, phoned := 0, 0
		for _, n := range notices {
			if n.Channel == NoticeDesk {
				desk++
			} else {
				phoned++
			}
		}
		if err := e.IncidentQ.AddAction(ctx, &IncidentAction{IncidentID: inc.ID, ActTime: now, UserID: id.UserID, UserName: inc.CommanderName,
			Content: "依据预案「" + p.Name + "」启动" + IncidentLevelNames[l.Level] + ",站内通知 " + strconv.Itoa(desk) + " 人,电话通知 " + strconv.Itoa(phoned) + " 人"}); err != nil {
			return err
		}
		for _, n := range notices {
			if n.Channel != NoticeDesk {
				continue
			}
			ev := IncidentLaunched{UserID: strconv.FormatInt(n.UserID, 10), IncidentID: strconv.FormatInt(inc.ID, 10), PlanName: p.Name,
				LevelName: IncidentLevelNames[l.Level], Place: l.Place, Description: truncate(l.Description, 200), Commander: inc.CommanderName,
				StartTime: now.Format("2006-01-02 15:04:05"), Link: "/emergency/incident?id=" + strconv.FormatInt(inc.ID, 10)}
			if err := e.Events.Add(ctx, SubjectIncidentLaunched, id.TenantID, ev); err != nil {
				return err
			}
		}
		return nil
	})
	return inc.ID, err
}

// incidentFor loads an incident in progress the caller may act on.
func (e *Emergency) incidentFor(ctx context.Context, incidentID int64, verb string) (*ident.Identity, *Incident, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, err
	}
	inc, err := e.Incidents.Get(ctx, incidentID)
	if err != nil {
		return nil, nil, err
	}
	if !inScope(id, &inc.Base, inc.CommanderUserID) {
		return nil, nil, outOfScope("应急事件", inc.PlanName, verb)
	}
	if inc.State != IncidentOpen {
		return nil, nil, errs.BadRequest("应急事件「%s」%s,不能再%s", inc.PlanName, IncidentStateNames[inc.State], verb)
	}
	return id, inc, nil
}

// AddIncidentAction appends an action to the log (now, by the caller).
func (e *Emergency) AddIncidentAction(ctx context.Context, incidentID int64, content string) error {
	id, inc, err := e.incidentFor(ctx, incidentID, "记录处置行动")
	if err != nil {
		return err
	}
	if content, err = valid.Text("处置行动", content, 1000); err != nil {
		return err
	}
	name, _, err := e.userName(ctx, id)
	if err != nil {
		return err
	}
	return e.IncidentQ.AddAction(ctx, &IncidentAction{IncidentID: inc.ID, ActTime: e.Now(), UserID: id.UserID, UserName: name, Content: content})
}

func (e *Emergency) userName(ctx context.Context, id *ident.Identity) (string, bool, error) {
	names, err := e.Names.Names(ctx, id.TenantID, []int64{id.UserID})
	if err != nil {
		return "", false, err
	}
	n, ok := names[id.UserID]
	return n, ok, nil
}

// CloseIncident ends an incident now with its summary (logged too).
func (e *Emergency) CloseIncident(ctx context.Context, incidentID int64, summary string) error {
	id, inc, err := e.incidentFor(ctx, incidentID, "结束")
	if err != nil {
		return err
	}
	if summary, err = valid.Text("处置总结", summary, 5000); err != nil {
		return err
	}
	name, _, err := e.userName(ctx, id)
	if err != nil {
		return err
	}
	now := e.Now()
	inc.State, inc.EndTime, inc.Summary = IncidentClosed, &now, summary
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := e.Incidents.Update(ctx, inc.ID, inc, "state", "end_time", "summary", "update_user", "update_time"); err != nil {
			return err
		}
		return e.IncidentQ.AddAction(ctx, &IncidentAction{IncidentID: inc.ID, ActTime: now, UserID: id.UserID, UserName: name, Content: "结束应急响应"})
	})
}

// Muster is the muster list from personnel positioning.
type Muster struct {
	Available     bool
	Message       string
	Online, Total int32
	Zones         []MusterZone
}

// MusterZone is a zone's head count.
type MusterZone struct {
	Name  string
	Count int32
}

// Positioning reads the head counts as the caller (nil error and
// Available false: positioning could not be read, said in Message).
type Positioning interface {
	Muster(ctx context.Context) Muster
}
