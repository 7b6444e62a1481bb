package biz

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"anquan/kit/authz"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Flows of the equipment's life besides records: service (repair) orders,
// disable / recover / scrap requests with approval, and lockout recovery
// (LOTO). Each moves through a state machine (Machine); every step is kept
// in the flow log with who, when and the comment, and audited by the
// repositories' writes.
//
// Object-level rules:
//
//	service order   report: the equipment's responsible person, its creator
//	                or a manager; assign: a manager whose data scope holds
//	                the order; start / finish: the assignee or such a
//	                manager; accept / return: the reporter or such a manager
//	request         submit: as the ledger's update; approve / reject: a
//	                manager in scope, never the requester (unless admin)
//	lockout         create / verify / request: its owner or a manager in
//	                scope; approve / reject: a manager in scope, never the
//	                owner (unless admin); approval needs every step verified

// Flow kinds of the log.
const (
	FlowService = 1
	FlowRequest = 2
	FlowLockout = 3
)

// Service order states.
const (
	ServiceReported  = 1
	ServiceAssigned  = 2
	ServiceRepairing = 3
	ServiceDone      = 4
	ServiceAccepted  = 5
)

// ServiceStateNames name the service order states.
var ServiceStateNames = map[int32]string{ServiceReported: "已报修", ServiceAssigned: "已派工", ServiceRepairing: "维修中", ServiceDone: "待验收", ServiceAccepted: "已验收"}

// ServiceTypes are the service types 1-10 (spec enum).
var ServiceTypes = map[int32]string{1: "机械故障", 2: "电气故障", 3: "仪表故障", 4: "泄漏", 5: "安全附件故障", 6: "润滑密封", 7: "腐蚀损伤",
	8: "联锁报警故障", 9: "计划检修", 10: "其他"}

// Request kinds and states.
const (
	RequestDisable = 1
	RequestRecover = 2
	RequestScrap   = 3

	RequestPending  = 1
	RequestApproved = 2
	RequestRejected = 3
)

// RequestKindNames name the request kinds.
var RequestKindNames = map[int32]string{RequestDisable: "停用", RequestRecover: "恢复", RequestScrap: "报废"}

// requestPages are the menu codes of the kinds' pages. The three kinds share one set of calls, whose
// permission names the button of any of the pages; mayKind then asks for the button of the request's
// own kind, so a role holding only 报废审批 cannot approve a disable.
var requestPages = map[int32]string{RequestDisable: "equipment_disabled", RequestRecover: "equipment_recover", RequestScrap: "equipment_scrap"}

func mayKind(ctx context.Context, kind int32, button, verb string) error {
	if authz.Can(ctx, requestPages[kind]+"_"+button) {
		return nil
	}
	return errs.Forbidden("您没有%s设备%s申请的权限", verb, RequestKindNames[kind])
}

// RequestStateNames name the request states.
var RequestStateNames = map[int32]string{RequestPending: "待审批", RequestApproved: "已批准", RequestRejected: "已驳回"}

// Lockout recovery states (spec enum).
const (
	LockoutShutdown  = 1
	LockoutRequested = 2
	LockoutApproved  = 3
	LockoutRejected  = 4
)

// LockoutStateNames name the lockout states.
var LockoutStateNames = map[int32]string{LockoutShutdown: "已生成停机数据", LockoutRequested: "已申请恢复", LockoutApproved: "恢复已批准", LockoutRejected: "恢复已驳回"}

// Transition is one action of a machine: the states it leaves and the one it enters.
type Transition struct {
	Name string
	From []int32
	To   int32
}

// Machine is a state machine: actions by name.
type Machine struct {
	Names   map[int32]string
	Actions map[string]Transition
}

// Next is the state an action leads to from a state, or a refusal in Chinese.
func (m Machine) Next(action string, from int32) (int32, error) {
	t, ok := m.Actions[action]
	if !ok {
		return 0, errs.BadRequest("未知操作 %s", action)
	}
	if !slices.Contains(t.From, from) {
		name := m.Names[from]
		if name == "" {
			name = strconv.Itoa(int(from))
		}
		return 0, errs.Rule("STATE", "当前状态为「%s」,不能%s", name, t.Name)
	}
	return t.To, nil
}

