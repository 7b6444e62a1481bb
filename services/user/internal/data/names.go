package data

import (
	"context"
	"sync"
	"time"

	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/tree"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

// namesTTL bounds how stale a tenant's names may be when an event is missed.
const namesTTL = 30 * time.Second

// Names keeps, per tenant, the role, department and post names user lists
// show, so a page costs no call to blade-system: the snapshot is read with
// three calls, dropped on blade-system's events for the tenant, and renewed
// after namesTTL at the latest.
type Names struct {
	Directory
	mu    sync.Mutex
	snaps map[string]*snapshot
}

type snapshot struct {
	at      time.Time
	roles   map[int64]string
	depts   map[int64]string
	parents map[int64]int64
	posts   map[int64]string
}

// NewNames wraps a directory with the per-tenant snapshot.
func NewNames(d Directory) *Names { return &Names{Directory: d, snaps: map[string]*snapshot{}} }

// Invalidate drops a tenant's snapshot (a role, dept or post changed).
func (n *Names) Invalidate(tenant string) {
	n.mu.Lock()
	delete(n.snaps, tenant)
	n.mu.Unlock()
}

func (n *Names) snapshot(ctx context.Context, tenant string) (*snapshot, error) {
	n.mu.Lock()
	s := n.snaps[tenant]
	n.mu.Unlock()
	if s != nil && time.Since(s.at) < namesTTL {
		return s, nil
	}
	tctx := ident.ForTenant(ctx, tenant)
	roles, err := n.Internal.GetRoles(tctx, &systemv1.RoleIdsQuery{TenantId: tenant})
	if err != nil {
		return nil, remote("GetRoles", err)
	}
	depts, err := n.Internal.GetDepts(tctx, &systemv1.DeptQuery{TenantId: tenant})
	if err != nil {
		return nil, remote("GetDepts", err)
	}
	posts, err := n.Posts.PostList(tctx, &commonv1.PageQuery{Current: 1, Size: paging.MaxSize})
	if err != nil {
		return nil, remote("PostList", err)
	}
	s = &snapshot{at: time.Now(), roles: map[int64]string{}, depts: depts.Names, parents: depts.Parents, posts: map[int64]string{}}
	for _, r := range roles.Items {
		s.roles[r.Id] = r.RoleName
	}
	for _, p := range posts.Records {
		s.posts[p.Id] = p.PostName
	}
	n.mu.Lock()
	n.snaps[tenant] = s
	n.mu.Unlock()
	return s, nil
}

// RoleNames answers from the snapshot (every role of the tenant).
func (n *Names) RoleNames(ctx context.Context, tenant string, _ []int64) (map[int64]string, error) {
	s, err := n.snapshot(ctx, tenant)
	if err != nil {
		return nil, err
	}
	return s.roles, nil
}

// Depts answers names and the subtrees of roots from the snapshot.
func (n *Names) Depts(ctx context.Context, tenant string, roots []int64) (map[int64]string, []int64, error) {
	s, err := n.snapshot(ctx, tenant)
	if err != nil {
		return nil, nil, err
	}
	if len(roots) == 0 {
		return s.depts, nil, nil
	}
	out := tree.Subtree(s.parents, roots)
	return s.depts, out, nil
}

// PostNames answers from the snapshot.
func (n *Names) PostNames(ctx context.Context, tenant string) (map[int64]string, error) {
	s, err := n.snapshot(ctx, tenant)
	if err != nil {
		return nil, err
	}
	return s.posts, nil
}
