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

// Data reads the caller's own data from the services that own it, with the
// caller's identity: they apply the caller's permissions and data scope.
type Data interface {
	Hazards(ctx context.Context) (*HazardStats, error)
	TodayPermits(ctx context.Context) (*PermitStats, error)
}

// Links to the records' pages in the web app.
const hazardPage = "/hiddenDanger/index"

func permitLink(r PermitRow) string {
	return "/businessProcess/jobManagement/newJobManagement/" + r.WorkType + "/view?id=" + itoa(r.ID)
}