// ServiceMachine: reported -> assigned -> in repair -> done -> accepted, or
// returned from done to repair; an order may be reassigned before repair.
var ServiceMachine = Machine{Names: ServiceStateNames, Actions: map[string]Transition{
	"assign": {"派工", []int32{ServiceReported, ServiceAssigned}, ServiceAssigned},
	"start":  {"开始维修", []int32{ServiceAssigned}, ServiceRepairing},
	"finish": {"完成维修", []int32{ServiceRepairing}, ServiceDone},
	"accept": {"验收", []int32{ServiceDone}, ServiceAccepted},
	"return": {"退回返修", []int32{ServiceDone}, ServiceRepairing},
}}

// RequestMachine: pending -> approved or rejected.
var RequestMachine = Machine{Names: RequestStateNames, Actions: map[string]Transition{
	"approve": {"审批通过", []int32{RequestPending}, RequestApproved},
	"reject":  {"驳回", []int32{RequestPending}, RequestRejected},
}}

// LockoutMachine: 1 shutdown data -> 2 resumption requested -> 3 approved /
// 4 rejected; a rejected one is requested again once fixed.
var LockoutMachine = Machine{Names: LockoutStateNames, Actions: map[string]Transition{
	"request": {"申请恢复", []int32{LockoutShutdown, LockoutRejected}, LockoutRequested},
	"approve": {"批准恢复", []int32{LockoutRequested}, LockoutApproved},
	"reject":  {"驳回恢复", []int32{LockoutRequested}, LockoutRejected},
}}

// FlowLog is one step of a flow: who, when (create time), what, comment.
type FlowLog struct {
	db.Base
	Flow      int32  `gorm:"not null"`
	ObjectID  int64  `gorm:"not null"`
	Action    string `gorm:"size:20;not null"`
	FromState int32  `gorm:"not null;default:0"`
	ToState   int32  `gorm:"not null;default:0"`
	UserID    int64  `gorm:"not null;default:0"`
	UserName  string `gorm:"size:100;not null;default:''"`
	Comment   string `gorm:"size:500;not null;default:''"`
}

func (FlowLog) TableName() string { return "equipment_flow_log" }

// ServiceOrder is a service (repair) order of one ledger item.
type ServiceOrder struct {
	db.Base
	EquipmentID   int64  `gorm:"not null"`
	EquipmentCode string `gorm:"size:64;not null;default:''"`
	EquipmentName string `gorm:"size:100;not null;default:''"`
	ServiceType   int32  `gorm:"not null"`
	Description   string `gorm:"size:1000;not null;default:''"`
	State         int32  `gorm:"not null;default:1"`
	ReporterID    int64  `gorm:"not null;default:0"`
	ReporterName  string `gorm:"size:100;not null;default:''"`
	AssigneeID    int64  `gorm:"not null;default:0"`
	AssigneeName  string `gorm:"size:100;not null;default:''"`
	RepairContent string `gorm:"size:1000;not null;default:''"`
	FinishTime    string `gorm:"size:19;not null;default:''"`
}

func (ServiceOrder) TableName() string { return "equipment_service_order" }

// Request is a disable, recover or scrap request of one ledger item.
type Request struct {
	db.Base
	Kind          int32  `gorm:"not null"`
	EquipmentID   int64  `gorm:"not null"`
	EquipmentCode string `gorm:"size:64;not null;default:''"`
	EquipmentName string `gorm:"size:100;not null;default:''"`
	Category      int32  `gorm:"not null;default:0"`
	Reason        string `gorm:"size:500;not null;default:''"`
	Measures      string `gorm:"size:500;not null;default:''"`
	State         int32  `gorm:"not null;default:1"`
	RequesterID   int64  `gorm:"not null;default:0"`
	RequesterName string `gorm:"size:100;not null;default:''"`
	ApproverID    int64  `gorm:"not null;default:0"`
	ApproverName  string `gorm:"size:100;not null;default:''"`
	ApproveTime   string `gorm:"size:19;not null;default:''"`
	Opinion       string `gorm:"size:500;not null;default:''"`
}

