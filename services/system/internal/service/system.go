// Package service is blade-system's gRPC layer: it validates and converts
// requests and answers, and leaves the rules to biz.
package service

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/seedids"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

// System serves SystemService and SystemInternal.
type System struct {
	pb.UnimplementedSystemServiceServer
	pb.UnimplementedSystemInternalServer
	uc *biz.System
}

// New binds the handlers to the use cases.
func New(uc *biz.System) *System { return &System{uc: uc} }

var ok = wrapperspb.Bool(true)

func badTime(field string) error {
	return errs.BadRequest("%s格式错误,应为 yyyy-MM-dd HH:mm:ss", field)
}

// ---- tenant ----

func (s *System) TenantList(ctx context.Context, q *commonv1.PageQuery) (*pb.TenantPage, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	p, err := s.uc.S.Tenants.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.TenantPage{Records: svc.Map(p.Records, tenantOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) TenantDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Tenant, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	t, err := s.uc.S.Tenants.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return tenantOut(t), nil
}

func (s *System) TenantSubmit(ctx context.Context, p *pb.Tenant) (*wrapperspb.BoolValue, error) {
	t, err := tenantIn(p)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.SaveTenant(ctx, t)
}

func (s *System) TenantRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveTenants(ctx, v)
}

func (s *System) TenantExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.S.Tenants, svc.Query(q), "租户", []xlsx.Column[biz.Tenant]{
		{Header: "租户编号", Value: func(t biz.Tenant) any { return t.TenantID }},
		{Header: "租户名称", Width: 30, Value: func(t biz.Tenant) any { return t.TenantName }},
		{Header: "域名", Value: func(t biz.Tenant) any { return t.Domain }},
		{Header: "联系人", Value: func(t biz.Tenant) any { return t.Linkman }},
		{Header: "联系电话", Value: func(t biz.Tenant) any { return t.ContactNumber }},
		{Header: "账号额度", Value: func(t biz.Tenant) any { return t.AccountNumber }},
		{Header: "过期时间", Width: 20, Value: func(t biz.Tenant) any { return timefmt.FormatPtr(t.ExpireTime) }},
	})
}

func (s *System) GetTenantInfo(ctx context.Context, q *pb.DomainQuery) (*pb.TenantInfo, error) {
	t, err := s.uc.TenantInfo(ctx, q.Domain)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return &pb.TenantInfo{}, nil
	}
	return &pb.TenantInfo{TenantId: t.TenantID, TenantName: t.TenantName, Domain: t.Domain, BackgroundUrl: t.BackgroundURL}, nil
}

func (s *System) TenantGetByTenantId(ctx context.Context, q *pb.TenantIdQuery) (*pb.Tenant, error) {
	id := ident.From(ctx)
	tenant := strings.TrimSpace(q.TenantId)
	if tenant == "" && id != nil {
		tenant = id.TenantID
	}
	if id != nil && !id.IsPlatform() && tenant != id.TenantID {
		return nil, errs.NotFound("租户不存在")
	}
	t, err := s.uc.Q.TenantByID(ctx, tenant)
	if err != nil {
		return nil, err
	}
	out := tenantOut(t)
	if id != nil && !id.IsPlatform() {
		out.LicenseKey = ""
	}
	return out, nil
}

func (s *System) SelectTenant(ctx context.Context, _ *commonv1.Empty) (*pb.TenantSelect, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	list, err := s.uc.S.Tenants.List(ctx, paging.Query{Ascs: "tenantId"}, 0)
	if err != nil {
		return nil, err
	}
	return &pb.TenantSelect{Items: svc.Map(list, tenantOut)}, nil
}

