package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/paging"
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
	// Shared holds each tenant's menu version for every replica (Redis in
	// a cluster; nil: this process only). A change bumps it, so the next
	// read on any replica reloads: the change's event reaches the other
	// replicas later, and a page reloaded there must already show it.
	Shared Versions
	menus  *menuCache
}

// Versions is the part of kit/cache the menu versions use.
type Versions interface {
	Get(ctx context.Context, key string) (string, bool, error)
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
}

// New wires the use cases.
func New(s Stores, q Queries, tx db.Transactor, ev Events, users Users, dicts []SeedDict) *System {
	return &System{S: s, Q: q, Tx: tx, Events: ev, Users: users, Dicts: dicts, menus: newMenuCache()}
}

// RequirePlatform refuses tenant management to anyone outside the platform tenant.
func RequirePlatform(ctx context.Context) error {
	if ident.IsSystem(ctx) {
		return nil
	}
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if !id.IsPlatform() {
		return errs.Forbidden("仅平台管理员可以管理租户")
	}
	return nil
}

func (s *System) saveWithEvent(ctx context.Context, subject string, fn func(ctx context.Context) error) error {
	id, err := ident.Caller(ctx)
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
		s.menusChanged(ctx, id.TenantID)
	}
	return err
}

func save[T any](ctx context.Context, st paging.Store[T], id int64, v *T) error {
	if id == 0 {
		return st.Create(ctx, v)
	}
	return st.Update(ctx, id, v)
}

func nextID() int64 { return idgen.Next() }