func (Request) TableName() string { return "equipment_request" }

// Lockout is a lockout recovery record (停机挂牌上锁 and its resumption).
type Lockout struct {
	db.Base
	EquipmentID   int64  `gorm:"not null"`
	EquipmentCode string `gorm:"size:64;not null;default:''"`
	EquipmentName string `gorm:"size:100;not null;default:''"`
	Reason        string `gorm:"size:500;not null;default:''"`
	State         int32  `gorm:"not null;default:1"`
	OwnerID       int64  `gorm:"not null;default:0"`
	OwnerName     string `gorm:"size:100;not null;default:''"`
	StepCount     int32  `gorm:"not null;default:0"`
	VerifiedCount int32  `gorm:"not null;default:0"`
	ApproverID    int64  `gorm:"not null;default:0"`
	ApproverName  string `gorm:"size:100;not null;default:''"`
	ApproveTime   string `gorm:"size:19;not null;default:''"`
	Opinion       string `gorm:"size:500;not null;default:''"`
}

func (Lockout) TableName() string { return "equipment_lockout" }

// LockoutStep is an isolation point of a lockout: its lock, who locked it,
// and its verification (try-start).
type LockoutStep struct {
	db.Base
	LockoutID    int64  `gorm:"not null"`
	Seq          int32  `gorm:"not null"`
	Point        string `gorm:"size:100;not null"`
	Energy       string `gorm:"size:50;not null;default:''"`
	LockNo       string `gorm:"size:50;not null"`
	LockerID     int64  `gorm:"not null;default:0"`
	LockerName   string `gorm:"size:100;not null;default:''"`
	Verified     int32  `gorm:"not null;default:0"`
	VerifierID   int64  `gorm:"not null;default:0"`
	VerifierName string `gorm:"size:100;not null;default:''"`
	VerifyTime   string `gorm:"size:19;not null;default:''"`
}

func (LockoutStep) TableName() string { return "equipment_lockout_step" }

// Flows is the use cases of the flows; it shares the ledger's stores and checks.
type Flows struct {
	*Ledger
	Orders   paging.Store[ServiceOrder]
	Requests paging.Store[Request]
	Lockouts paging.Store[Lockout]
	Steps    paging.Store[LockoutStep]
	Logs     paging.Store[FlowLog]
}

func (f *Flows) now() string { return f.Now().In(timefmt.Zone).Format(timefmt.Layout) }

// scopedManager: a manager whose data scope holds a row of dept.
func (f *Flows) scopedManager(ctx context.Context, id *ident.Identity, dept int64) (bool, error) {
	ok, err := f.manager(ctx, id)
	if err != nil || !ok {
		return false, err
	}
	return id.DeptInScope(dept) || id.Super, nil
}

// allow lets one of users (0 never matches) or a manager in scope through.
func (f *Flows) allow(ctx context.Context, id *ident.Identity, dept int64, users []int64, msg string, args ...any) error {
	if id.UserID != 0 && slices.Contains(users, id.UserID) {
		return nil
	}
	ok, err := f.scopedManager(ctx, id, dept)
	if err != nil {
		return err
	}
	if !ok {
		return errs.Forbidden(msg, args...)
	}
	return nil
}

func (f *Flows) log(ctx context.Context, id *ident.Identity, flow int32, obj int64, action string, from, to int32, comment string) error {
	return f.Logs.Create(ctx, &FlowLog{Flow: flow, ObjectID: obj, Action: action, FromState: from, ToState: to, UserID: id.UserID,
		UserName: id.DisplayName(), Comment: comment})
}

// History is the log of one object, oldest first (create time, then id:
// steps within one second keep their order on every engine).
func (f *Flows) History(ctx context.Context, flow int32, obj int64) ([]FlowLog, error) {
	return f.Logs.List(ctx, paging.Query{Filters: map[string]string{"flow_equal": strconv.Itoa(int(flow)),
		"objectId_equal": strconv.FormatInt(obj, 10)}}, 200)
}

