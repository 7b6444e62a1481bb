package service

import (
	"strconv"
	"strings"

	"anquan/flow/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/flow/v1"

	"google.golang.org/protobuf/proto"
)

func stepsIn(in []*pb.Step) ([]biz.Step, error) {
	out := make([]biz.Step, 0, len(in))
	for i, s := range in {
		users, ok := ident.ParseIDs(s.GetUserIds())
		if !ok {
			return nil, errs.BadRequest("第 %d 个审批环节的审批人编号格式错误", i+1)
		}
		out = append(out, biz.Step{Name: strings.TrimSpace(s.GetName()), Roles: biz.SplitList(s.GetRoleAliases()), Users: users})
	}
	return out, nil
}

func stepsOut(in []biz.Step) []*pb.Step {
	out := make([]*pb.Step, 0, len(in))
	for _, s := range in {
		out = append(out, &pb.Step{Name: s.Name, RoleAliases: strings.Join(s.Roles, ","), UserIds: ident.JoinIDs(s.Users)})
	}
	return out
}

func modelOut(m *biz.Model) *pb.Model {
	return &pb.Model{
		Id: m.ID, TenantId: m.TenantID, ModelKey: m.ModelKey, Name: m.Name, Steps: stepsOut(biz.DecodeSteps(m.Steps)),
		ForbidApplicant: m.ForbidApplicant, Status: proto.Int32(m.Status), Remark: m.Remark,
		CreateTime: timefmt.Format(m.CreateTime), UpdateTime: timefmt.Format(m.UpdateTime),
	}
}

func instanceOut(in *biz.Instance) *pb.Instance {
	steps := biz.DecodeSteps(in.Steps)
	out := &pb.Instance{
		ProcessInstanceId: in.ProcessInstanceID(), TenantId: in.TenantID, ModelKey: in.ModelKey,
		BusinessTable: in.BusinessTable, BusinessId: in.BusinessID, Title: in.Title,
		ApplicantId: in.ApplicantID, ApplicantName: in.ApplicantName, Status: in.State, StepIndex: in.StepIndex,
		Steps: stepsOut(steps), CreateTime: timefmt.Format(in.CreateTime), UpdateTime: timefmt.Format(in.UpdateTime),
	}
	if in.State == biz.InProcess && in.StepIndex >= 0 && int(in.StepIndex) < len(steps) {
		s := steps[in.StepIndex]
		out.TaskName, out.CandidateRoles, out.CandidateUsers = s.Name, strings.Join(s.Roles, ","), ident.JoinIDs(s.Users)
	}
	return out
}

func instancePage(p *paging.Page[biz.Instance]) *pb.InstancePage {
	return &pb.InstancePage{
		Records: svc.Map(p.Records, instanceOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size),
	}
}

func commentOut(c *biz.Comment) *pb.Comment {
	return &pb.Comment{
		Id: c.ID, ProcessInstanceId: strconv.FormatInt(c.InstanceID, 10), TaskName: c.TaskName, UserId: c.UserID,
		UserName: c.UserName, Action: c.Action, Comment: c.Comment, Time: timefmt.Format(c.CreateTime),
	}
}
