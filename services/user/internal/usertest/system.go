// Package usertest builds blade-user's use cases over a real SQLite
// database in a test's temporary folder, with a fake blade-system.
package usertest

import (
	"context"
	"sync"

	"google.golang.org/grpc"

	"anquan/kit/errs"
	"anquan/kit/ident"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

// Tenants of the fake directory: each has its own roles, depts and posts.
const (
	TenantA = "100001"
	TenantB = "100002"
)

// Ids of tenant A's (and, +1000, tenant B's) directory entries.
const (
	RoleAdmin    = int64(101)
	RoleOperator = int64(102)
	DeptRoot     = int64(201)
	DeptShop     = int64(202) // child of DeptRoot
	DeptTank     = int64(203) // child of DeptShop
	PostWelder   = int64(301)
	TenantBShift = int64(1000)
)

// System is a fake blade-system: SystemInternal (only the methods blade-user
// calls) and the post list. Calls counts the calls per method.
type System struct {
	systemv1.SystemInternalClient // nil: other methods are never called

	mu      sync.Mutex
	Limits  map[string]int32
	Roles   map[string]map[int64]string
	Aliases map[int64]string
	Depts   map[string]map[int64]string
	Parents map[int64]int64
	Posts   map[string]map[int64]string
	Params  map[string]map[string]string
	Calls   map[string]int
}

// NewSystem makes tenants A and B with the same layout and distinct ids.
func NewSystem() *System {
	s := &System{Limits: map[string]int32{}, Roles: map[string]map[int64]string{}, Aliases: map[int64]string{}, Depts: map[string]map[int64]string{},
		Parents: map[int64]int64{}, Posts: map[string]map[int64]string{}, Params: map[string]map[string]string{}, Calls: map[string]int{}}
	for i, t := range []string{TenantA, TenantB} {
		o := int64(i) * TenantBShift
		s.Limits[t] = -1
		s.Roles[t] = map[int64]string{RoleAdmin + o: "管理员", RoleOperator + o: "作业人员"}
		s.Aliases[RoleAdmin+o], s.Aliases[RoleOperator+o] = "administrator", "operator"
		s.Depts[t] = map[int64]string{DeptRoot + o: "公司", DeptShop + o: "合成车间", DeptTank + o: "罐区"}
		s.Parents[DeptShop+o], s.Parents[DeptTank+o] = DeptRoot+o, DeptShop+o
		s.Posts[t] = map[int64]string{PostWelder + o: "焊工"}
		s.Params[t] = map[string]string{}
	}
	return s
}

func (s *System) count(method string) {
	s.mu.Lock()
	s.Calls[method]++
	s.mu.Unlock()
}

// CallCount returns how often a method was called.
func (s *System) CallCount(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Calls[method]
}

func (s *System) GetTenant(_ context.Context, q *systemv1.TenantIdQuery, _ ...grpc.CallOption) (*systemv1.Tenant, error) {
	s.count("GetTenant")
	n, ok := s.Limits[q.TenantId]
	if !ok {
		return nil, errs.NotFound("租户不存在")
	}
	return &systemv1.Tenant{TenantId: q.TenantId, AccountNumber: n}, nil
}

func (s *System) GetRoles(_ context.Context, q *systemv1.RoleIdsQuery, _ ...grpc.CallOption) (*systemv1.RoleSummary, error) {
	s.count("GetRoles")
	want, _ := ident.ParseIDs(q.RoleIds)
	out := &systemv1.RoleSummary{}
	for id, name := range s.Roles[q.TenantId] {
		if len(want) == 0 || contains(want, id) {
			out.Items = append(out.Items, &systemv1.Role{Id: id, RoleName: name, RoleAlias: s.Aliases[id], TenantId: q.TenantId})
		}
	}
	return out, nil
}

func (s *System) GetDepts(_ context.Context, q *systemv1.DeptQuery, _ ...grpc.CallOption) (*systemv1.DeptNames, error) {
	s.count("GetDepts")
	out := &systemv1.DeptNames{Names: map[int64]string{}}
	for id, name := range s.Depts[q.TenantId] {
		out.Names[id] = name
	}
	for id := range out.Names {
		for a := id; a != 0; a = s.Parents[a] {
			if contains(q.DeptIds, a) {
				out.Descendants = append(out.Descendants, id)
				break
			}
		}
	}
	return out, nil
}

func (s *System) GetParam(_ context.Context, q *systemv1.ParamQuery, _ ...grpc.CallOption) (*systemv1.Param, error) {
	s.count("GetParam")
	v, ok := s.Params[q.TenantId][q.Key]
	if !ok {
		return nil, errs.NotFound("参数不存在")
	}
	return &systemv1.Param{ParamKey: q.Key, ParamValue: v}, nil
}

// PostList answers for the tenant the calling context acts in.
func (s *System) PostList(ctx context.Context, _ *commonv1.PageQuery, _ ...grpc.CallOption) (*systemv1.PostPage, error) {
	s.count("PostList")
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	out := &systemv1.PostPage{}
	for pid, name := range s.Posts[id.TenantID] {
		out.Records = append(out.Records, &systemv1.Post{Id: pid, PostName: name})
	}
	return out, nil
}

func contains(ids []int64, id int64) bool {
	for _, v := range ids {
		if v == id {
			return true
		}
	}
	return false
}