// equipmentInUse reads the item of a flow: it exists and is not scrapped.
func (f *Flows) equipmentInUse(ctx context.Context, eid int64) (*Equipment, error) {
	if eid == 0 {
		return nil, errs.BadRequest("请选择设备")
	}
	e, err := f.Items.Get(ctx, eid)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.BadRequest("设备不存在")
		}
		return nil, err
	}
	if e.Lifecycle == LifecycleScrapped {
		return nil, errs.Rule("SCRAPPED", "设备「%s」已报废", e.Name)
	}
	return e, nil
}

// ---- service orders ----

// ReportService creates a service order (state 1) or edits one still
// reported, by its reporter.
func (f *Flows) ReportService(ctx context.Context, o *ServiceOrder) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	o.Description = strings.TrimSpace(o.Description)
	if _, ok := ServiceTypes[o.ServiceType]; !ok {
		return errs.BadRequest("请选择维修类型(1-10)")
	}
	if o.Description == "" {
		return errs.BadRequest("请填写故障描述")
	}
	if err := valid.MaxLens(valid.F("故障描述", o.Description, 1000)); err != nil {
		return err
	}
	e, err := f.equipmentInUse(ctx, o.EquipmentID)
	if err != nil {
		return err
	}
	o.EquipmentCode, o.EquipmentName = e.Code, e.Name
	if o.ID != 0 {
		old, err := f.Orders.Get(ctx, o.ID)
		if err != nil {
			return err
		}
		if old.ReporterID != id.UserID {
			return errs.Forbidden("只有报修人可以修改报修单")
		}
		if old.State != ServiceReported {
			return errs.Rule("STATE", "报修单已派工,不能修改")
		}
		return f.Orders.Update(ctx, o.ID, o, "equipment_id", "equipment_code", "equipment_name", "service_type", "description", "update_user", "update_time")
	}
	if err := f.mayManage(ctx, e, "报修"); err != nil {
		return err
	}
	o.State, o.ReporterID, o.ReporterName = ServiceReported, id.UserID, id.DisplayName()
	o.AssigneeID, o.AssigneeName, o.RepairContent, o.FinishTime = 0, "", "", ""
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Orders.Create(ctx, o); err != nil {
			return err
		}
		return f.log(ctx, id, FlowService, o.ID, "report", 0, ServiceReported, o.Description)
	})
}

// ServiceStep is one step of a service order.
type ServiceStep struct {
	ID         int64
	Action     string
	AssigneeID int64
	Comment    string
}

// MoveService takes a service order one step: assign (a manager; the
// assignee must exist), start and finish (the assignee; starting marks
// the equipment 维修中), accept (the reporter; the equipment is 完好 again)
// or return (the reporter; a comment is required).
func (f *Flows) MoveService(ctx context.Context, s ServiceStep) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	s.Comment = strings.TrimSpace(s.Comment)
	if err := valid.MaxLens(valid.F("意见", s.Comment, 500)); err != nil {
		return err
	}
	o, err := f.Orders.Get(ctx, s.ID)
	if err != nil {
		return err
	}
	to, err := ServiceMachine.Next(s.Action, o.State)
	if err != nil {
		return err
	}
	switch s.Action {
	case "assign":
		if err := f.allow(ctx, id, o.CreateDept, nil, "只有数据范围内的安全管理人员可以派工"); err != nil {
			return err
		}
		if s.AssigneeID == 0 {
			return errs.BadRequest("请选择维修人")
		}
		name, found, err := f.People.Name(ctx, id.TenantID, s.AssigneeID)
		if err != nil {
			return err
		}
		if !found {
			return errs.BadRequest("维修人不存在")
		}
		o.AssigneeID, o.AssigneeName = s.AssigneeID, name
	case "start", "finish":
		if err := f.allow(ctx, id, o.CreateDept, []int64{o.AssigneeID}, "只有维修人或安全管理人员可以%s", ServiceMachine.Actions[s.Action].Name); err != nil {
			return err
		}
		if s.Action == "finish" {
			if s.Comment == "" {
				return errs.BadRequest("请填写维修内容")
			}
			o.RepairContent, o.FinishTime = s.Comment, f.now()
		}
	case "accept", "return":
		if err := f.allow(ctx, id, o.CreateDept, []int64{o.ReporterID}, "只有报修人或安全管理人员可以%s", ServiceMachine.Actions[s.Action].Name); err != nil {
			return err
		}
		if s.Action == "return" && s.Comment == "" {
			return errs.BadRequest("请填写退回原因")
		}
	}
	from := o.State
	o.State = to
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Orders.Update(ctx, o.ID, o, "state", "assignee_id", "assignee_name", "repair_content", "finish_time", "update_user", "update_time"); err != nil {
			return err
		}
		if s.Action == "start" || s.Action == "accept" {
			state := int32(MaintainRepair)
			if s.Action == "accept" {
				state = MaintainGood
			}
			if err := f.Items.Update(ctx, o.EquipmentID, &Equipment{MaintainState: state}, "maintain_state", "update_user", "update_time"); err != nil {
				return err
			}
		}
		return f.log(ctx, id, FlowService, o.ID, s.Action, from, to, s.Comment)
	})
}

