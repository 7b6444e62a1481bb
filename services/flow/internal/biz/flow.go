// Package biz holds blade-flow's rules: process definitions per tenant, the
// approval state machine, candidates and history.
package biz

import (
	"context"
	"strconv"
	"strings"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Store is the persistence blade-flow needs beyond the generic repositories.
type Store interface {
	// ModelsFor returns the enabled models of the caller's tenant with one of keys.
	ModelsFor(ctx context.Context, keys []string) ([]Model, error)
	// Advance writes in's state, step and version+1 where the row still has
	// version from and is in process; false when another signer won.
	Advance(ctx context.Context, in *Instance, from int32) (bool, error)
	// SetCandidates replaces the candidates of an instance (none when finished).
	SetCandidates(ctx context.Context, instanceID int64, step *Step) error
	// Comments of an instance, oldest first.
	Comments(ctx context.Context, instanceID int64) ([]Comment, error)
	// Todo: open instances whose current task lists one of aliases or userID.
	Todo(ctx context.Context, aliases []string, userID int64, q paging.Query) (*paging.Page[Instance], error)
	// Done: instances userID signed.
	Done(ctx context.Context, userID int64, q paging.Query) (*paging.Page[Instance], error)
}

// Directory is the part of blade-system flow reads.
type Directory interface {
	// Aliases of the given roles of a tenant (cached; roles change rarely).
	Aliases(ctx context.Context, tenantID string, roleIDs []int64) ([]string, error)
	// TenantAliases are every role alias of a tenant, read fresh.
	TenantAliases(ctx context.Context, tenantID string) (map[string]bool, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Flow is blade-flow's use cases.
type Flow struct {
	Models    paging.Store[Model]
	Instances paging.Store[Instance]
	History   paging.Store[Comment]
	S         Store
	Tx        db.Transactor
	Dir       Directory
	Events    Events
}

// Finished is the data of anquan.flow.instance.completed / rejected.
type Finished struct {
	ProcessInstanceID string `json:"processInstanceId"`
	ModelKey          string `json:"modelKey"`
	BusinessTable     string `json:"businessTable"`
	BusinessID        string `json:"businessId"`
	Title             string `json:"title"`
	// ApplicantID is omitted when a service started the instance for itself.
	ApplicantID string `json:"applicantId,omitempty"`
	// TaskName and Comment of the last signature (the refusal's reason).
	TaskName string `json:"taskName"`
	Comment  string `json:"comment"`
	UserName string `json:"userName"`
}

// actor is the caller as a signer.
func (f *Flow) actor(ctx context.Context) (Actor, error) {
	id := ident.From(ctx)
	if id == nil {
		return Actor{}, nil
	}
	if id.UserID == 0 {
		// A tenant without a user: only an internal call made by a service
		// for itself resolves to this (see kit/server.Acting).
		return Actor{Service: id.TenantID != "", Name: serviceName(id)}, nil
	}
	aliases, err := f.Dir.Aliases(ctx, id.TenantID, id.RoleIDs)
	if err != nil {
		return Actor{}, err
	}
	return Actor{UserID: id.UserID, Name: id.DisplayName(), Aliases: aliases, Super: id.Super}, nil
}

// serviceName signs the history lines of a service acting for itself.
func serviceName(id *ident.Identity) string {
	if id.TenantID == "" {
		return ""
	}
	return "系统"
}

func tenantOf(ctx context.Context) string {
	if id := ident.From(ctx); id != nil {
		return id.TenantID
	}
	return ""
}

// ParseInstanceID reads a process instance id.
func ParseInstanceID(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errs.BadRequest("缺少流程实例编号")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, errs.BadRequest("流程实例编号格式错误: %s", s)
	}
	return n, nil
}

// Start opens an instance for a business record.
type StartInput struct {
	ModelKey        string
	BusinessTable   string
	BusinessID      int64
	Title           string
	DefaultSteps    []Step
	ForbidApplicant bool
	Comment         string
}

func (f *Flow) Start(ctx context.Context, in StartInput) (*Instance, error) {
	if err := CheckKey(in.ModelKey); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.BusinessTable) == "" || len(in.BusinessTable) > 100 {
		return nil, errs.BadRequest("业务表名不能为空且不超过 100 个字符")
	}
	if in.BusinessID <= 0 {
		return nil, errs.BadRequest("缺少业务记录编号")
	}
	if len([]rune(in.Title)) > maxTitle {
		return nil, errs.BadRequest("流程标题不能超过 %d 字", maxTitle)
	}
	if err := CheckComment(in.Comment); err != nil {
		return nil, err
	}
	if tenantOf(ctx) == "" {
		return nil, errs.Unauthorized("")
	}
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	steps, forbid := in.DefaultSteps, in.ForbidApplicant
	models, err := f.S.ModelsFor(ctx, KeyChain(in.ModelKey))
	if err != nil {
		return nil, err
	}
	if m := mostSpecific(models, KeyChain(in.ModelKey)); m != nil {
		steps = DecodeSteps(m.Steps)
		forbid = forbid || m.ForbidApplicant
	} else if len(steps) == 0 {
		return nil, errs.Rule("FLOW_NO_MODEL", "未配置审批流程: %s", in.ModelKey)
	}
	if err := CheckSteps(steps, nil); err != nil {
		return nil, err
	}
	inst := &Instance{
		ModelKey: in.ModelKey, BusinessTable: in.BusinessTable, BusinessID: in.BusinessID, Title: in.Title,
		ApplicantID: a.UserID, ApplicantName: a.Name, State: InProcess, StepIndex: 0,
		Steps: EncodeSteps(steps), ForbidApplicant: forbid,
	}
	err = f.Tx.Tx(ctx, func(ctx context.Context) error {
		open, err := f.Instances.Exists(ctx, 0, "business_table = ? AND business_id = ? AND state = ?", in.BusinessTable, in.BusinessID, InProcess)
		if err != nil {
			return err
		}
		if open {
			return errs.Rule("FLOW_RUNNING", "该业务记录已在审批中")
		}
		if err := f.Instances.Create(ctx, inst); err != nil {
			return err
		}
		if err := f.S.SetCandidates(ctx, inst.ID, &steps[0]); err != nil {
			return err
		}
		return f.History.Create(ctx, &Comment{InstanceID: inst.ID, TaskName: "发起申请", UserID: a.UserID, UserName: a.Name, Action: ActStart, Comment: in.Comment})
	})
	if err != nil {
		return nil, err
	}
	return inst, nil
}

func mostSpecific(models []Model, chain []string) *Model {
	for _, k := range chain {
		for i := range models {
			if models[i].ModelKey == k {
				return &models[i]
			}
		}
	}
	return nil
}

// Get returns an instance of the caller's tenant.
func (f *Flow) Get(ctx context.Context, id int64) (*Instance, error) {
	in, err := f.Instances.Get(ctx, id)
	if errs.IsNotFound(err) {
		return nil, errs.NotFound("流程实例不存在")
	}
	return in, err
}

// Complete signs the current task of instance id as the caller.
func (f *Flow) Complete(ctx context.Context, id int64, pass bool, returnTo int32, comment string) (*Instance, error) {
	if err := CheckComment(comment); err != nil {
		return nil, err
	}
	in, err := f.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	steps := DecodeSteps(in.Steps)
	t, err := Decide(in, steps, a, pass, returnTo)
	if err != nil {
		return nil, err
	}
	from := in.Version
	in.State, in.StepIndex = t.State, t.StepIndex
	action := ActPass
	if !pass {
		action = ActReject
	}
	err = f.Tx.Tx(ctx, func(ctx context.Context) error {
		won, err := f.S.Advance(ctx, in, from)
		if err != nil {
			return err
		}
		if !won {
			return errs.Rule("FLOW_CONFLICT", "该任务已被他人处理,请刷新后重试")
		}
		var next *Step
		if t.State == InProcess {
			next = &steps[t.StepIndex]
		}
		if err := f.S.SetCandidates(ctx, in.ID, next); err != nil {
			return err
		}
		if err := f.History.Create(ctx, &Comment{InstanceID: in.ID, TaskName: t.Task, UserID: a.UserID, UserName: a.Name, Action: action, Comment: comment}); err != nil {
			return err
		}
		return f.finished(ctx, in, t.Task, a.Name, comment)
	})
	if err != nil {
		return nil, err
	}
	in.Version = from + 1
	return in, nil
}

// finished publishes the end of an approval.
func (f *Flow) finished(ctx context.Context, in *Instance, task, user, comment string) error {
	subject := ""
	switch in.State {
	case Completed:
		subject = "flow.instance.completed"
	case Rejected:
		subject = "flow.instance.rejected"
	default:
		return nil
	}
	applicant := ""
	if in.ApplicantID > 0 {
		applicant = strconv.FormatInt(in.ApplicantID, 10)
	}
	return f.Events.Add(ctx, subject, in.TenantID, Finished{
		ProcessInstanceID: in.ProcessInstanceID(), ModelKey: in.ModelKey, BusinessTable: in.BusinessTable,
		BusinessID: strconv.FormatInt(in.BusinessID, 10), Title: in.Title, ApplicantID: applicant,
		TaskName: task, Comment: comment, UserName: user,
	})
}

// Record adds a history line without moving the instance (MayRecord).
func (f *Flow) Record(ctx context.Context, id int64, task, action, comment string) (*Comment, error) {
	action, err := CheckAction(action)
	if err != nil {
		return nil, err
	}
	if err := CheckComment(comment); err != nil {
		return nil, err
	}
	if len([]rune(task)) > maxName {
		return nil, errs.BadRequest("环节名称过长")
	}
	in, err := f.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	if err := MayRecord(in, DecodeSteps(in.Steps), a, action); err != nil {
		return nil, err
	}
	if strings.TrimSpace(task) == "" {
		task = "记录"
		if steps := DecodeSteps(in.Steps); in.State == InProcess && int(in.StepIndex) < len(steps) && in.StepIndex >= 0 {
			task = steps[in.StepIndex].Name
		}
	}
	c := &Comment{InstanceID: in.ID, TaskName: task, UserID: a.UserID, UserName: a.Name, Action: action, Comment: comment}
	if err := f.History.Create(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Cancel withdraws an instance in process: its applicant, a tenant
// administrator, or the calling service itself may.
func (f *Flow) Cancel(ctx context.Context, id int64, comment string) (*Instance, error) {
	if err := CheckComment(comment); err != nil {
		return nil, err
	}
	in, err := f.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	if in.State != InProcess {
		return nil, errs.Rule("FLOW_FINISHED", "流程%s,不能撤销", stateWords[in.State])
	}
	callerIsService := ident.From(ctx) != nil && ident.From(ctx).UserID == 0
	if !callerIsService && a.UserID != in.ApplicantID && !a.Super {
		return nil, errs.Forbidden("只有申请人或管理员可以撤销流程")
	}
	from := in.Version
	in.State, in.StepIndex = Cancelled, -1
	err = f.Tx.Tx(ctx, func(ctx context.Context) error {
		won, err := f.S.Advance(ctx, in, from)
		if err != nil {
			return err
		}
		if !won {
			return errs.Rule("FLOW_CONFLICT", "该任务已被他人处理,请刷新后重试")
		}
		if err := f.S.SetCandidates(ctx, in.ID, nil); err != nil {
			return err
		}
		return f.History.Create(ctx, &Comment{InstanceID: in.ID, TaskName: "撤销", UserID: a.UserID, UserName: a.Name, Action: ActCancel, Comment: comment})
	})
	if err != nil {
		return nil, err
	}
	in.Version = from + 1
	return in, nil
}

// Comments is the history of an instance of the caller's tenant.
func (f *Flow) Comments(ctx context.Context, id int64) ([]Comment, error) {
	if _, err := f.Get(ctx, id); err != nil {
		return nil, err
	}
	return f.S.Comments(ctx, id)
}

// Todo lists what waits for the caller's signature.
func (f *Flow) Todo(ctx context.Context, q paging.Query) (*paging.Page[Instance], error) {
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	return f.S.Todo(ctx, a.Aliases, a.UserID, q)
}

// Done lists what the caller signed.
func (f *Flow) Done(ctx context.Context, q paging.Query) (*paging.Page[Instance], error) {
	a, err := f.actor(ctx)
	if err != nil {
		return nil, err
	}
	return f.S.Done(ctx, a.UserID, q)
}