func (s *System) TenantGetMenuSubtabulationList(ctx context.Context, q *pb.TenantIdQuery) (*pb.IdList, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	if _, err := s.uc.Q.TenantByID(ctx, q.TenantId); err != nil {
		return nil, err
	}
	menus, err := s.uc.Q.Menus(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.IdList{Items: []string{}}
	for _, m := range menus {
		if m.ParentID == 0 && m.IsUsed == 2 {
			out.Items = append(out.Items, fmt.Sprint(m.ID))
		}
	}
	return out, nil
}

func (s *System) TenantUpdateMenuSubtabulationList(ctx context.Context, q *pb.MenuSubtabulation) (*wrapperspb.BoolValue, error) {
	if strings.TrimSpace(q.TenantId) == "" {
		return nil, errs.BadRequest("缺少租户编号")
	}
	v, good := ident.ParseIDs(q.MenuIds)
	if !good {
		return nil, errs.BadRequest("menuIds 参数格式错误")
	}
	return ok, s.uc.UpdateModules(ctx, q.TenantId, v)
}

// ---- roles ----

func (s *System) ListRole(ctx context.Context, q *commonv1.PageQuery) (*pb.RoleList, error) {
	list, err := s.uc.S.Roles.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	return &pb.RoleList{Items: roleTree(list, len(q.GetFilters()) > 0)}, nil
}

func roleTree(list []biz.Role, flat bool) []*pb.Role {
	nodes := map[int64]*pb.Role{}
	var roots []*pb.Role
	for i := range list {
		nodes[list[i].ID] = roleOut(&list[i])
	}
	for i := range list {
		n := nodes[list[i].ID]
		if p, ok := nodes[list[i].ParentID]; ok && !flat {
			n.ParentName = p.RoleName
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	if roots == nil {
		roots = []*pb.Role{}
	}
	return roots
}

func (s *System) RoleTree(ctx context.Context, q *commonv1.PageQuery) (*commonv1.TreeNodes, error) {
	list, err := s.uc.Q.Roles(ctx)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: flatTree(len(list), func(i int) (int64, int64, string) { return list[i].ID, list[i].ParentID, list[i].RoleName })}, nil
}

// flatTree builds tree look-up nodes from a flat list.
func flatTree(n int, at func(i int) (id, parent int64, title string)) []*commonv1.TreeNode {
	nodes := map[int64]*commonv1.TreeNode{}
	order := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		id, parent, title := at(i)
		nodes[id] = &commonv1.TreeNode{Id: id, ParentId: parent, Title: title, Key: id, Value: id}
		order = append(order, id)
	}
	roots := []*commonv1.TreeNode{}
	for _, id := range order {
		nd := nodes[id]
		if p, ok := nodes[nd.ParentId]; ok {
			p.Children = append(p.Children, nd)
			p.HasChildren = true
		} else {
			roots = append(roots, nd)
		}
	}
	return roots
}

func (s *System) RoleDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Role, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	r, err := s.uc.S.Roles.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return roleOut(r), nil
}

func (s *System) RoleSubmit(ctx context.Context, p *pb.Role) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveRole(ctx, roleIn(p))
}

func (s *System) RoleRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveRoles(ctx, v)
}

func (s *System) RoleExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Roles, svc.Query(q), "角色", []xlsx.Column[biz.Role]{
		{Header: "角色名称", Value: func(r biz.Role) any { return r.RoleName }},
		{Header: "角色别名", Value: func(r biz.Role) any { return r.RoleAlias }},
		{Header: "排序", Value: func(r biz.Role) any { return r.Sort }},
		{Header: "数据权限", Value: func(r biz.Role) any { return r.DataScope }},
	})
}

func (s *System) RoleGrant(ctx context.Context, q *pb.GrantRequest) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.Grant(ctx, q.RoleIds, q.MenuIds)
}

// ---- depts ----