// RemoveServices deletes orders still reported: their reporter or a manager.
func (f *Flows) RemoveServices(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, oid := range ids {
		o, err := f.Orders.Get(ctx, oid)
		if err != nil {
			return err
		}
		if err := f.allow(ctx, id, o.CreateDept, []int64{o.ReporterID}, "只有报修人或安全管理人员可以删除报修单"); err != nil {
			return err
		}
		if o.State != ServiceReported {
			return errs.Rule("STATE", "报修单「%s」已派工,不能删除", o.EquipmentName)
		}
	}
	return f.Orders.Remove(ctx, ids)
}

// ---- disable / recover / scrap requests ----

// SubmitRequest files a request (never an edit): a disable needs the item
// in use and enabled, a recover a disabled one, a scrap one in use; one
// pending request of a kind per item.
func (f *Flows) SubmitRequest(ctx context.Context, r *Request) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if r.ID != 0 {
		return errs.BadRequest("申请提交后不能修改,如有错误请删除后重新申请")
	}
	kind, ok := RequestKindNames[r.Kind]
	if !ok {
		return errs.BadRequest("请选择申请类型(1 停用、2 恢复、3 报废)")
	}
	if err := mayKind(ctx, r.Kind, "add", "提交"); err != nil {
		return err
	}
	r.Reason, r.Measures = strings.TrimSpace(r.Reason), strings.TrimSpace(r.Measures)
	if r.Reason == "" {
		return errs.BadRequest("请填写%s原因", kind)
	}
	if err := valid.MaxLens(valid.F("原因", r.Reason, 500), valid.F("措施", r.Measures, 500)); err != nil {
		return err
	}
	e, err := f.equipmentInUse(ctx, r.EquipmentID)
	if err != nil {
		return err
	}
	if err := f.mayManage(ctx, e, "申请"+kind); err != nil {
		return err
	}
	if err := requestFits(r.Kind, e); err != nil {
		return err
	}
	if r.Kind == RequestDisable && e.Category == CategorySafety && r.Measures == "" {
		return errs.BadRequest("安全设施停用须填写停用期间的安全措施")
	}
	pending, err := f.Requests.Exists(ctx, 0, "equipment_id = ? AND kind = ? AND state = ?", e.ID, r.Kind, RequestPending)
	if err != nil {
		return err
	}
	if pending {
		return errs.Rule("PENDING", "设备「%s」已有待审批的%s申请", e.Name, kind)
	}
	r.EquipmentCode, r.EquipmentName, r.Category = e.Code, e.Name, e.Category
	r.State, r.RequesterID, r.RequesterName = RequestPending, id.UserID, id.DisplayName()
	r.ApproverID, r.ApproverName, r.ApproveTime, r.Opinion = 0, "", "", ""
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Requests.Create(ctx, r); err != nil {
			return err
		}
		return f.log(ctx, id, FlowRequest, r.ID, "submit", 0, RequestPending, r.Reason)
	})
}

func requestFits(kind int32, e *Equipment) error {
	switch kind {
	case RequestDisable:
		if e.Enable == EnableOff {
			return errs.Rule("STATE", "设备「%s」已停用", e.Name)
		}
	case RequestRecover:
		if e.Enable != EnableOff {
			return errs.Rule("STATE", "设备「%s」未停用,无需恢复", e.Name)
		}
	}
	return nil
}

