package biz

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"anquan/kit/authn"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/paging"
	"anquan/kit/seedids"
	"anquan/kit/tree"
)

// Stores are the generic repositories of the service's models.
type Stores struct {
	Tenants     paging.Store[Tenant]
	Menus       paging.Store[Menu]
	Roles       paging.Store[Role]
	Depts       paging.Store[Dept]
	Posts       paging.Store[Post]
	Dicts       paging.Store[Dict]
	Params      paging.Store[Param]
	Clients     paging.Store[Client]
	MenuConfigs paging.Store[MenuTenantConfig]
	Labels      paging.Store[Label]
}

// Queries are what the generic stores cannot express.
type Queries interface {
	// AllOf returns every row of model kind in the caller's tenant (menus, roles, depts).
	Menus(ctx context.Context) ([]Menu, error)
	Roles(ctx context.Context) ([]Role, error)
	Depts(ctx context.Context) ([]Dept, error)
	DictItems(ctx context.Context, code string) ([]Dict, error)
	RemoveDictChildren(ctx context.Context, parentIDs []int64) error
	GrantedMenuIDs(ctx context.Context, roleIDs []int64) ([]int64, error)
	SetGrants(ctx context.Context, roleIDs, menuIDs []int64) error
	// Policies of every tenant (system context): role, tenant, code; and administrator roles.
	Policies(ctx context.Context) ([][3]string, []string, error)
	// CreateAll inserts rows of any model in one batch.
	CreateAll(ctx context.Context, rows any) error
	TenantByID(ctx context.Context, tenantID string) (*Tenant, error)
	TenantByDomain(ctx context.Context, domain string) (*Tenant, error)
	ClientByID(ctx context.Context, clientID string) (*Client, error)
	ParamValue(ctx context.Context, tenantID, key string) (string, bool, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Users is the part of blade-user the tenant provisioning needs.
type Users interface {
	CreateTenantAdmin(ctx context.Context, tenantID, account, passwordHash string, roleID, deptID int64, name string) error
}

// System is blade-system's use cases.
type System struct {
	S      Stores
	Q      Queries
	Tx     db.Transactor
	Events Events
	Users  Users
	// Dicts is the seed dictionary data (every enumeration of spec 3.1).
	Dicts []SeedDict
	menus *menuCache
}

// New wires the use cases.
func New(s Stores, q Queries, tx db.Transactor, ev Events, users Users, dicts []SeedDict) *System {
	return &System{S: s, Q: q, Tx: tx, Events: ev, Users: users, Dicts: dicts, menus: newMenuCache()}
}

var tenantIDPattern = regexp.MustCompile(`^\d{6}$`)

func caller(ctx context.Context) (*ident.Identity, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	return id, nil
}

// RequirePlatform refuses tenant management to anyone outside the platform tenant.
func RequirePlatform(ctx context.Context) error {
	if ident.IsSystem(ctx) {
		return nil
	}
	id, err := caller(ctx)
	if err != nil {
		return err
	}
	if !id.IsPlatform() {
		return errs.Forbidden("仅平台管理员可以管理租户")
	}
	return nil
}

// ---- tenants ----

// SaveTenant validates and inserts or updates a tenant; a new tenant is
// provisioned with its roles, departments, menus, dictionaries and admin.
func (s *System) SaveTenant(ctx context.Context, t *Tenant) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	t.TenantName = strings.TrimSpace(t.TenantName)
	if t.TenantName == "" {
		return errs.BadRequest("请输入租户名称")
	}
	if len([]rune(t.TenantName)) > 100 {
		return errs.BadRequest("租户名称不能超过100个字")
	}
	if t.AccountNumber == 0 {
		t.AccountNumber = -1
	}
	if t.AccountNumber < -1 {
		return errs.BadRequest("账号额度不正确")
	}
	if t.ID != 0 {
		old, err := s.S.Tenants.Get(ctx, t.ID)
		if err != nil {
			return err
		}
		t.TenantID = old.TenantID // the code never changes
		if err := s.checkDomain(ctx, t); err != nil {
			return err
		}
		return s.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := s.S.Tenants.Update(ctx, t.ID, t, "tenant_name", "domain", "background_url", "linkman", "contact_number", "address", "account_number", "expire_time", "license_key", "status", "update_time", "update_user"); err != nil {
				return err
			}
			return s.Events.Add(ctx, "system.tenant.updated", t.TenantID, map[string]any{"tenantId": t.TenantID})
		})
	}
	if t.TenantID == "" {
		code, err := s.nextTenantID(ctx)
		if err != nil {
			return err
		}
		t.TenantID = code
	}
	if !tenantIDPattern.MatchString(t.TenantID) {
		return errs.BadRequest("租户编号必须是6位数字")
	}
	if dup, err := s.S.Tenants.Exists(ctx, 0, "tenant_id = ?", t.TenantID); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("租户编号已存在")
	}
	if err := s.checkDomain(ctx, t); err != nil {
		return err
	}
	initPassword := "123456"
	if v, ok, err := s.Q.ParamValue(ctx, seedids.PlatformTenant, "account.initPassword"); err == nil && ok && v != "" {
		initPassword = v
	}
	hash, err := authn.Hash(initPassword)
	if err != nil {
		return err
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.S.Tenants.Create(ctx, t); err != nil {
			return err
		}
		p, err := s.Provision(ctx, t.TenantID, t.TenantName, false)
		if err != nil {
			return err
		}
		if err := s.Users.CreateTenantAdmin(ctx, t.TenantID, "admin", hash, p.AdminRole, p.RootDept, "管理员"); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.tenant.created", t.TenantID, map[string]any{"tenantId": t.TenantID, "tenantName": t.TenantName})
	})
}