func (s *System) ListDept(ctx context.Context, q *commonv1.PageQuery) (*pb.DeptList, error) {
	list, err := s.uc.S.Depts.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	flat := len(q.GetFilters()) > 0
	nodes := map[int64]*pb.Dept{}
	for i := range list {
		nodes[list[i].ID] = deptOut(&list[i])
	}
	roots := []*pb.Dept{}
	for i := range list {
		n := nodes[list[i].ID]
		if p, ok := nodes[list[i].ParentID]; ok && !flat {
			n.ParentName = p.DeptName
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	return &pb.DeptList{Items: roots}, nil
}

func (s *System) DeptTree(ctx context.Context, q *commonv1.PageQuery) (*commonv1.TreeNodes, error) {
	list, err := s.uc.Q.Depts(ctx)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: flatTree(len(list), func(i int) (int64, int64, string) { return list[i].ID, list[i].ParentID, list[i].DeptName })}, nil
}

func (s *System) DeptDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Dept, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	d, err := s.uc.S.Depts.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return deptOut(d), nil
}

func (s *System) DeptSubmit(ctx context.Context, p *pb.Dept) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveDept(ctx, deptIn(p))
}

func (s *System) DeptRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveDepts(ctx, v)
}

func (s *System) DeptExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Depts, svc.Query(q), "部门", []xlsx.Column[biz.Dept]{
		{Header: "部门名称", Value: func(d biz.Dept) any { return d.DeptName }},
		{Header: "部门全称", Width: 30, Value: func(d biz.Dept) any { return d.FullName }},
		{Header: "排序", Value: func(d biz.Dept) any { return d.Sort }},
	})
}

// tenantOf reads the tenantId filter: the platform administrator may read
// another tenant's rows with it; for anyone else only their own tenant
// matches (another tenant's id finds nothing).
func tenantOf(ctx context.Context, q paging.Query) (context.Context, paging.Query, error) {
	t := strings.TrimSpace(q.Filters["tenantId"])
	if t == "" {
		return ctx, q, nil
	}
	filters := make(map[string]string, len(q.Filters))
	for k, v := range q.Filters {
		if k != "tenantId" {
			filters[k] = v
		}
	}
	q.Filters = filters
	id := ident.From(ctx)
	if id == nil || t == id.TenantID {
		return ctx, q, nil
	}
	if !id.IsPlatform() {
		q.Filters["id_equal"] = "-1" // not theirs: an empty page, never another tenant's rows
		return ctx, q, nil
	}
	return ident.ForTenant(ctx, t), q, nil
}

// ---- posts, params, clients (paged CRUD) ----

func (s *System) PostList(ctx context.Context, q *commonv1.PageQuery) (*pb.PostPage, error) {
	p, err := s.uc.S.Posts.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.PostPage{Records: svc.Map(p.Records, postOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) PostDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Post, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	v, err := s.uc.S.Posts.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return postOut(v), nil
}

func (s *System) PostSubmit(ctx context.Context, p *pb.Post) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SavePost(ctx, postIn(p))
}

func (s *System) PostRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemovePosts(ctx, v)
}

func (s *System) PostExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Posts, svc.Query(q), "岗位", []xlsx.Column[biz.Post]{
		{Header: "岗位编号", Value: func(p biz.Post) any { return p.PostCode }},
		{Header: "岗位名称", Value: func(p biz.Post) any { return p.PostName }},
		{Header: "岗位类型", Value: func(p biz.Post) any { return p.Category }},
		{Header: "排序", Value: func(p biz.Post) any { return p.Sort }},
	})
}

func (s *System) ParamList(ctx context.Context, q *commonv1.PageQuery) (*pb.ParamPage, error) {
	ctx, pq, err := tenantOf(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	p, err := s.uc.S.Params.Page(ctx, biz.ParamQuery(ctx, pq))
	if err != nil {
		return nil, err
	}
	return &pb.ParamPage{Records: svc.Map(p.Records, paramMasked), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ParamDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Param, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	v, err := s.uc.ReadParam(ctx, q.Id, "")
	if err != nil {
		return nil, err
	}
	return paramOut(v), nil
}

func (s *System) ParamSubmit(ctx context.Context, p *pb.Param) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveParam(ctx, paramIn(p))
}

func (s *System) ParamRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveParams(ctx, v)
}

