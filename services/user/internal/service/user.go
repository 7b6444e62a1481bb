package service

import (
	"context"
	"strconv"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

func (s *User) Page(ctx context.Context, q *commonv1.PageQuery) (*pb.UserPage, error) {
	p, err := s.uc.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return pageOut(p), nil
}

func (s *User) Detail(ctx context.Context, q *commonv1.IdQuery) (*pb.User, error) {
	return svc.Detail(ctx, q.Id, s.uc.Detail, userOut)
}

func (s *User) Submit(ctx context.Context, p *pb.User) (*wrapperspb.BoolValue, error) {
	u, err := userIn(p, s.plain(p.Password))
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Save(ctx, u)
}

func (s *User) Update(ctx context.Context, p *pb.User) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return s.Submit(ctx, p)
}

func (s *User) Remove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.Ids, s.uc.Remove)
}

func (s *User) ResetPassword(ctx context.Context, q *pb.UserIdsQuery) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.UserIds, s.uc.ResetPassword)
}

func (s *User) Grant(ctx context.Context, q *pb.GrantRequest) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.UserIds, func(ctx context.Context, v []int64) error { return s.uc.Grant(ctx, v, q.RoleIds) })
}

func (s *User) Unlock(ctx context.Context, q *pb.UserIdsQuery) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.UserIds, s.uc.Unlock)
}

func (s *User) AuditPass(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.Ids, s.uc.AuditPass)
}

func (s *User) AuditRefuse(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return withIDs(ctx, q.Ids, s.uc.AuditRefuse)
}

// withIDs runs a write on a comma list of ids (data:true on success).
func withIDs(ctx context.Context, list string, fn func(context.Context, []int64) error) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(list)
	if err != nil {
		return nil, err
	}
	if err := fn(ctx, v); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

var sexNames = map[int32]string{1: "男", 2: "女", 3: "未知"}
var typeNames = map[int32]string{biz.TypeInternal: "内部", biz.TypeExternal: "外部"}
var statusNames = map[int32]string{biz.StatusPending: "待审核", biz.StatusNormal: "正常", biz.StatusRejected: "已驳回"}

var exportColumns = []xlsx.Column[biz.UserView]{
	{Header: "账号", Value: func(v biz.UserView) any { return v.Account }},
	{Header: "姓名", Value: func(v biz.UserView) any { return v.Name }},
	{Header: "真实姓名", Value: func(v biz.UserView) any { return v.RealName }},
	{Header: "用户类型", Width: 10, Value: func(v biz.UserView) any { return typeNames[v.UserType] }},
	{Header: "所属角色", Width: 24, Value: func(v biz.UserView) any { return v.RoleName }},
	{Header: "所属部门", Width: 24, Value: func(v biz.UserView) any { return v.DeptName }},
	{Header: "所属岗位", Width: 24, Value: func(v biz.UserView) any { return v.PostName }},
	{Header: "邮箱", Width: 24, Value: func(v biz.UserView) any { return v.Email }},
	{Header: "手机号码", Value: func(v biz.UserView) any { return v.Phone }},
	{Header: "性别", Width: 8, Value: func(v biz.UserView) any { return sexNames[v.Sex] }},
	{Header: "生日", Value: func(v biz.UserView) any { return birthdayOut(&v.User) }},
	{Header: "状态", Width: 10, Value: func(v biz.UserView) any { return statusNames[v.Status] }},
	{Header: "创建时间", Width: 20, Value: func(v biz.UserView) any { return timefmt.Format(v.CreateTime) }},
}

func (s *User) Export(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.ExportEach(ctx, "用户", "用户数据", exportColumns, func(add func(biz.UserView) error) error {
		return s.uc.Export(ctx, svc.Query(q), svc.MaxExportRows, add)
	})
}

func (s *User) Info(ctx context.Context, _ *commonv1.Empty) (*pb.User, error) {
	v, err := s.uc.Info(ctx)
	if err != nil {
		return nil, err
	}
	return userOut(v), nil
}

func (s *User) UpdateInfo(ctx context.Context, p *pb.User) (*wrapperspb.BoolValue, error) {
	u, err := userIn(p, "")
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.UpdateInfo(ctx, u)
}

func (s *User) UpdatePassword(ctx context.Context, q *pb.PasswordRequest) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.UpdatePassword(ctx, s.plain(q.OldPassword), s.plain(q.NewPassword), s.plain(q.NewPassword1))
}

func (s *User) UserListByTenantId(ctx context.Context, q *commonv1.PageQuery) (*pb.UserList, error) {
	return s.tenantList(ctx, svc.Query(q))
}

func (s *User) UserPageByTenantId(ctx context.Context, q *commonv1.PageQuery) (*pb.UserPage, error) {
	p, err := s.uc.TenantPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return pageOut(p), nil
}

// GetUserListOutAndInside lists internal (1) or external (2) users, all when 0.
func (s *User) GetUserListOutAndInside(ctx context.Context, q *pb.UserTypeQuery) (*pb.UserList, error) {
	if q.UserType != 0 && q.UserType != biz.TypeInternal && q.UserType != biz.TypeExternal {
		return nil, errs.BadRequest("人员类型只能是 1(内部) 或 2(外部)")
	}
	f := map[string]string{}
	if q.UserType != 0 {
		f["userType_equal"] = strconv.Itoa(int(q.UserType))
	}
	if q.DeptId != "" {
		f["deptId"] = q.DeptId
	}
	return s.tenantList(ctx, paging.Query{Filters: f})
}

func (s *User) GetUserListOutAndInsidePage(ctx context.Context, q *commonv1.PageQuery) (*pb.UserPage, error) {
	return s.UserPageByTenantId(ctx, q)
}

func (s *User) tenantList(ctx context.Context, q paging.Query) (*pb.UserList, error) {
	list, err := s.uc.TenantList(ctx, q)
	if err != nil {
		return nil, err
	}
	return &pb.UserList{Items: svc.Map(list, userOut)}, nil
}

func (s *User) RegisterGuest(ctx context.Context, q *pb.RegisterGuestRequest) (*pb.RegisterGuestReply, error) {
	r, err := s.uc.RegisterGuest(ctx, biz.Guest{TenantID: q.TenantId, Name: q.Name, Account: q.Account, Password: s.plain(q.Password), OAuthID: q.OauthId})
	if err != nil {
		return nil, err
	}
	return &pb.RegisterGuestReply{Success: r.Success, Msg: r.Msg}, nil
}
