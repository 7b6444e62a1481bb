package biz

import (
	"anquan/kit/errs"
	"anquan/kit/ident"
	"context"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MenuNode is a menu entry with its children, as routes and trees return it.
type MenuNode struct {
	Menu
	Children []*MenuNode
}

// menuCache keeps each tenant's menus and grants in memory: routes and
// buttons are read on every page load and change rarely. Any change in the
// tenant drops its entry (and other replicas drop theirs on the event).
type menuCache struct {
	mu      sync.RWMutex
	tenants map[string]*tenantMenus
}

type tenantMenus struct {
	ver     string // the shared version it was loaded at
	menus   []Menu
	roles   []Role
	byID    map[int64]*Menu
	granted map[string]map[int64]bool // role set key -> menu ids
	memo    sync.Map                  // answers built from this snapshot
	mu      sync.Mutex
}

func newMenuCache() *menuCache { return &menuCache{tenants: map[string]*tenantMenus{}} }

func (c *menuCache) invalidate(tenant string) {
	c.mu.Lock()
	delete(c.tenants, tenant)
	c.mu.Unlock()
}

// Memo returns the answer stored under key for the caller's tenant, building
// it once per menu snapshot: any menu, role or grant change drops it with
// the snapshot. Answers must not be changed by callers.
func (s *System) Memo(ctx context.Context, key string, build func() (any, error)) (any, error) {
	id, tm, _, err := s.callerMenus(ctx, false)
	if err != nil {
		return nil, err
	}
	key += "|" + ident.JoinIDs(id.RoleIDs)
	if id.Super {
		key += "|super"
	}
	if v, ok := tm.memo.Load(key); ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return nil, err
	}
	tm.memo.Store(key, v)
	return v, nil
}

// callerMenus is the caller, their tenant's menu snapshot and, when asked,
// the menu ids their roles were granted (nil = all).
func (s *System) callerMenus(ctx context.Context, withGrants bool) (*ident.Identity, *tenantMenus, map[int64]bool, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	tm, err := s.tenantMenus(ctx, id.TenantID)
	if err != nil || !withGrants {
		return id, tm, nil, err
	}
	vis, err := s.visible(ctx, id, tm)
	return id, tm, vis, err
}

// InvalidateTenant drops a tenant's cached menus (event from another replica).
func (s *System) InvalidateTenant(tenant string) { s.menus.invalidate(tenant) }

func menuVersionKey(tenant string) string { return "system:menus:ver:" + tenant }

// menusChanged drops this replica's menus of the tenant and bumps the
// shared version, which the other replicas compare on their next read.
func (s *System) menusChanged(ctx context.Context, tenant string) {
	s.menus.invalidate(tenant)
	if s.Shared != nil {
		if _, err := s.Shared.Incr(ctx, menuVersionKey(tenant), 30*24*time.Hour); err != nil {
			slog.Warn("menu version not shared; other replicas take the change on its event", "tenant", tenant, "err", err)
		}
	}
}

func (s *System) tenantMenus(ctx context.Context, tenant string) (*tenantMenus, error) {
	s.menus.mu.RLock()
	tm := s.menus.tenants[tenant]
	s.menus.mu.RUnlock()
	// Read before loading: a change while loading makes the next read reload.
	ver, known := "", true
	if s.Shared != nil {
		v, _, err := s.Shared.Get(ctx, menuVersionKey(tenant))
		ver, known = v, err == nil
	}
	if tm != nil && (tm.ver == ver || !known) {
		return tm, nil
	}
	menus, err := s.Q.Menus(ctx)
	if err != nil {
		return nil, err
	}
	roles, err := s.Q.Roles(ctx)
	if err != nil {
		return nil, err
	}
	tm = &tenantMenus{menus: menus, roles: roles, ver: ver, byID: map[int64]*Menu{}, granted: map[string]map[int64]bool{}}
	for i := range menus {
		tm.byID[menus[i].ID] = &menus[i]
	}
	s.menus.mu.Lock()
	s.menus.tenants[tenant] = tm
	s.menus.mu.Unlock()
	return tm, nil
}

// visible returns the set of menu ids the caller's roles were granted (nil = all).
func (s *System) visible(ctx context.Context, id *ident.Identity, tm *tenantMenus) (map[int64]bool, error) {
	if id.Super {
		return nil, nil
	}
	key := ident.JoinIDs(id.RoleIDs)
	tm.mu.Lock()
	g, ok := tm.granted[key]
	tm.mu.Unlock()
	if ok {
		return g, nil
	}
	for _, r := range tm.roles {
		for _, rid := range id.RoleIDs {
			if r.ID == rid && r.RoleAlias == ident.AliasAdministrator {
				return nil, nil
			}
		}
	}
	ids, err := s.Q.GrantedMenuIDs(ctx, id.RoleIDs)
	if err != nil {
		return nil, err
	}
	g = map[int64]bool{}
	for _, m := range ids {
		g[m] = true
	}
	tm.mu.Lock()
	tm.granted[key] = g
	tm.mu.Unlock()
	return g, nil
}

// Routes is the caller's menu tree (category 1 only), for one module when
// top is given. Entries restricted to role aliases are kept only for those
// roles; disabled modules (isUsed != 2) are kept so the chooser can say so.
func (s *System) Routes(ctx context.Context, top int64) ([]*MenuNode, error) {
	return s.tree(ctx, top, func(m *Menu) bool { return m.Category == 1 })
}