func (s *System) ParamExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Params, biz.ParamQuery(ctx, svc.Query(q)), "参数", []xlsx.Column[biz.Param]{
		{Header: "参数名称", Value: func(p biz.Param) any { return p.ParamName }},
		{Header: "参数键名", Value: func(p biz.Param) any { return p.ParamKey }},
		{Header: "参数键值", Width: 30, Value: func(p biz.Param) any { return p.Masked().ParamValue }},
		{Header: "可见范围", Value: func(p biz.Param) any { return biz.ParamVisibilityName(p.Visibility) }},
	})
}

func (s *System) ParamByKey(ctx context.Context, q *pb.ParamQuery) (*pb.Param, error) {
	p, err := s.uc.ReadParam(ctx, 0, q.Key)
	if err != nil {
		return nil, err
	}
	return paramOut(p), nil
}

func (s *System) ClientList(ctx context.Context, q *commonv1.PageQuery) (*pb.ClientPage, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	p, err := s.uc.S.Clients.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.ClientPage{Records: svc.Map(p.Records, clientOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ClientDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Client, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	v, err := s.uc.S.Clients.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return clientOut(v), nil
}

func (s *System) ClientSubmit(ctx context.Context, p *pb.Client) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveClient(ctx, clientIn(p))
}

func (s *System) ClientRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.S.Clients.Remove(ctx, v)
}

func (s *System) ClientExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.S.Clients, svc.Query(q), "应用", []xlsx.Column[biz.Client]{
		{Header: "客户端ID", Value: func(c biz.Client) any { return c.ClientID }},
		{Header: "授权类型", Width: 30, Value: func(c biz.Client) any { return c.AuthorizedGrantTypes }},
		{Header: "令牌秒数", Value: func(c biz.Client) any { return c.AccessTokenValidity }},
		{Header: "刷新令牌秒数", Value: func(c biz.Client) any { return c.RefreshTokenValidity }},
	})
}

// ---- menus ----

func (s *System) menuFilter(q *pb.MenuQuery) func(*biz.Menu) bool {
	name := strings.TrimSpace(q.GetFilters()["name"])
	code := strings.TrimSpace(q.GetFilters()["code"])
	return func(m *biz.Menu) bool {
		return (name == "" || strings.Contains(m.Name, name)) && (code == "" || strings.Contains(m.Code, code))
	}
}

func (s *System) lazy(ctx context.Context, q *pb.MenuQuery, menusOnly bool) (*pb.MenuList, error) {
	all, err := s.uc.AllMenus(ctx, !menusOnly)
	if err != nil {
		return nil, err
	}
	// Find the children of parent_id in the tree.
	level := all
	if q.ParentId != 0 {
		level = nil
		var find func(ns []*biz.MenuNode)
		find = func(ns []*biz.MenuNode) {
			for _, n := range ns {
				if n.ID == q.ParentId {
					level = n.Children
					return
				}
				find(n.Children)
			}
		}
		find(all)
	}
	keep := s.menuFilter(q)
	out := &pb.MenuList{Items: []*pb.Menu{}}
	for _, n := range level {
		if !keep(&n.Menu) {
			continue
		}
		m := menuOut(&n.Menu)
		m.HasChildren = len(n.Children) > 0
		out.Items = append(out.Items, m)
	}
	return out, nil
}

func (s *System) MenuLazyList(ctx context.Context, q *pb.MenuQuery) (*pb.MenuList, error) {
	return s.lazy(ctx, q, false)
}

func (s *System) MenuLazyMenuList(ctx context.Context, q *pb.MenuQuery) (*pb.MenuList, error) {
	return s.lazy(ctx, q, true)
}