// DecideRequest approves or rejects a pending request: a manager in scope
// other than the requester (an administrator may decide his own). An
// approval changes the item (停用: enable 2; 恢复: enable 1; 报废:
// lifecycle 2) and a disabled safety facility raises a hidden danger.
func (f *Flows) DecideRequest(ctx context.Context, rid int64, action, opinion string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	opinion = strings.TrimSpace(opinion)
	if err := valid.MaxLens(valid.F("审批意见", opinion, 500)); err != nil {
		return err
	}
	r, err := f.Requests.Get(ctx, rid)
	if err != nil {
		return err
	}
	if err := mayKind(ctx, r.Kind, "approve", "审批"); err != nil {
		return err
	}
	to, err := RequestMachine.Next(action, r.State)
	if err != nil {
		return err
	}
	if err := f.allow(ctx, id, r.CreateDept, nil, "只有数据范围内的安全管理人员可以审批"); err != nil {
		return err
	}
	if r.RequesterID == id.UserID && !id.Super {
		return errs.Forbidden("不能审批自己提交的申请")
	}
	if action == "reject" && opinion == "" {
		return errs.BadRequest("请填写驳回意见")
	}
	e, err := f.Items.Get(ctx, r.EquipmentID)
	if err != nil {
		return err
	}
	cols := []string{"update_user", "update_time"}
	if action == "approve" {
		if e.Lifecycle == LifecycleScrapped {
			return errs.Rule("SCRAPPED", "设备「%s」已报废", e.Name)
		}
		if err := requestFits(r.Kind, e); err != nil {
			return err
		}
		switch r.Kind {
		case RequestDisable:
			e.Enable = EnableOff
			cols = append(cols, "enable")
		case RequestRecover:
			e.Enable = EnableOn
			cols = append(cols, "enable")
		case RequestScrap:
			e.Lifecycle = LifecycleScrapped
			cols = append(cols, "lifecycle")
		}
	}
	from := r.State
	r.State, r.ApproverID, r.ApproverName, r.ApproveTime, r.Opinion = to, id.UserID, id.DisplayName(), f.now(), opinion
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Requests.Update(ctx, r.ID, r, "state", "approver_id", "approver_name", "approve_time", "opinion", "update_user", "update_time"); err != nil {
			return err
		}
		if err := f.log(ctx, id, FlowRequest, r.ID, action, from, to, opinion); err != nil {
			return err
		}
		if action != "approve" {
			return nil
		}
		if err := f.Items.Update(ctx, e.ID, e, cols...); err != nil {
			return err
		}
		if r.Kind != RequestDisable || e.Category != CategorySafety {
			return nil
		}
		return f.Events.Add(ctx, SubjectHazard, id.TenantID, map[string]any{
			"source": "equipment", "sourceId": "disable-" + strconv.FormatInt(r.ID, 10),
			"title":       "安全设施停用:" + e.Name + "(" + e.Code + ")",
			"description": "停用原因:" + r.Reason + "。停用期间措施:" + firstNonEmpty(r.Measures, "未填写") + "。",
			"level":       0, "hazardType": 7, "dangerSrc": 3, "location": e.Location,
			"reporterId": strconv.FormatInt(r.RequesterID, 10), "liableUserId": strconv.FormatInt(e.ResponsibleUserID, 10),
			"link": "/companyBasic/production/disabled?equipmentId=" + strconv.FormatInt(e.ID, 10),
		})
	})
}

// RemoveRequests deletes pending requests: their requester or a manager.
func (f *Flows) RemoveRequests(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, rid := range ids {
		r, err := f.Requests.Get(ctx, rid)
		if err != nil {
			return err
		}
		if err := mayKind(ctx, r.Kind, "delete", "删除"); err != nil {
			return err
		}
		if err := f.allow(ctx, id, r.CreateDept, []int64{r.RequesterID}, "只有申请人或安全管理人员可以删除申请"); err != nil {
			return err
		}
		if r.State != RequestPending {
			return errs.Rule("STATE", "已审批的申请不能删除")
		}
	}
	return f.Requests.Remove(ctx, ids)
}