func (s *System) checkDomain(ctx context.Context, t *Tenant) error {
	t.Domain = strings.ToLower(strings.TrimSpace(t.Domain))
	if t.Domain == "" {
		return nil
	}
	dup, err := s.S.Tenants.Exists(ctx, t.ID, "domain = ?", t.Domain)
	if err != nil {
		return err
	}
	if dup {
		return errs.Duplicate("域名已被其他租户使用")
	}
	return nil
}

func (s *System) nextTenantID(ctx context.Context) (string, error) {
	for i := 0; i < 20; i++ {
		code := strconv.Itoa(100000 + int(time.Now().UnixNano()%900000))
		dup, err := s.S.Tenants.Exists(ctx, 0, "tenant_id = ?", code)
		if err != nil {
			return "", err
		}
		if !dup {
			return code, nil
		}
	}
	return "", errs.Rule("TENANT_CODE", "无法生成租户编号,请手动填写")
}

// RemoveTenants deletes tenants logically; the platform tenant stays.
func (s *System) RemoveTenants(ctx context.Context, ids []int64) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		t, err := s.S.Tenants.Get(ctx, id)
		if err != nil {
			return err
		}
		if t.TenantID == seedids.PlatformTenant {
			return errs.Rule("PLATFORM_TENANT", "平台租户不能删除")
		}
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.S.Tenants.Remove(ctx, ids); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.tenant.removed", "", map[string]any{"ids": ids})
	})
}

// TenantInfo answers the login page's question "which tenant is this host?".
func (s *System) TenantInfo(ctx context.Context, domain string) (*Tenant, error) {
	domain = strings.ToLower(strings.TrimSpace(domain))
	if i := strings.IndexByte(domain, ':'); i >= 0 {
		domain = domain[:i]
	}
	if domain == "" {
		return nil, nil
	}
	return s.Q.TenantByDomain(ident.AsSystem(ctx), domain)
}

// ---- provisioning ----

// Provisioned names the rows other services refer to.
type Provisioned struct {
	AdminRole, RootDept int64
}

