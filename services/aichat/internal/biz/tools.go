package biz

import "context"

// HazardStats are the caller's open hidden dangers (states 待评估, 整改中,
// 待验收) as the hazard list shows them to the caller.
type HazardStats struct {
	Open, Major, Overdue           int
	Reported, Rectifying, ToAccept int
	Rows                           []HazardRow
}

// HazardRow is one open hazard.
type HazardRow struct {
	ID       int64
	Name     string
	Level    string
	State    string
	Deadline string
	Liable   string
	Overdue  bool
}

// PermitStats are today's permits the caller may see.
type PermitStats struct {
	Total  int
	ByType []Count
	Rows   []PermitRow
}

// Count is a named count.
type Count struct {
	Name string
	N    int
}

// PermitRow is one permit of today.
type PermitRow struct {
	ID       int64
	No       string
	WorkType string // code, for the link
	Type     string
	Level    string
	Location string
	Status   string
	Start    string
}

// CertStats are the certificates expired or expiring within the tenant's
// reminder window (证书到期提醒), as that page shows them to the caller.
type CertStats struct {
	Expired, Expiring int
	Until             string
	Rows              []CertRow
}

// CertRow is one such certificate.
type CertRow struct {
	Holder, Kind, No, Expire string
	DaysLeft                 int
}

// InspectionStats are the caller's inspection tasks due: open (not done)
// tasks whose window has begun, as the task list shows them to the caller.
type InspectionStats struct {
	Due, Overdue, Mine int
	// Counted is how many of Due the overdue and mine counts cover (the
	// first page read).
	Counted int
	Rows    []InspectionRow
}

// InspectionRow is one task due.
type InspectionRow struct {
	ID                          int64
	Plan, Inspector, Start, End string
	Overdue                     bool
}

// AlarmStats are the active monitoring alarms the caller may see (the
// alarm board's list).
type AlarmStats struct {
	Active, Unacked, Critical, Shelved int
	ByLevel                            []Count
	Rows                               []AlarmRow
}

// AlarmRow is one active alarm.
type AlarmRow struct {
	ID                                   int64
	Point, Level, State, Value, RaisedAt string
}

// Data reads the caller's own data from the services that own it, with the
// caller's identity: they apply the caller's permissions and data scope.
type Data interface {
	Hazards(ctx context.Context) (*HazardStats, error)
	TodayPermits(ctx context.Context) (*PermitStats, error)
	Certificates(ctx context.Context) (*CertStats, error)
	InspectionsDue(ctx context.Context) (*InspectionStats, error)
	ActiveAlarms(ctx context.Context) (*AlarmStats, error)
}

// Links to the records' pages in the web app.
const (
	hazardPage = "/hiddenDanger/index"
	certPage   = "/personnel/certificateExpire"
	taskPage   = "/intelligentInspectionNew/task"
	alarmPage  = "/monitor/alarm"
)

func permitLink(r PermitRow) string {
	return "/businessProcess/jobManagement/newJobManagement/" + r.WorkType + "/view?id=" + itoa(r.ID)
}