// ---- lockout recovery ----

// CreateLockout records a shutdown with its isolation points (state 1): the
// caller locked them; each is verified later.
func (f *Flows) CreateLockout(ctx context.Context, l *Lockout, steps []LockoutStep) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if l.ID != 0 {
		return errs.BadRequest("停机数据生成后不能修改,如有错误请删除后重新登记")
	}
	l.Reason = strings.TrimSpace(l.Reason)
	if l.Reason == "" {
		return errs.BadRequest("请填写停机原因")
	}
	if err := valid.MaxLens(valid.F("停机原因", l.Reason, 500)); err != nil {
		return err
	}
	if len(steps) == 0 {
		return errs.BadRequest("请至少填写一个隔离点")
	}
	if len(steps) > 30 {
		return errs.BadRequest("隔离点不能超过 30 个")
	}
	seen := map[string]bool{}
	for i := range steps {
		s := &steps[i]
		s.Point, s.Energy, s.LockNo = strings.TrimSpace(s.Point), strings.TrimSpace(s.Energy), strings.TrimSpace(s.LockNo)
		if s.Point == "" || s.LockNo == "" {
			return errs.BadRequest("第 %d 个隔离点须填写隔离点和锁具编号", i+1)
		}
		if err := valid.MaxLens(valid.F("隔离点", s.Point, 100), valid.F("能量类型", s.Energy, 50), valid.F("锁具编号", s.LockNo, 50)); err != nil {
			return err
		}
		if seen[s.LockNo] {
			return errs.BadRequest("锁具编号 %s 重复", s.LockNo)
		}
		seen[s.LockNo] = true
	}
	e, err := f.equipmentInUse(ctx, l.EquipmentID)
	if err != nil {
		return err
	}
	if err := f.mayManage(ctx, e, "登记停机上锁"); err != nil {
		return err
	}
	open, err := f.Lockouts.Exists(ctx, 0, "equipment_id = ? AND state <> ?", e.ID, LockoutApproved)
	if err != nil {
		return err
	}
	if open {
		return errs.Rule("OPEN", "设备「%s」已有未恢复的停机上锁记录", e.Name)
	}
	l.EquipmentCode, l.EquipmentName = e.Code, e.Name
	l.State, l.OwnerID, l.OwnerName = LockoutShutdown, id.UserID, id.DisplayName()
	l.StepCount, l.VerifiedCount = int32(len(steps)), 0
	l.ApproverID, l.ApproverName, l.ApproveTime, l.Opinion = 0, "", "", ""
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Lockouts.Create(ctx, l); err != nil {
			return err
		}
		for i := range steps {
			s := steps[i]
			s.ID, s.LockoutID, s.Seq = 0, l.ID, int32(i+1)
			s.LockerID, s.LockerName = id.UserID, id.DisplayName()
			s.Verified, s.VerifierID, s.VerifierName, s.VerifyTime = 0, 0, "", ""
			if err := f.Steps.Create(ctx, &s); err != nil {
				return err
			}
		}
		return f.log(ctx, id, FlowLockout, l.ID, "shutdown", 0, LockoutShutdown, l.Reason)
	})
}

// LockoutSteps are a lockout's isolation points in order.
func (f *Flows) LockoutSteps(ctx context.Context, lid int64) ([]LockoutStep, error) {
	return f.Steps.List(ctx, paging.Query{Ascs: "seq", Filters: map[string]string{"lockoutId_equal": strconv.FormatInt(lid, 10)}}, 100)
}

