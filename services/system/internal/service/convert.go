package service

import (
	"cmp"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

func ts(t time.Time) string { return timefmt.Format(t) }

func baseOut(b db.Base) (string, int64, int64, string, int64, string, int32, int32) {
	return b.TenantID, b.CreateUser, b.CreateDept, ts(b.CreateTime), b.UpdateUser, ts(b.UpdateTime), b.Status, b.IsDeleted
}

func tenantOut(t *biz.Tenant) *pb.Tenant {
	out := &pb.Tenant{Id: t.ID, TenantId: t.TenantID, TenantName: t.TenantName, Domain: t.Domain, BackgroundUrl: t.BackgroundURL,
		Linkman: t.Linkman, ContactNumber: t.ContactNumber, Address: t.Address, AccountNumber: t.AccountNumber,
		ExpireTime: timefmt.FormatPtr(t.ExpireTime), LicenseKey: t.LicenseKey, CreateUser: t.CreateUser, CreateDept: t.CreateDept,
		CreateTime: ts(t.CreateTime), UpdateUser: t.UpdateUser, UpdateTime: ts(t.UpdateTime), Status: t.Status, IsDeleted: t.IsDeleted}
	return out
}

func tenantIn(p *pb.Tenant) (*biz.Tenant, error) {
	t := &biz.Tenant{TenantID: strings.TrimSpace(p.TenantId), TenantName: p.TenantName, Domain: p.Domain, BackgroundURL: p.BackgroundUrl,
		Linkman: p.Linkman, ContactNumber: p.ContactNumber, Address: p.Address, AccountNumber: p.AccountNumber, LicenseKey: p.LicenseKey}
	t.ID = p.Id
	t.Status = statusOr(p.Status)
	if p.ExpireTime != "" {
		e, ok := timefmt.Parse(p.ExpireTime)
		if !ok {
			return nil, badTime("过期时间")
		}
		t.ExpireTime = &e
	}
	return t, nil
}

func statusOr(s int32) int32 {
	if s == 0 {
		return 1
	}
	return s
}

func roleOut(r *biz.Role) *pb.Role {
	o := &pb.Role{Id: r.ID, ParentId: r.ParentID, RoleName: r.RoleName, RoleAlias: r.RoleAlias, Sort: r.Sort, DataScope: r.DataScope}
	o.TenantId, o.CreateUser, o.CreateDept, o.CreateTime, o.UpdateUser, o.UpdateTime, o.Status, o.IsDeleted = baseOut(r.Base)
	return o
}

func roleIn(p *pb.Role) *biz.Role {
	r := &biz.Role{ParentID: p.ParentId, RoleName: p.RoleName, RoleAlias: p.RoleAlias, Sort: p.Sort, DataScope: p.DataScope}
	r.ID, r.Status = p.Id, statusOr(p.Status)
	return r
}

func deptOut(d *biz.Dept) *pb.Dept {
	o := &pb.Dept{Id: d.ID, ParentId: d.ParentID, Ancestors: d.Ancestors, DeptName: d.DeptName, FullName: d.FullName, Sort: d.Sort, DeptCategory: d.DeptCategory, Remark: d.Remark}
	o.TenantId, o.CreateUser, o.CreateDept, o.CreateTime, o.UpdateUser, o.UpdateTime, o.Status, o.IsDeleted = baseOut(d.Base)
	return o
}

func deptIn(p *pb.Dept) *biz.Dept {
	d := &biz.Dept{ParentID: p.ParentId, DeptName: p.DeptName, FullName: p.FullName, Sort: p.Sort, DeptCategory: p.DeptCategory, Remark: p.Remark}
	d.ID, d.Status = p.Id, statusOr(p.Status)
	if d.DeptCategory == 0 {
		d.DeptCategory = 1
	}
	return d
}

func postOut(p *biz.Post) *pb.Post {
	o := &pb.Post{Id: p.ID, Category: p.Category, PostCode: p.PostCode, PostName: p.PostName, Sort: p.Sort, Remark: p.Remark}
	o.TenantId, o.CreateUser, o.CreateDept, o.CreateTime, o.UpdateUser, o.UpdateTime, o.Status, o.IsDeleted = baseOut(p.Base)
	return o
}

func postIn(p *pb.Post) *biz.Post {
	o := &biz.Post{Category: p.Category, PostCode: p.PostCode, PostName: p.PostName, Sort: p.Sort, Remark: p.Remark}
	o.ID, o.Status = p.Id, statusOr(p.Status)
	return o
}

func paramOut(p *biz.Param) *pb.Param {
	o := &pb.Param{Id: p.ID, ParamName: p.ParamName, ParamKey: p.ParamKey, ParamValue: p.ParamValue, Remark: p.Remark, Visibility: p.Visibility, Secret: p.IsSecret()}
	o.TenantId, o.CreateUser, o.CreateDept, o.CreateTime, o.UpdateUser, o.UpdateTime, o.Status, o.IsDeleted = baseOut(p.Base)
	return o
}

// paramMasked is a param for lists: a secret's value masked.
func paramMasked(p *biz.Param) *pb.Param { return paramOut(p.Masked()) }

func paramIn(p *pb.Param) *biz.Param {
	o := &biz.Param{ParamName: p.ParamName, ParamKey: p.ParamKey, ParamValue: p.ParamValue, Remark: p.Remark, Visibility: p.Visibility, Secret: p.Secret}
	o.ID, o.Status = p.Id, statusOr(p.Status)
	return o
}

func clientOut(c *biz.Client) *pb.Client {
	return &pb.Client{Id: c.ID, ClientId: c.ClientID, ClientSecret: c.ClientSecret, Scope: c.Scope, AuthorizedGrantTypes: c.AuthorizedGrantTypes,
		WebServerRedirectUri: c.WebServerRedirectURI, AccessTokenValidity: c.AccessTokenValidity, RefreshTokenValidity: c.RefreshTokenValidity,
		EncryptPassword: c.EncryptPassword, CreateUser: c.CreateUser, CreateDept: c.CreateDept, CreateTime: ts(c.CreateTime),
		UpdateUser: c.UpdateUser, UpdateTime: ts(c.UpdateTime), Status: c.Status, IsDeleted: c.IsDeleted}
}

func clientIn(p *pb.Client) *biz.Client {
	c := &biz.Client{ClientID: p.ClientId, ClientSecret: p.ClientSecret, Scope: p.Scope, AuthorizedGrantTypes: p.AuthorizedGrantTypes,
		WebServerRedirectURI: p.WebServerRedirectUri, AccessTokenValidity: p.AccessTokenValidity, RefreshTokenValidity: p.RefreshTokenValidity, EncryptPassword: p.EncryptPassword}
	c.ID, c.Status = p.Id, statusOr(p.Status)
	if c.Scope == "" {
		c.Scope = "all"
	}
	return c
}

func menuOut(m *biz.Menu) *pb.Menu {
	o := &pb.Menu{Id: m.ID, ParentId: m.ParentID, TenantId: m.TenantID, TopMenuId: topOf(m), Name: m.Name, Code: m.Code, Alias: m.Alias,
		IsUsed: m.IsUsed, PathUrl: m.PathURL, Path: m.Path, Source: m.Source, Icon: m.Source, Sort: m.Sort, Category: m.Category,
		Action: m.Action, IsOpen: m.IsOpen, Group: m.Grp, Query: m.Query, Component: m.Component, Remark: m.Remark,
		Status: m.Status, CreateTime: ts(m.CreateTime), UpdateTime: ts(m.UpdateTime), IsDeleted: m.IsDeleted,
		Meta: &pb.MenuMeta{I18N: m.I18n, KeepAlive: m.KeepAlive, IsTab: m.IsTab, Roles: splitList(m.Roles)}}
	return o
}

func topOf(m *biz.Menu) int64 {
	if m.ParentID == 0 {
		return m.ID
	}
	return 0
}

func splitList(s string) []string {
	if strings.TrimSpace(s) == "" {
		return []string{}
	}
	parts := strings.Split(s, ",")
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func menuIn(p *pb.Menu) *biz.Menu {
	m := &biz.Menu{ParentID: p.ParentId, Code: p.Code, Name: p.Name, Alias: p.Alias, Path: p.Path, Source: cmp.Or(p.Source, p.Icon),
		Sort: p.Sort, Category: p.Category, Action: p.Action, IsOpen: p.IsOpen, IsUsed: p.IsUsed, PathURL: p.PathUrl,
		Component: p.Component, Remark: p.Remark, Grp: p.Group, Query: p.Query, IsTab: true}
	m.ID, m.Status = p.Id, statusOr(p.Status)
	if m.Category == 0 {
		m.Category = 1
	}
	if m.IsOpen == 0 {
		m.IsOpen = 1
	}
	if p.Meta != nil {
		m.I18n, m.KeepAlive, m.Roles = p.Meta.I18N, p.Meta.KeepAlive, strings.Join(p.Meta.Roles, ",")
		m.IsTab = p.Meta.IsTab || p.Id == 0
	}
	return m
}

func nodesOut(ns []*biz.MenuNode, top int64) []*pb.Menu {
	out := make([]*pb.Menu, 0, len(ns))
	for _, n := range ns {
		m := menuOut(&n.Menu)
		if top != 0 {
			m.TopMenuId = top
		} else if n.ParentID == 0 {
			m.TopMenuId = n.ID
		}
		next := top
		if n.ParentID == 0 {
			next = n.ID
		}
		m.Children = nodesOut(n.Children, next)
		m.HasChildren = len(n.Children) > 0
		out = append(out, m)
	}
	return out
}

func treeNodes(ns []*biz.MenuNode) []*commonv1.TreeNode {
	out := make([]*commonv1.TreeNode, 0, len(ns))
	for _, n := range ns {
		out = append(out, &commonv1.TreeNode{Id: n.ID, ParentId: n.ParentID, Title: n.Name, Key: n.ID, Value: n.ID, HasChildren: len(n.Children) > 0, Children: treeNodes(n.Children)})
	}
	return out
}

func dictOut(d *biz.Dict) *pb.Dict {
	return &pb.Dict{Id: d.ID, ParentId: d.ParentID, TenantId: d.TenantID, Code: d.Code, DictKey: d.DictKey, DictValue: d.DictValue, DictValueEn: d.DictValueEn,
		Sort: d.Sort, Remark: d.Remark, IsSealed: d.IsSealed, IsDeleted: d.IsDeleted, CreateTime: ts(d.CreateTime)}
}

func dictIn(p *pb.Dict) *biz.Dict {
	d := &biz.Dict{ParentID: p.ParentId, Code: p.Code, DictKey: p.DictKey, DictValue: p.DictValue, DictValueEn: p.DictValueEn, Sort: p.Sort, Remark: p.Remark}
	d.ID = p.Id
	return d
}

func configOut(c *biz.MenuTenantConfig) *pb.MenuTenantConfig {
	return &pb.MenuTenantConfig{Id: c.ID, TenantId: c.TenantID, MenuId: c.MenuID, MenuName: c.MenuName, LinkUrl: c.LinkURL,
		IsUsed: c.IsUsed, Sort: c.Sort, Remark: c.Remark, CreateTime: ts(c.CreateTime), Status: c.Status}
}

func configIn(p *pb.MenuTenantConfig) *biz.MenuTenantConfig {
	c := &biz.MenuTenantConfig{MenuID: p.MenuId, MenuName: p.MenuName, LinkURL: p.LinkUrl, IsUsed: p.IsUsed, Sort: p.Sort, Remark: p.Remark}
	c.ID, c.Status = p.Id, statusOr(p.Status)
	return c
}

func labelOut(l *biz.Label) *pb.Label {
	return &pb.Label{Id: l.ID, TenantId: l.TenantID, Name: l.Name, Longitude: l.Longitude, Latitude: l.Latitude, Height: l.Height,
		Remark: l.Remark, CreateTime: ts(l.CreateTime), Status: l.Status}
}

func labelIn(p *pb.Label) *biz.Label {
	l := &biz.Label{Name: p.Name, Longitude: p.Longitude, Latitude: p.Latitude, Height: p.Height, Remark: p.Remark}
	l.ID, l.Status = p.Id, statusOr(p.Status)
	return l
}