// Provision creates a tenant's roles, root department, menus (from the
// template), grants and dictionaries. demo adds the demo company's
// departments, posts and roles with fixed ids.
func (s *System) Provision(ctx context.Context, tenantID, name string, demo bool) (*Provisioned, error) {
	ctx = ident.ForTenant(ctx, tenantID)
	p := &Provisioned{}
	roles := []Role{{RoleName: "管理员", RoleAlias: seedids.AliasAdministrator, Sort: 1, DataScope: 1}}
	depts := []Dept{{DeptName: name, FullName: name, Sort: 1, DeptCategory: 1}}
	var posts []Post
	switch {
	case tenantID == seedids.PlatformTenant:
		roles[0].ID, depts[0].ID = seedids.PlatformAdminRole, seedids.PlatformRootDept
	case demo:
		roles[0].ID, depts[0].ID = seedids.DemoAdminRole, seedids.DemoRootDept
		roles = append(roles,
			Role{Base: withID(seedids.DemoSafetyRole), RoleName: "安全管理员", RoleAlias: "safety_manager", Sort: 2, DataScope: 1},
			Role{Base: withID(seedids.DemoWorkshopRole), RoleName: "车间主任", RoleAlias: "workshop_director", Sort: 3, DataScope: 4},
			Role{Base: withID(seedids.DemoOperatorRole), RoleName: "作业人员", RoleAlias: "operator", Sort: 4, DataScope: 2},
			Role{Base: withID(seedids.DemoContractorRole), RoleName: "承包商", RoleAlias: "contractor", Sort: 5, DataScope: 2},
		)
		root := seedids.DemoRootDept
		anc := "0," + strconv.FormatInt(root, 10)
		depts = append(depts,
			Dept{Base: withID(seedids.DemoSafetyDept), ParentID: root, Ancestors: anc, DeptName: "安全环保部", FullName: name + "安全环保部", Sort: 2, DeptCategory: 2},
			Dept{Base: withID(seedids.DemoProductionDept), ParentID: root, Ancestors: anc, DeptName: "生产运行部", FullName: name + "生产运行部", Sort: 3, DeptCategory: 2},
			Dept{Base: withID(seedids.DemoWorkshop1Dept), ParentID: seedids.DemoProductionDept, Ancestors: anc + "," + strconv.FormatInt(seedids.DemoProductionDept, 10), DeptName: "合成车间", FullName: "生产运行部合成车间", Sort: 1, DeptCategory: 3},
			Dept{Base: withID(seedids.DemoWorkshop2Dept), ParentID: seedids.DemoProductionDept, Ancestors: anc + "," + strconv.FormatInt(seedids.DemoProductionDept, 10), DeptName: "罐区", FullName: "生产运行部罐区", Sort: 2, DeptCategory: 3},
			Dept{Base: withID(seedids.DemoEquipmentDept), ParentID: root, Ancestors: anc, DeptName: "设备管理部", FullName: name + "设备管理部", Sort: 4, DeptCategory: 2},
			Dept{Base: withID(seedids.DemoContractorDept), ParentID: root, Ancestors: anc, DeptName: "承包商队伍", FullName: name + "承包商队伍", Sort: 5, DeptCategory: 2},
		)
		posts = []Post{
			{Base: withID(seedids.DemoSafetyPost), Category: 1, PostCode: "safety_engineer", PostName: "安全工程师", Sort: 1},
			{Base: withID(seedids.DemoDirectorPost), Category: 1, PostCode: "workshop_director", PostName: "车间主任", Sort: 2},
			{Base: withID(seedids.DemoOperatorPost), Category: 3, PostCode: "operator", PostName: "操作工", Sort: 3},
			{Base: withID(seedids.DemoWelderPost), Category: 3, PostCode: "welder", PostName: "焊工", Sort: 4},
		}
	}
	if err := s.Q.CreateAll(ctx, &roles); err != nil {
		return nil, err
	}
	if depts[0].Ancestors == "" {
		depts[0].Ancestors = "0"
	}
	if err := s.Q.CreateAll(ctx, &depts); err != nil {
		return nil, err
	}
	if len(posts) > 0 {
		if err := s.Q.CreateAll(ctx, &posts); err != nil {
			return nil, err
		}
	}
	p.AdminRole, p.RootDept = roles[0].ID, depts[0].ID
	menus, byModule := flatten(Template, tenantID == seedids.PlatformTenant)
	if err := s.Q.CreateAll(ctx, &menus); err != nil {
		return nil, err
	}
	// Grants: the administrator holds everything (explicitly too, so the
	// grant tree shows it); demo roles hold their modules' menus.
	var all []int64
	for _, m := range menus {
		all = append(all, m.ID)
	}
	if err := s.Q.SetGrants(ctx, []int64{roles[0].ID}, all); err != nil {
		return nil, err
	}
	buttons := map[int64]bool{}
	byCode := map[string]int64{}
	for _, m := range menus {
		if m.Category == 2 {
			buttons[m.ID] = true
		}
		byCode[m.Code] = m.ID
	}
	for _, r := range roles[1:] {
		var ids []int64
		for _, code := range DemoGrants[r.RoleAlias] {
			for _, id := range byModule[code] {
				// Only the safety manager changes data in the demo; the
				// others read the pages of their modules.
				if !buttons[id] || r.RoleAlias == "safety_manager" {
					ids = append(ids, id)
				}
			}
		}
		for _, code := range DemoButtons[r.RoleAlias] {
			if id, ok := byCode[code]; ok {
				ids = append(ids, id)
			}
		}
		if err := s.Q.SetGrants(ctx, []int64{r.ID}, ids); err != nil {
			return nil, err
		}
	}
	if err := s.seedDicts(ctx); err != nil {
		return nil, err
	}
	params := []Param{
		{ParamName: "账号初始密码", ParamKey: "account.initPassword", ParamValue: "123456", Remark: "新建用户与重置密码使用的初始密码", Visibility: ParamAdmin, Secret: true},
		{ParamName: "登录失败锁定次数", ParamKey: "account.failCount", ParamValue: "5", Visibility: ParamAdmin},
		{ParamName: "令牌刷新阈值(秒)", ParamKey: "web.tokenTime", ParamValue: "3000", Visibility: ParamPublic},
	}
	if err := s.Q.CreateAll(ctx, &params); err != nil {
		return nil, err
	}
	return p, nil
}