func (s *System) ListMenu(ctx context.Context, q *pb.MenuQuery) (*pb.MenuList, error) {
	all, err := s.uc.AllMenus(ctx, true)
	if err != nil {
		return nil, err
	}
	return &pb.MenuList{Items: nodesOut(all, 0)}, nil
}

func (s *System) MenuTree(ctx context.Context, q *pb.MenuQuery) (*commonv1.TreeNodes, error) {
	all, err := s.uc.AllMenus(ctx, false)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: treeNodes(all)}, nil
}

func (s *System) MenuGrantTree(ctx context.Context, _ *commonv1.Empty) (*commonv1.TreeNodes, error) {
	all, err := s.uc.AllMenus(ctx, true)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: treeNodes(all)}, nil
}

func (s *System) MenuRoleTreeKeys(ctx context.Context, q *pb.RoleKeysQuery) (*pb.IdList, error) {
	v, good := ident.ParseIDs(q.RoleIds)
	if !good {
		return nil, errs.BadRequest("roleIds 参数格式错误")
	}
	for _, r := range v {
		if _, err := s.uc.S.Roles.Get(ctx, r); err != nil {
			return nil, err
		}
	}
	got, err := s.uc.Q.GrantedMenuIDs(ctx, v)
	if err != nil {
		return nil, err
	}
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	out := &pb.IdList{Items: make([]string, 0, len(got))}
	for _, id := range got {
		out.Items = append(out.Items, fmt.Sprint(id))
	}
	return out, nil
}

func (s *System) MenuDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Menu, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	m, err := s.uc.S.Menus.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return menuOut(m), nil
}

func (s *System) MenuSubmit(ctx context.Context, p *pb.Menu) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveMenu(ctx, menuIn(p))
}

func (s *System) MenuRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveMenus(ctx, v)
}

func (s *System) TopMenu(ctx context.Context, _ *commonv1.Empty) (*pb.TopMenuList, error) {
	routes, err := s.uc.Routes(ctx, 0)
	if err != nil {
		return nil, err
	}
	out := &pb.TopMenuList{Items: make([]*pb.TopMenu, 0, len(routes))}
	for _, n := range routes {
		out.Items = append(out.Items, &pb.TopMenu{Id: n.ID, TenantId: n.TenantID, Name: n.Name, Code: n.Code, Source: n.Source, Path: n.Path, Sort: n.Sort})
	}
	return out, nil
}

