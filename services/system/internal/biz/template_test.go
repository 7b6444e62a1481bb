package biz

import "testing"

// Every seeded menu entry meets the menu form's own rules (web/src/pages/system/menu): name,
// code and 菜单别名 are required, and a menu (not a button) needs its 路由地址, so an
// administrator can save a seeded entry as it is.
func TestSeededMenusMeetTheFormRules(t *testing.T) {
	for _, platform := range []bool{false, true} {
		menus, _ := flatten(Template, platform)
		if len(menus) == 0 {
			t.Fatal("no seeded menus")
		}
		for _, m := range menus {
			if m.Name == "" || m.Code == "" || m.Alias == "" || m.Sort < 1 {
				t.Errorf("%q (%s): name, code, alias and sort are required, got alias %q sort %d", m.Name, m.Code, m.Alias, m.Sort)
			}
			if m.Category != 2 && m.Path == "" {
				t.Errorf("%q (%s): a menu needs its 路由地址", m.Name, m.Code)
			}
			if m.Alias != MenuAliases()[m.Code] {
				t.Errorf("%s: alias %q, MenuAliases gives %q", m.Code, m.Alias, MenuAliases()[m.Code])
			}
		}
	}
}