// flatten turns the template into menu rows with ids and parents, and
// returns each module's ids (module, pages, buttons) for grants.
func flatten(tpl []MenuTemplate, platform bool) ([]Menu, map[string][]int64) {
	var out []Menu
	by := map[string][]int64{}
	var walk func(ts []MenuTemplate, parent int64, module string)
	walk = func(ts []MenuTemplate, parent int64, module string) {
		for i, t := range ts {
			if t.PlatformOnly && !platform {
				continue
			}
			m := Menu{Code: t.Code, Name: t.Name, Path: t.Path, Source: t.Source, I18n: t.I18n, Category: t.Category, ParentID: parent, Sort: int32(i + 1), IsUsed: 2, IsOpen: 1, IsTab: true}
			m.ID = nextID()
			if t.Category == 2 {
				m.Action = 1
			}
			mod := module
			if parent == 0 {
				mod = t.Code
			}
			out = append(out, m)
			by[mod] = append(by[mod], m.ID)
			walk(t.Children, m.ID, mod)
		}
	}
	walk(tpl, 0, "")
	return out, by
}

// SeedDict is one dictionary of the seed file.
type SeedDict struct {
	Code   string     `json:"code"`
	Name   string     `json:"name"`
	Remark string     `json:"remark"`
	Items  []SeedItem `json:"items"`
}

// SeedItem is an entry, possibly with nested entries (trees).
type SeedItem struct {
	Key      string     `json:"key"`
	Value    string     `json:"value"`
	Remark   string     `json:"remark"`
	Children []SeedItem `json:"children"`
}