func (s *System) Routes(ctx context.Context, q *pb.MenuQuery) (*pb.MenuList, error) {
	// Every page load asks for this: the answer is built once per menu
	// snapshot and role set.
	v, err := s.uc.Memo(ctx, fmt.Sprintf("routes|%d", q.TopMenuId), func() (any, error) {
		routes, err := s.uc.Routes(ctx, q.TopMenuId)
		if err != nil {
			return nil, err
		}
		return &pb.MenuList{Items: nodesOut(routes, q.TopMenuId)}, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*pb.MenuList), nil
}

func (s *System) RoutesTop(ctx context.Context, q *pb.MenuQuery) (*pb.MenuList, error) {
	return s.Routes(ctx, q)
}

func (s *System) Buttons(ctx context.Context, _ *pb.MenuQuery) (*pb.MenuList, error) {
	v, err := s.uc.Memo(ctx, "buttons", func() (any, error) {
		b, err := s.uc.Buttons(ctx)
		if err != nil {
			return nil, err
		}
		return &pb.MenuList{Items: nodesOut(b, 0)}, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*pb.MenuList), nil
}

// ---- dictionaries ----

func (s *System) Dictionary(ctx context.Context, q *pb.CodeQuery) (*pb.DictList, error) {
	if strings.TrimSpace(q.Code) == "" {
		return nil, errs.BadRequest("请指定字典编号 code")
	}
	items, err := s.uc.Q.DictItems(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	return &pb.DictList{Items: svc.Map(items, dictOut)}, nil
}

func (s *System) DictParentList(ctx context.Context, q *commonv1.PageQuery) (*pb.DictPage, error) {
	pq := svc.Query(q)
	filters := map[string]string{"parentId_equal": "0"}
	for k, v := range pq.Filters {
		if k != "parentId" && k != "parentId_equal" {
			filters[k] = v
		}
	}
	pq.Filters = filters
	p, err := s.uc.S.Dicts.Page(ctx, pq)
	if err != nil {
		return nil, err
	}
	return &pb.DictPage{Records: svc.Map(p.Records, dictOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) DictChildList(ctx context.Context, q *pb.ChildQuery) (*pb.DictPage, error) {
	if q.ParentId <= 0 {
		return nil, errs.BadRequest("缺少 parentId 参数")
	}
	filters := map[string]string{}
	for k, v := range q.Filters {
		filters[k] = v
	}
	filters["parentId_equal"] = fmt.Sprint(q.ParentId)
	p, err := s.uc.S.Dicts.Page(ctx, paging.Query{Current: int(q.Current), Size: int(q.Size), Filters: filters})
	if err != nil {
		return nil, err
	}
	return &pb.DictPage{Records: svc.Map(p.Records, dictOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) DictTree(ctx context.Context, q *pb.CodeQuery) (*commonv1.TreeNodes, error) {
	code := strings.TrimSpace(q.Code)
	var list []biz.Dict
	var err error
	if code == "" || code == "DICT" {
		// The dictionary of dictionaries: every parent.
		list, err = s.uc.S.Dicts.List(ctx, paging.Query{Filters: map[string]string{"parentId_equal": "0"}}, 0)
	} else {
		list, err = s.uc.Q.DictItems(ctx, code)
	}
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: flatTree(len(list), func(i int) (int64, int64, string) { return list[i].ID, list[i].ParentID, list[i].DictValue })}, nil
}

func (s *System) DictDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Dict, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	d, err := s.uc.S.Dicts.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	out := dictOut(d)
	if d.ParentID != 0 {
		if p, err := s.uc.S.Dicts.Get(ctx, d.ParentID); err == nil {
			out.ParentName = p.DictValue
		}
	}
	return out, nil
}

func (s *System) DictSubmit(ctx context.Context, p *pb.Dict) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveDict(ctx, dictIn(p))
}

func (s *System) DictRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.RemoveDicts(ctx, v)
}

// ---- tenant menu config and labels ----

func (s *System) PageMenuTenantConfig(ctx context.Context, q *commonv1.PageQuery) (*pb.MenuTenantConfigPage, error) {
	p, err := s.uc.S.MenuConfigs.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.MenuTenantConfigPage{Records: svc.Map(p.Records, configOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ListMenuTenantConfig(ctx context.Context, q *pb.TenantIdQuery) (*pb.MenuTenantConfigList, error) {
	id := ident.From(ctx)
	if id != nil && q.TenantId != "" && q.TenantId != id.TenantID && !id.IsPlatform() {
		return &pb.MenuTenantConfigList{Items: []*pb.MenuTenantConfig{}}, nil
	}
	if id != nil && id.IsPlatform() && q.TenantId != "" && q.TenantId != id.TenantID {
		ctx = ident.ForTenant(ctx, q.TenantId)
	}
	list, err := s.uc.S.MenuConfigs.List(ctx, paging.Query{}, 0)
	if err != nil {
		return nil, err
	}
	return &pb.MenuTenantConfigList{Items: svc.Map(list, configOut)}, nil
}

func (s *System) MenuTenantConfigSubmit(ctx context.Context, p *pb.MenuTenantConfig) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveMenuConfig(ctx, configIn(p))
}

func (s *System) MenuTenantConfigRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.S.MenuConfigs.Remove(ctx, v)
}

func (s *System) PageLabel(ctx context.Context, q *commonv1.PageQuery) (*pb.LabelPage, error) {
	p, err := s.uc.S.Labels.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.LabelPage{Records: svc.Map(p.Records, labelOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ListLabel(ctx context.Context, q *commonv1.PageQuery) (*pb.LabelList, error) {
	list, err := s.uc.S.Labels.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	return &pb.LabelList{Items: svc.Map(list, labelOut)}, nil
}

func (s *System) LabelSubmit(ctx context.Context, p *pb.Label) (*wrapperspb.BoolValue, error) {
	return ok, s.uc.SaveLabel(ctx, labelIn(p))
}

func (s *System) LabelRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	v, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return ok, s.uc.S.Labels.Remove(ctx, v)
}

// ---- internal ----

func (s *System) GetClient(ctx context.Context, q *pb.ClientQuery) (*pb.Client, error) {
	c, err := s.uc.Q.ClientByID(ctx, q.ClientId)
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

func (s *System) GetTenant(ctx context.Context, q *pb.TenantIdQuery) (*pb.Tenant, error) {
	t, err := s.uc.Q.TenantByID(ctx, q.TenantId)
	if err != nil {
		return nil, err
	}
	return tenantOut(t), nil
}

func (s *System) GetRoles(ctx context.Context, q *pb.RoleIdsQuery) (*pb.RoleSummary, error) {
	want, good := ident.ParseIDs(q.RoleIds)
	if !good {
		return nil, errs.BadRequest("roleIds 参数格式错误")
	}
	roles, err := s.uc.Q.Roles(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.RoleSummary{Items: []*pb.Role{}}
	// No ids: every role of the tenant (consumers look up administrators).
	for i := range roles {
		if len(want) == 0 {
			out.Items = append(out.Items, roleOut(&roles[i]))
			continue
		}
		for _, w := range want {
			if roles[i].ID == w {
				out.Items = append(out.Items, roleOut(&roles[i]))
			}
		}
	}
	return out, nil
}

func (s *System) GetPolicies(ctx context.Context, _ *commonv1.Empty) (*pb.PolicyList, error) {
	rules, supers, err := s.uc.Q.Policies(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.PolicyList{Items: make([]*pb.Policy, 0, len(rules)), SuperRoles: supers}
	for _, r := range rules {
		out.Items = append(out.Items, &pb.Policy{RoleId: r[0], TenantId: r[1], Code: r[2]})
	}
	return out, nil
}

func (s *System) GetDepts(ctx context.Context, q *pb.DeptQuery) (*pb.DeptNames, error) {
	depts, err := s.uc.Q.Depts(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.DeptNames{Names: map[int64]string{}, Parents: map[int64]int64{}}
	for _, d := range depts {
		out.Names[d.ID] = d.DeptName
		out.Parents[d.ID] = d.ParentID
	}
	if len(q.DeptIds) > 0 {
		out.Descendants = biz.DeptScope(depts, q.DeptIds)
	}
	return out, nil
}

// ListTenantDepts answers every dept row of one tenant, flat (sorted as
// stored); callers build their own trees.
func (s *System) ListTenantDepts(ctx context.Context, q *pb.DeptQuery) (*pb.DeptList, error) {
	depts, err := s.uc.Q.Depts(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.DeptList{Items: make([]*pb.Dept, 0, len(depts))}
	for i := range depts {
		out.Items = append(out.Items, deptOut(&depts[i]))
	}
	return out, nil
}

func (s *System) GetParam(ctx context.Context, q *pb.ParamQuery) (*pb.Param, error) {
	v, found, err := s.uc.Q.ParamValue(ctx, q.TenantId, q.Key)
	if err != nil {
		return nil, err
	}
	if !found && q.TenantId != seedids.PlatformTenant {
		v, found, err = s.uc.Q.ParamValue(ctx, seedids.PlatformTenant, q.Key)
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, errs.NotFound("参数不存在")
	}
	return &pb.Param{ParamKey: q.Key, ParamValue: v, TenantId: q.TenantId}, nil
}
