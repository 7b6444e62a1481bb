package service

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

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
	return svc.Detail(ctx, q.Id, s.uc.S.Menus.Get, menuOut)
}

func (s *System) MenuSubmit(ctx context.Context, p *pb.Menu) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveMenu(ctx, menuIn(p))
}

func (s *System) MenuRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveMenus)
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