func (s *System) seedDicts(ctx context.Context) error {
	var rows []Dict
	for i, d := range s.Dicts {
		parent := Dict{Code: d.Code, DictKey: "-1", DictValue: d.Name, Sort: int32(i + 1), Remark: d.Remark, IsSealed: 1}
		parent.ID = nextID()
		rows = append(rows, parent)
		var walk func(items []SeedItem, pid int64)
		walk = func(items []SeedItem, pid int64) {
			for j, it := range items {
				c := Dict{Code: d.Code, ParentID: pid, DictKey: it.Key, DictValue: it.Value, Sort: int32(j + 1), Remark: it.Remark, IsSealed: 1}
				c.ID = nextID()
				rows = append(rows, c)
				walk(it.Children, c.ID)
			}
		}
		walk(d.Items, parent.ID)
	}
	if len(rows) == 0 {
		return nil
	}
	return s.Q.CreateAll(ctx, &rows)
}

// ---- roles and grants ----

// Grant replaces the menus and buttons of roles.
func (s *System) Grant(ctx context.Context, roleIDs, menuIDs []int64) error {
	if len(roleIDs) == 0 {
		return errs.BadRequest("请选择角色")
	}
	me, err := caller(ctx)
	if err != nil {
		return err
	}
	roles := make([]Role, 0, len(roleIDs))
	for _, r := range roleIDs {
		role, err := s.S.Roles.Get(ctx, r)
		if err != nil {
			return err
		}
		roles = append(roles, *role)
	}
	if err := s.guardGrant(ctx, me, roles, menuIDs); err != nil {
		return err
	}
	if len(menuIDs) > 0 {
		menus, err := s.Q.Menus(ctx)
		if err != nil {
			return err
		}
		own := map[int64]bool{}
		for _, m := range menus {
			own[m.ID] = true
		}
		for _, m := range menuIDs {
			if !own[m] {
				return errs.NotFound("菜单不存在")
			}
		}
	}
	id := me
	err = s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.Q.SetGrants(ctx, roleIDs, menuIDs); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.role.granted", id.TenantID, map[string]any{"roleIds": roleIDs})
	})
	if err == nil {
		s.menus.invalidate(id.TenantID)
	}
	return err
}

// MenusChanged drops the cached menu trees of the caller's tenant.
func (s *System) MenusChanged(ctx context.Context) {
	if id := ident.From(ctx); id != nil {
		s.menus.invalidate(id.TenantID)
	}
}

// SaveRole validates uniqueness of the alias and the parent.
func (s *System) SaveRole(ctx context.Context, r *Role) error {
	r.RoleName = strings.TrimSpace(r.RoleName)
	r.RoleAlias = strings.TrimSpace(r.RoleAlias)
	if r.RoleName == "" {
		return errs.BadRequest("请输入角色名称")
	}
	if r.RoleAlias == "" {
		return errs.BadRequest("请输入角色别名")
	}
	if r.DataScope == 0 {
		r.DataScope = ident.ScopeAll
	}
	if r.DataScope < 1 || r.DataScope > 4 {
		return errs.BadRequest("数据权限类型不正确")
	}
	id, err := caller(ctx)
	if err != nil {
		return err
	}
	var old *Role
	if r.ID != 0 {
		if old, err = s.S.Roles.Get(ctx, r.ID); err != nil {
			return err
		}
	}
	if err := guardRole(id, old, r); err != nil {
		return err
	}
	if r.ParentID != 0 {
		if r.ParentID == r.ID {
			return errs.BadRequest("上级角色不能是自己")
		}
		if _, err := s.S.Roles.Get(ctx, r.ParentID); err != nil {
			return errs.NotFound("上级角色不存在")
		}
	}
	if dup, err := s.S.Roles.Exists(ctx, r.ID, "role_alias = ?", r.RoleAlias); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("角色别名已存在")
	}
	return s.saveWithEvent(ctx, "system.role.saved", func(ctx context.Context) error {
		if r.ID == 0 {
			return s.S.Roles.Create(ctx, r)
		}
		return s.S.Roles.Update(ctx, r.ID, r, "parent_id", "role_name", "role_alias", "sort", "data_scope", "update_time", "update_user")
	})
}

