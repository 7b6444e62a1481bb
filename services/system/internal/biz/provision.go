package biz

import (
	"context"
	"fmt"
	"strings"

	"anquan/kit/ident"
)

// Provisioned names the rows other services refer to.
type Provisioned struct {
	AdminRole, RootDept int64
}

// TenantRows are rows a tenant starts with beyond the generic ones. Only the
// first-start seed passes them (the platform's and the demo company's, with
// the fixed ids other services' seeds refer to); a tenant created later
// gets the generic rows with fresh ids.
type TenantRows struct {
	// Platform: the tenant sees the platform-only menus.
	Platform bool
	// Ids of the administrator role and the root department (0: fresh).
	AdminRole, RootDept int64
	Roles               []Role // besides the administrator role
	Depts               []Dept // below the root department
	Posts               []Post
}

// Provision creates a tenant's roles, root department, menus (from the
// template), grants and dictionaries; extra (nil for a new tenant) adds the
// seed's rows.
func (s *System) Provision(ctx context.Context, tenantID, name string, extra *TenantRows) (*Provisioned, error) {
	ctx = ident.ForTenant(ctx, tenantID)
	if extra == nil {
		extra = &TenantRows{}
	}
	p := &Provisioned{}
	admin := Role{RoleName: "管理员", RoleAlias: ident.AliasAdministrator, Sort: 1, DataScope: 1}
	admin.ID = extra.AdminRole
	root := Dept{Ancestors: "0", DeptName: name, FullName: name, Sort: 1, DeptCategory: 1}
	root.ID = extra.RootDept
	roles := append([]Role{admin}, extra.Roles...)
	depts := append([]Dept{root}, extra.Depts...)
	posts := extra.Posts
	if err := s.Q.CreateAll(ctx, &roles); err != nil {
		return nil, err
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
	menus, byModule := flatten(Template, extra.Platform)
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

// menuAlias is the 菜单别名 the menu form requires (so a seeded entry saves as it is): a
// button's action (user_add: add), a menu's i18n key, else its code.
func menuAlias(t MenuTemplate) string {
	if t.Category == 2 {
		if i := strings.LastIndexByte(t.Code, '_'); i >= 0 {
			return t.Code[i+1:]
		}
		return t.Code
	}
	if t.I18n != "" {
		return t.I18n
	}
	return t.Code
}

// MenuAliases is the 菜单别名 of every template entry (platform-only ones included) by its
// code: what a database seeded before the entries carried one gets (Go migration 4 of
// blade-system).
func MenuAliases() map[string]string {
	out := map[string]string{}
	var walk func([]MenuTemplate)
	walk = func(l []MenuTemplate) {
		for _, t := range l {
			out[t.Code] = menuAlias(t)
			walk(t.Children)
		}
	}
	walk(Template)
	return out
}

// menuRow is the menu row of template entry t, the i-th child of parent.
func menuRow(t MenuTemplate, parent int64, i int) Menu {
	m := Menu{Code: t.Code, Name: t.Name, Alias: menuAlias(t), Path: t.Path, Source: t.Source, I18n: t.I18n, Category: t.Category, ParentID: parent, Sort: int32(i + 1), IsUsed: 2, IsOpen: 1, IsTab: true}
	if t.Category == 2 {
		m.Action = 1
	}
	return m
}

// Placement is a template entry as a database provisioned before it existed gets it: its row
// (no id, no parent id), the code of its parent ("" for a module) and whether only the
// platform tenant has it.
type Placement struct {
	Row          Menu
	ParentCode   string
	PlatformOnly bool
}

// TemplatePlacements are the template entries of codes, parents before children, for a Go
// migration that gives existing tenants the pages added since they were provisioned. A code
// the template lacks is an error (the migration names the entries it adds).
func TemplatePlacements(codes ...string) ([]Placement, error) {
	want := map[string]bool{}
	for _, c := range codes {
		want[c] = true
	}
	var out []Placement
	var walk func(ts []MenuTemplate, parent string, platform bool)
	walk = func(ts []MenuTemplate, parent string, platform bool) {
		for i, t := range ts {
			p := platform || t.PlatformOnly
			if want[t.Code] {
				out = append(out, Placement{Row: menuRow(t, 0, i), ParentCode: parent, PlatformOnly: p})
				delete(want, t.Code)
			}
			walk(t.Children, t.Code, p)
		}
	}
	walk(Template, "", false)
	if len(want) > 0 {
		missing := make([]string, 0, len(want))
		for c := range want {
			missing = append(missing, c)
		}
		return nil, fmt.Errorf("menu template has no entries %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// NewMenuID is an id for a menu or grant row made outside Provision (a Go migration).
func NewMenuID() int64 { return nextID() }

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
			m := menuRow(t, parent, i)
			m.ID = nextID()
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
	NameEn string     `json:"nameEn"` // English label of the dictionary
	Remark string     `json:"remark"`
	Items  []SeedItem `json:"items"`
}

// SeedItem is an entry, possibly with nested entries (trees).
type SeedItem struct {
	Key      string     `json:"key"`
	Value    string     `json:"value"`
	ValueEn  string     `json:"valueEn"` // English label, shown when the UI is in English
	Remark   string     `json:"remark"`
	Children []SeedItem `json:"children"`
}

func (s *System) seedDicts(ctx context.Context) error {
	var rows []Dict
	for i, d := range s.Dicts {
		parent := Dict{Code: d.Code, DictKey: "-1", DictValue: d.Name, DictValueEn: d.NameEn, Sort: int32(i + 1), Remark: d.Remark, IsSealed: 1}
		parent.ID = nextID()
		rows = append(rows, parent)
		var walk func(items []SeedItem, pid int64)
		walk = func(items []SeedItem, pid int64) {
			for j, it := range items {
				c := Dict{Code: d.Code, ParentID: pid, DictKey: it.Key, DictValue: it.Value, DictValueEn: it.ValueEn, Sort: int32(j + 1), Remark: it.Remark, IsSealed: 1}
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