// Buttons is the caller's permitted buttons grouped under their menus.
func (s *System) Buttons(ctx context.Context) ([]*MenuNode, error) {
	_, tm, vis, err := s.callerMenus(ctx, true)
	if err != nil {
		return nil, err
	}
	groups := map[int64]*MenuNode{}
	var order []int64
	for i := range tm.menus {
		m := &tm.menus[i]
		if m.Category != 2 || (vis != nil && !vis[m.ID]) {
			continue
		}
		parent := tm.byID[m.ParentID]
		if parent == nil {
			continue
		}
		g := groups[parent.ID]
		if g == nil {
			g = &MenuNode{Menu: *parent}
			groups[parent.ID] = g
			order = append(order, parent.ID)
		}
		g.Children = append(g.Children, &MenuNode{Menu: *m})
	}
	out := make([]*MenuNode, 0, len(order))
	for _, id := range order {
		out = append(out, groups[id])
	}
	return out, nil
}

// AllMenus is every entry of the tenant as a tree (menu admin, grant tree).
func (s *System) AllMenus(ctx context.Context, withButtons bool) ([]*MenuNode, error) {
	_, tm, _, err := s.callerMenus(ctx, false)
	if err != nil {
		return nil, err
	}
	return build(tm.menus, 0, func(m *Menu) bool { return withButtons || m.Category == 1 }), nil
}

func (s *System) tree(ctx context.Context, top int64, keep func(*Menu) bool) ([]*MenuNode, error) {
	id, tm, vis, err := s.callerMenus(ctx, true)
	if err != nil {
		return nil, err
	}
	aliases := callerAliases(tm, id)
	return build(tm.menus, top, func(m *Menu) bool {
		if !keep(m) || (vis != nil && !vis[m.ID]) {
			return false
		}
		if m.Roles == "" || id.Super {
			return true
		}
		for _, r := range strings.Split(m.Roles, ",") {
			if aliases[strings.TrimSpace(r)] {
				return true
			}
		}
		return false
	}), nil
}

func callerAliases(tm *tenantMenus, id *ident.Identity) map[string]bool {
	out := map[string]bool{}
	for _, r := range tm.roles {
		for _, rid := range id.RoleIDs {
			if r.ID == rid {
				out[r.RoleAlias] = true
			}
		}
	}
	return out
}

// build makes the tree under root from a flat list, keeping entries keep accepts.
func build(menus []Menu, root int64, keep func(*Menu) bool) []*MenuNode {
	kids := map[int64][]*Menu{}
	for i := range menus {
		m := &menus[i]
		if keep(m) {
			kids[m.ParentID] = append(kids[m.ParentID], m)
		}
	}
	var walk func(parent int64, depth int) []*MenuNode
	walk = func(parent int64, depth int) []*MenuNode {
		list := kids[parent]
		sort.SliceStable(list, func(i, j int) bool { return list[i].Sort < list[j].Sort })
		out := make([]*MenuNode, 0, len(list))
		for _, m := range list {
			n := &MenuNode{Menu: *m}
			if depth < 10 {
				n.Children = walk(m.ID, depth+1)
			}
			out = append(out, n)
		}
		return out
	}
	return walk(root, 0)
}

// PolicyKey formats the tenant|role key of administrator roles.
func PolicyKey(tenant string, role int64) string { return tenant + "|" + strconv.FormatInt(role, 10) }

// MenusChanged drops the cached menu trees of the caller's tenant.
func (s *System) MenusChanged(ctx context.Context) {
	if id := ident.From(ctx); id != nil {
		s.menusChanged(ctx, id.TenantID)
	}
}

// SaveMenu validates a menu entry.
func (s *System) SaveMenu(ctx context.Context, m *Menu) error {
	m.Name = strings.TrimSpace(m.Name)
	m.Code = strings.TrimSpace(m.Code)
	if m.Name == "" {
		return errs.BadRequest("请输入菜单名称")
	}
	if m.Code == "" {
		return errs.BadRequest("请输入菜单编号")
	}
	if m.Category != 1 && m.Category != 2 {
		return errs.BadRequest("菜单类型不正确")
	}
	if m.IsUsed == 0 {
		m.IsUsed = 2
	}
	if m.PathURL != "" && !strings.HasPrefix(m.PathURL, "http://") && !strings.HasPrefix(m.PathURL, "https://") {
		return errs.BadRequest("外部链接必须以 http 或 https 开头")
	}
	if m.ParentID != 0 {
		if m.ParentID == m.ID {
			return errs.BadRequest("上级菜单不能是自己")
		}
		if _, err := s.S.Menus.Get(ctx, m.ParentID); err != nil {
			return errs.NotFound("上级菜单不存在")
		}
	}
	if m.ID != 0 {
		id, err := ident.Caller(ctx)
		if err != nil {
			return err
		}
		old, err := s.S.Menus.Get(ctx, m.ID)
		if err != nil {
			return err
		}
		if err := guardMenu(id, old, m); err != nil {
			return err
		}
	}
	if dup, err := s.S.Menus.Exists(ctx, m.ID, "code = ?", m.Code); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("菜单编号已存在")
	}
	return s.saveWithEvent(ctx, "system.menu.saved", func(ctx context.Context) error {
		if m.ID == 0 {
			return s.S.Menus.Create(ctx, m)
		}
		return s.S.Menus.Update(ctx, m.ID, m)
	})
}

// RemoveMenus refuses entries that still have children.
func (s *System) RemoveMenus(ctx context.Context, ids []int64) error {
	if has, err := s.S.Menus.Exists(ctx, 0, "parent_id IN ?", ids); err != nil {
		return err
	} else if has {
		return errs.Rule("HAS_CHILDREN", "请先删除子节点")
	}
	return s.saveWithEvent(ctx, "system.menu.removed", func(ctx context.Context) error { return s.S.Menus.Remove(ctx, ids) })
}