func (s *System) saveWithEvent(ctx context.Context, subject string, fn func(ctx context.Context) error) error {
	id, err := caller(ctx)
	if err != nil {
		return err
	}
	err = s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := fn(ctx); err != nil {
			return err
		}
		return s.Events.Add(ctx, subject, id.TenantID, map[string]any{"tenantId": id.TenantID})
	})
	if err == nil {
		s.menus.invalidate(id.TenantID)
	}
	return err
}

// RemoveRoles refuses to remove the administrator role.
func (s *System) RemoveRoles(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		r, err := s.S.Roles.Get(ctx, id)
		if err != nil {
			return err
		}
		if r.RoleAlias == seedids.AliasAdministrator {
			return errs.Rule("ADMIN_ROLE", "管理员角色不能删除")
		}
	}
	return s.saveWithEvent(ctx, "system.role.removed", func(ctx context.Context) error { return s.S.Roles.Remove(ctx, ids) })
}

// ---- menus ----

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
		id, err := caller(ctx)
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

// ---- departments ----

// SaveDept keeps ancestors consistent and refuses cycles.
func (s *System) SaveDept(ctx context.Context, d *Dept) error {
	d.DeptName = strings.TrimSpace(d.DeptName)
	if d.DeptName == "" {
		return errs.BadRequest("请输入部门名称")
	}
	if d.FullName == "" {
		d.FullName = d.DeptName
	}
	id, err := caller(ctx)
	if err != nil {
		return err
	}
	// The department, and a parent it is put under, lie in the caller's scope.
	moved := true
	if d.ID != 0 {
		old, err := s.S.Depts.Get(ctx, d.ID)
		if err != nil {
			return err
		}
		if err := guardDepts(id, []Dept{*old}, "修改"); err != nil {
			return err
		}
		moved = old.ParentID != d.ParentID
	}
	if moved && d.ParentID == 0 && !id.DeptInScope(0) {
		return errs.Forbidden("顶级部门不在您的数据权限范围内")
	}
	d.Ancestors = "0"
	if d.ParentID != 0 {
		if d.ParentID == d.ID {
			return errs.BadRequest("上级部门不能是自己")
		}
		p, err := s.S.Depts.Get(ctx, d.ParentID)
		if err != nil {
			return errs.NotFound("上级部门不存在")
		}
		if d.ID != 0 && strings.Contains(","+p.Ancestors+",", ","+strconv.FormatInt(d.ID, 10)+",") {
			return errs.BadRequest("上级部门不能是自己的下级")
		}
		if moved {
			if err := guardDepts(id, []Dept{*p}, "作为上级部门"); err != nil {
				return err
			}
		}
		d.Ancestors = p.Ancestors + "," + strconv.FormatInt(p.ID, 10)
	}
	return s.saveWithEvent(ctx, "system.dept.saved", func(ctx context.Context) error {
		if d.ID == 0 {
			return s.S.Depts.Create(ctx, d)
		}
		return s.S.Depts.Update(ctx, d.ID, d, "parent_id", "ancestors", "dept_name", "full_name", "sort", "dept_category", "remark", "update_time", "update_user")
	})
}

// RemoveDepts refuses departments with children, and any outside the
// caller's data scope.
func (s *System) RemoveDepts(ctx context.Context, ids []int64) error {
	id, err := caller(ctx)
	if err != nil {
		return err
	}
	if !id.DeptInScope(0) {
		all, err := s.Q.Depts(ctx)
		if err != nil {
			return err
		}
		var hit []Dept
		for _, d := range all {
			if slices.Contains(ids, d.ID) {
				hit = append(hit, d)
			}
		}
		if err := guardDepts(id, hit, "删除"); err != nil {
			return err
		}
	}
	if has, err := s.S.Depts.Exists(ctx, 0, "parent_id IN ?", ids); err != nil {
		return err
	} else if has {
		return errs.Rule("HAS_CHILDREN", "请先删除子节点")
	}
	return s.saveWithEvent(ctx, "system.dept.removed", func(ctx context.Context) error { return s.S.Depts.Remove(ctx, ids) })
}

