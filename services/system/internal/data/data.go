// Package data implements blade-system's persistence with gorm: the generic
// repositories of kit/crud plus the queries they cannot express.
package data

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strconv"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/system/internal/biz"
)

//go:embed seed/dicts.json
var dictsJSON []byte

// SeedDicts parses the embedded dictionary data.
func SeedDicts() ([]biz.SeedDict, error) {
	var out []biz.SeedDict
	return out, json.Unmarshal(dictsJSON, &out)
}

var base = paging.Fields{"createTime": "create_time", "updateTime": "update_time", "status": "status", "id": "id"}

func fields(extra map[string]string) paging.Fields {
	f := paging.Fields{}
	for k, v := range base {
		f[k] = v
	}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// Stores builds the generic repositories.
func Stores(g *gorm.DB) biz.Stores {
	return biz.Stores{
		Tenants:     crud.New[biz.Tenant](g, crud.Spec{Name: "租户", Filters: fields(map[string]string{"tenantId": "tenant_id", "tenantName": "tenant_name", "domain": "domain", "linkman": "linkman", "contactNumber": "contact_number", "expireTime": "expire_time"})}),
		Menus:       crud.New[biz.Menu](g, crud.Spec{Name: "菜单", Order: "sort asc, id asc", Filters: fields(map[string]string{"name": "name", "code": "code", "alias": "alias", "category": "category", "parentId": "parent_id", "path": "path", "sort": "sort"})}),
		Roles:       crud.New[biz.Role](g, crud.Spec{Name: "角色", Order: "sort asc, id asc", Filters: fields(map[string]string{"roleName": "role_name", "roleAlias": "role_alias", "parentId": "parent_id", "sort": "sort"})}),
		Depts:       crud.New[biz.Dept](g, crud.Spec{Name: "部门", Order: "sort asc, id asc", Filters: fields(map[string]string{"deptName": "dept_name", "fullName": "full_name", "parentId": "parent_id", "deptCategory": "dept_category", "sort": "sort"})}),
		Posts:       crud.New[biz.Post](g, crud.Spec{Name: "岗位", Order: "sort asc, id asc", Filters: fields(map[string]string{"postCode": "post_code", "postName": "post_name", "category": "category", "sort": "sort"})}),
		Dicts:       crud.New[biz.Dict](g, crud.Spec{Name: "字典", Order: "sort asc, id asc", Filters: fields(map[string]string{"code": "code", "dictKey": "dict_key", "dictValue": "dict_value", "parentId": "parent_id", "sort": "sort"})}),
		Params:      crud.New[biz.Param](g, crud.Spec{Name: "参数", Filters: fields(map[string]string{"paramName": "param_name", "paramKey": "param_key", "visibility": "visibility"})}),
		Clients:     crud.New[biz.Client](g, crud.Spec{Name: "客户端", Filters: fields(map[string]string{"clientId": "client_id"})}),
		MenuConfigs: crud.New[biz.MenuTenantConfig](g, crud.Spec{Name: "租户菜单配置", Order: "sort asc, id desc", Filters: fields(map[string]string{"menuName": "menu_name", "menuId": "menu_id", "isUsed": "is_used", "linkUrl": "link_url", "sort": "sort"})}),
		Labels:      crud.New[biz.Label](g, crud.Spec{Name: "标签", Filters: fields(map[string]string{"name": "name", "remark": "remark"})}),
	}
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	ctx := ident.AsSystem(context.Background())
	if err := g.WithContext(ctx).AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g.WithContext(ctx)); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// indexes serve the list filters and look-ups that run per tenant.
var indexes = []db.Index{
	{Name: "idx_menu_tenant", Table: "blade_menu", Columns: "tenant_id, is_deleted, parent_id"},
	{Name: "idx_dict_tenant_code", Table: "blade_dict", Columns: "tenant_id, code, is_deleted"},
	{Name: "idx_role_menu_role", Table: "blade_role_menu", Columns: "tenant_id, role_id"},
	{Name: "idx_param_tenant_key", Table: "blade_param", Columns: "tenant_id, param_key"},
}

// Queries implements biz.Queries.
type Queries struct{ DB *gorm.DB }

func (q Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.DB) }

func (q Queries) Menus(ctx context.Context) ([]biz.Menu, error) {
	var out []biz.Menu
	return out, q.conn(ctx).Order("sort asc, id asc").Find(&out).Error
}