// VerifyStep records the verification (try-start) of an isolation point by
// the caller: the owner or a manager, before resumption is requested.
func (f *Flows) VerifyStep(ctx context.Context, lid int64, seq int32) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	l, err := f.Lockouts.Get(ctx, lid)
	if err != nil {
		return err
	}
	if err := f.allow(ctx, id, l.CreateDept, []int64{l.OwnerID}, "只有停机上锁负责人或安全管理人员可以验证隔离点"); err != nil {
		return err
	}
	if l.State != LockoutShutdown && l.State != LockoutRejected {
		return errs.Rule("STATE", "当前状态为「%s」,不能验证隔离点", LockoutStateNames[l.State])
	}
	steps, err := f.LockoutSteps(ctx, lid)
	if err != nil {
		return err
	}
	idx := slices.IndexFunc(steps, func(s LockoutStep) bool { return s.Seq == seq })
	if idx < 0 {
		return errs.BadRequest("隔离点不存在")
	}
	s := steps[idx]
	if s.Verified == 1 {
		return errs.Rule("VERIFIED", "隔离点「%s」已验证", s.Point)
	}
	s.Verified, s.VerifierID, s.VerifierName, s.VerifyTime = 1, id.UserID, id.DisplayName(), f.now()
	l.VerifiedCount++
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Steps.Update(ctx, s.ID, &s, "verified", "verifier_id", "verifier_name", "verify_time", "update_user", "update_time"); err != nil {
			return err
		}
		if err := f.Lockouts.Update(ctx, l.ID, l, "verified_count", "update_user", "update_time"); err != nil {
			return err
		}
		return f.log(ctx, id, FlowLockout, l.ID, "verify", l.State, l.State, "验证隔离点 "+strconv.Itoa(int(s.Seq))+" "+s.Point+"(锁具 "+s.LockNo+")")
	})
}

// MoveLockout requests resumption (the owner or a manager), approves it or
// rejects it (a manager in scope other than the owner, unless admin).
// Every isolation point must be verified before resumption is requested or
// approved.
func (f *Flows) MoveLockout(ctx context.Context, lid int64, action, comment string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	comment = strings.TrimSpace(comment)
	if err := valid.MaxLens(valid.F("意见", comment, 500)); err != nil {
		return err
	}
	l, err := f.Lockouts.Get(ctx, lid)
	if err != nil {
		return err
	}
	to, err := LockoutMachine.Next(action, l.State)
	if err != nil {
		return err
	}
	if action == "request" {
		if err := f.allow(ctx, id, l.CreateDept, []int64{l.OwnerID}, "只有停机上锁负责人或安全管理人员可以申请恢复"); err != nil {
			return err
		}
	} else {
		if err := f.allow(ctx, id, l.CreateDept, nil, "只有数据范围内的安全管理人员可以审批恢复"); err != nil {
			return err
		}
		if l.OwnerID == id.UserID && !id.Super {
			return errs.Forbidden("不能审批自己的恢复申请")
		}
		if action == "reject" && comment == "" {
			return errs.BadRequest("请填写驳回意见")
		}
	}
	if action != "reject" {
		steps, err := f.LockoutSteps(ctx, lid)
		if err != nil {
			return err
		}
		for _, s := range steps {
			if s.Verified != 1 {
				return errs.Rule("UNVERIFIED", "隔离点「%s」(锁具 %s)尚未验证,不能%s", s.Point, s.LockNo, LockoutMachine.Actions[action].Name)
			}
		}
	}
	from := l.State
	l.State = to
	cols := []string{"state", "update_user", "update_time"}
	if action != "request" {
		l.ApproverID, l.ApproverName, l.ApproveTime, l.Opinion = id.UserID, id.DisplayName(), f.now(), comment
		cols = append(cols, "approver_id", "approver_name", "approve_time", "opinion")
	}
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Lockouts.Update(ctx, l.ID, l, cols...); err != nil {
			return err
		}
		return f.log(ctx, id, FlowLockout, l.ID, action, from, to, comment)
	})
}

// RemoveLockouts deletes lockouts not yet requested: their owner or a manager.
func (f *Flows) RemoveLockouts(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, lid := range ids {
		l, err := f.Lockouts.Get(ctx, lid)
		if err != nil {
			return err
		}
		if err := f.allow(ctx, id, l.CreateDept, []int64{l.OwnerID}, "只有停机上锁负责人或安全管理人员可以删除"); err != nil {
			return err
		}
		if l.State != LockoutShutdown {
			return errs.Rule("STATE", "已申请恢复的记录不能删除")
		}
	}
	return f.Lockouts.Remove(ctx, ids)
}