// DeptScope returns depts and their descendants (for data scope).
func DeptScope(all []Dept, roots []int64) []int64 {
	parents := make(map[int64]int64, len(all))
	for _, d := range all {
		parents[d.ID] = d.ParentID
	}
	out := tree.Subtree(parents, roots)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// ---- dictionaries ----

// SaveDict validates a parent or child entry.
func (s *System) SaveDict(ctx context.Context, d *Dict) error {
	d.Code = strings.TrimSpace(d.Code)
	d.DictValue = strings.TrimSpace(d.DictValue)
	if d.DictValue == "" {
		return errs.BadRequest("请输入字典名称")
	}
	if d.ParentID == 0 && d.Code == "" {
		return errs.BadRequest("请输入字典编号")
	}
	if d.ParentID == 0 {
		d.DictKey = "-1"
		if dup, err := s.S.Dicts.Exists(ctx, d.ID, "code = ? AND parent_id = 0", d.Code); err != nil {
			return err
		} else if dup {
			return errs.Duplicate("字典编号已存在")
		}
	} else {
		p, err := s.S.Dicts.Get(ctx, d.ParentID)
		if err != nil {
			return errs.NotFound("上级字典不存在")
		}
		d.Code = p.Code
		if strings.TrimSpace(d.DictKey) == "" {
			return errs.BadRequest("请输入字典键值")
		}
		if dup, err := s.S.Dicts.Exists(ctx, d.ID, "parent_id = ? AND dict_key = ?", d.ParentID, d.DictKey); err != nil {
			return err
		} else if dup {
			return errs.Duplicate("字典键值已存在")
		}
	}
	return s.saveWithEvent(ctx, "system.dict.saved", func(ctx context.Context) error {
		if d.ID == 0 {
			return s.S.Dicts.Create(ctx, d)
		}
		return s.S.Dicts.Update(ctx, d.ID, d, "parent_id", "code", "dict_key", "dict_value", "sort", "remark", "update_time", "update_user")
	})
}

// RemoveDicts removes entries and the children of removed parents.
func (s *System) RemoveDicts(ctx context.Context, ids []int64) error {
	return s.saveWithEvent(ctx, "system.dict.removed", func(ctx context.Context) error {
		if err := s.S.Dicts.Remove(ctx, ids); err != nil {
			return err
		}
		return s.Q.RemoveDictChildren(ctx, ids)
	})
}

// ---- small entities ----

// SavePost validates a post.
func (s *System) SavePost(ctx context.Context, p *Post) error {
	p.PostCode, p.PostName = strings.TrimSpace(p.PostCode), strings.TrimSpace(p.PostName)
	if p.PostCode == "" || p.PostName == "" {
		return errs.BadRequest("请输入岗位编号和岗位名称")
	}
	if dup, err := s.S.Posts.Exists(ctx, p.ID, "post_code = ?", p.PostCode); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("岗位编号已存在")
	}
	return s.saveWithEvent(ctx, "system.post.saved", func(ctx context.Context) error { return save(ctx, s.S.Posts, p.ID, p) })
}

// RemovePosts deletes posts (others cache post names: the event tells them).
func (s *System) RemovePosts(ctx context.Context, ids []int64) error {
	return s.saveWithEvent(ctx, "system.post.removed", func(ctx context.Context) error { return s.S.Posts.Remove(ctx, ids) })
}

// SaveParam validates a parameter.
func (s *System) SaveParam(ctx context.Context, p *Param) error {
	p.ParamKey, p.ParamName = strings.TrimSpace(p.ParamKey), strings.TrimSpace(p.ParamName)
	if p.ParamKey == "" || p.ParamName == "" {
		return errs.BadRequest("请输入参数名称和参数键名")
	}
	if err := s.checkParamWrite(ctx, p); err != nil {
		return err
	}
	if dup, err := s.S.Params.Exists(ctx, p.ID, "param_key = ?", p.ParamKey); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("参数键名已存在")
	}
	return save(ctx, s.S.Params, p.ID, p)
}