func (q Queries) Roles(ctx context.Context) ([]biz.Role, error) {
	var out []biz.Role
	return out, q.conn(ctx).Order("sort asc, id asc").Find(&out).Error
}

func (q Queries) Depts(ctx context.Context) ([]biz.Dept, error) {
	var out []biz.Dept
	return out, q.conn(ctx).Order("sort asc, id asc").Find(&out).Error
}

func (q Queries) DictItems(ctx context.Context, code string) ([]biz.Dict, error) {
	var out []biz.Dict
	return out, q.conn(ctx).Where("code = ? AND parent_id <> 0", code).Order("sort asc, id asc").Find(&out).Error
}

func (q Queries) RemoveDictChildren(ctx context.Context, parentIDs []int64) error {
	return q.conn(ctx).Model(&biz.Dict{}).Where("parent_id IN ?", parentIDs).Update("is_deleted", 1).Error
}

func (q Queries) GrantedMenuIDs(ctx context.Context, roleIDs []int64) ([]int64, error) {
	var ids []int64
	if len(roleIDs) == 0 {
		return ids, nil
	}
	err := q.conn(ctx).Model(&biz.RoleMenu{}).Where("role_id IN ?", roleIDs).Distinct().Pluck("menu_id", &ids).Error
	return ids, err
}

// SetGrants replaces the grants of roles (the role_menu table is scoped by hand:
// it has no Base, so the tenant comes from the caller explicitly).
func (q Queries) SetGrants(ctx context.Context, roleIDs, menuIDs []int64) error {
	id := ident.From(ctx)
	if id == nil {
		return db.ErrNoTenant
	}
	c := q.conn(ctx)
	if err := c.Where("tenant_id = ? AND role_id IN ?", id.TenantID, roleIDs).Delete(&biz.RoleMenu{}).Error; err != nil {
		return err
	}
	var rows []biz.RoleMenu
	for _, r := range roleIDs {
		for _, m := range menuIDs {
			rows = append(rows, biz.RoleMenu{ID: idgen.Next(), TenantID: id.TenantID, RoleID: r, MenuID: m})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return c.CreateInBatches(rows, 500).Error
}

func (q Queries) Policies(ctx context.Context) ([][3]string, []string, error) {
	ctx = ident.AsSystem(ctx)
	type row struct {
		RoleID   int64
		TenantID string
		Code     string
	}
	var rows []row
	err := q.conn(ctx).Table("blade_role_menu rm").
		Select("rm.role_id, rm.tenant_id, m.code").
		Joins("JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0").
		Where("m.code <> ''").Scan(&rows).Error
	if err != nil {
		return nil, nil, err
	}
	out := make([][3]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, [3]string{strconv.FormatInt(r.RoleID, 10), r.TenantID, r.Code})
	}
	var admins []biz.Role
	if err := q.conn(ctx).Where("role_alias = ?", "administrator").Find(&admins).Error; err != nil {
		return nil, nil, err
	}
	supers := make([]string, 0, len(admins))
	for _, a := range admins {
		supers = append(supers, biz.PolicyKey(a.TenantID, a.ID))
	}
	return out, supers, nil
}

func (q Queries) CreateAll(ctx context.Context, rows any) error {
	return q.conn(ctx).CreateInBatches(rows, 200).Error
}

func (q Queries) TenantByID(ctx context.Context, tenantID string) (*biz.Tenant, error) {
	var t biz.Tenant
	err := q.conn(ident.AsSystem(ctx)).Where("tenant_id = ?", tenantID).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, errs.NotFound("租户不存在")
	}
	return &t, err
}

func (q Queries) TenantByDomain(ctx context.Context, domain string) (*biz.Tenant, error) {
	var t biz.Tenant
	err := q.conn(ident.AsSystem(ctx)).Where("domain = ?", domain).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &t, err
}

func (q Queries) ClientByID(ctx context.Context, clientID string) (*biz.Client, error) {
	var c biz.Client
	err := q.conn(ident.AsSystem(ctx)).Where("client_id = ?", clientID).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, errs.NotFound("客户端不存在")
	}
	return &c, err
}

func (q Queries) ParamValue(ctx context.Context, tenantID, key string) (string, bool, error) {
	var p biz.Param
	err := q.conn(ident.AsSystem(ctx)).Where("tenant_id = ? AND param_key = ?", tenantID, key).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", false, nil
	}
	return p.ParamValue, err == nil, err
}
