package service

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

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
	return svc.OK, s.uc.SaveDict(ctx, dictIn(p))
}

func (s *System) DictRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDicts)
}