// SaveClient validates an OAuth2 client (platform only).
func (s *System) SaveClient(ctx context.Context, c *Client) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	c.ClientID = strings.TrimSpace(c.ClientID)
	if c.ClientID == "" || c.ClientSecret == "" {
		return errs.BadRequest("请输入客户端 ID 和密钥")
	}
	if c.AccessTokenValidity <= 0 {
		c.AccessTokenValidity = 3600
	}
	if c.RefreshTokenValidity <= 0 {
		c.RefreshTokenValidity = 604800
	}
	if dup, err := s.S.Clients.Exists(ctx, c.ID, "client_id = ?", c.ClientID); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("客户端 ID 已存在")
	}
	return save(ctx, s.S.Clients, c.ID, c)
}

// SaveMenuConfig validates a tenant menu config.
func (s *System) SaveMenuConfig(ctx context.Context, c *MenuTenantConfig) error {
	if c.MenuID == 0 && strings.TrimSpace(c.MenuName) == "" {
		return errs.BadRequest("请选择菜单")
	}
	if c.MenuID != 0 {
		m, err := s.S.Menus.Get(ctx, c.MenuID)
		if err != nil {
			return err
		}
		if c.MenuName == "" {
			c.MenuName = m.Name
		}
	}
	if c.LinkURL != "" && !strings.HasPrefix(c.LinkURL, "http://") && !strings.HasPrefix(c.LinkURL, "https://") && !strings.HasPrefix(c.LinkURL, "/") {
		return errs.BadRequest("链接地址必须以 http、https 或 / 开头")
	}
	if c.IsUsed == 0 {
		c.IsUsed = 2
	}
	return save(ctx, s.S.MenuConfigs, c.ID, c)
}

// SaveLabel validates a map label.
func (s *System) SaveLabel(ctx context.Context, l *Label) error {
	l.Name = strings.TrimSpace(l.Name)
	if l.Name == "" {
		return errs.BadRequest("请输入标签名称")
	}
	if l.Longitude < -180 || l.Longitude > 180 || l.Latitude < -90 || l.Latitude > 90 {
		return errs.BadRequest("经纬度超出范围")
	}
	return save(ctx, s.S.Labels, l.ID, l)
}

func save[T any](ctx context.Context, st paging.Store[T], id int64, v *T) error {
	if id == 0 {
		return st.Create(ctx, v)
	}
	return st.Update(ctx, id, v)
}

// UpdateModules sets which modules of a tenant are enabled (isUsed 2) —
// the tenant's menu sub-tabulation.
func (s *System) UpdateModules(ctx context.Context, tenantID string, menuIDs []int64) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	if _, err := s.Q.TenantByID(ctx, tenantID); err != nil {
		return err
	}
	tctx := ident.ForTenant(ctx, tenantID)
	menus, err := s.Q.Menus(tctx)
	if err != nil {
		return err
	}
	on := map[int64]bool{}
	for _, id := range menuIDs {
		on[id] = true
	}
	var enable, disable []int64
	for _, m := range menus {
		if m.ParentID != 0 {
			continue
		}
		if on[m.ID] {
			enable = append(enable, m.ID)
		} else {
			disable = append(disable, m.ID)
		}
	}
	err = s.Tx.Tx(tctx, func(ctx context.Context) error {
		if _, err := s.S.Menus.UpdateFields(ctx, enable, map[string]any{"is_used": 2}); err != nil {
			return err
		}
		if _, err := s.S.Menus.UpdateFields(ctx, disable, map[string]any{"is_used": 1}); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.menu.saved", tenantID, map[string]any{"tenantId": tenantID})
	})
	if err == nil {
		s.menus.invalidate(tenantID)
	}
	return err
}

func nextID() int64 { return idgen.Next() }

// withID is a Base with a fixed id (seeded rows other services refer to).
func withID(id int64) db.Base { return db.Base{Plain: db.Plain{ID: id}} }
