package db

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/kit/ident"
)

// AuditLog is one audited write: who changed which rows of which entity,
// when, and digests of the rows before and of the values written, so a
// later reader can tell that a record changed and by whom without the log
// holding the values themselves (they may be secrets or personal data). It
// lives in the database of the service that owns the entity and is written
// in the transaction of the write: a write whose audit row cannot be stored
// fails (fail closed).
type AuditLog struct {
	ID         int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID   string    `gorm:"size:12;not null;default:''"`
	CreateTime time.Time `gorm:"not null"`
	UserID     int64     `gorm:"not null;default:0"`
	// Account of the caller, or "system" for jobs and event consumers.
	Account   string `gorm:"size:100;not null;default:''"`
	ClientIP  string `gorm:"size:64;not null;default:''"`
	RequestID string `gorm:"size:64;not null;default:''"`
	// Op is create, update or delete (a logical delete is an update of is_deleted).
	Op string `gorm:"size:10;not null"`
	// Entity is the table; EntityName its Chinese name where one is known.
	Entity     string `gorm:"size:64;not null"`
	EntityName string `gorm:"size:64;not null;default:''"`
	// RecordIDs: the first ids written (comma list); Rows: how many rows.
	RecordIDs string `gorm:"size:2000;not null;default:''"`
	Rows      int64  `gorm:"not null;default:0"`
	// Changes: the columns an update set.
	Changes      string `gorm:"size:1000;not null;default:''"`
	BeforeDigest string `gorm:"size:64;not null;default:''"`
	AfterDigest  string `gorm:"size:64;not null;default:''"`
}

func (AuditLog) TableName() string { return "audit_log" }

// TenantOwned: tenant administrators read their own tenant's log.
func (AuditLog) TenantOwned() {}

// GetID returns the id (the generic repository needs it).
func (a *AuditLog) GetID() int64 { return a.ID }

// NotAudited is implemented by models whose writes are not business
// changes (the outbox, sequences, logs that are themselves audit records).
type NotAudited interface{ NotAudited() }

var notAuditedType = reflect.TypeOf((*NotAudited)(nil)).Elem()

// entityNames maps tables to Chinese names (crud.New registers them).
var entityNames sync.Map

// NameEntity records the Chinese name of a table for the audit log.
func NameEntity(table, name string) {
	if table != "" && name != "" {
		entityNames.Store(table, name)
	}
}

// EntityName is the Chinese name of a table, or "" (entries written before
// the service's repositories were made, such as its seed, get it on read).
func EntityName(table string) string {
	if n, ok := entityNames.Load(table); ok {
		return n.(string)
	}
	return ""
}

// maxAuditedRows bounds what one audit row reads and records of a bulk
// write (a scheduler flagging thousands of tasks): the ids of the first
// ones, the digest of those rows, and the count of all.
const maxAuditedRows = 200

// MigrateAudit creates the audit table and its indexes from the model: part
// of every service database's models schema (kit/migrate), not run at start.
func MigrateAudit(g *gorm.DB) error {
	if err := g.AutoMigrate(&AuditLog{}); err != nil {
		return fmt.Errorf("audit_log migrate: %w", err)
	}
	return EnsureIndexes(g, []Index{
		{Name: "idx_audit_tenant_time", Table: "audit_log", Columns: "tenant_id, create_time"},
		{Name: "idx_audit_tenant_entity", Table: "audit_log", Columns: "tenant_id, entity, create_time"},
	})
}

// EnableAudit records every later create, update and delete of a model
// through g (see AuditLog) in the audit table (MigrateAudit's).
func EnableAudit(g *gorm.DB) error {
	cb := g.Callback()
	if err := cb.Create().After("gorm:create").Before("gorm:commit_or_rollback_transaction").Register("anquan:audit_create", auditCreate); err != nil {
		return err
	}
	if err := cb.Update().After("anquan:update").Before("gorm:update").Register("anquan:audit_update_before", auditBefore); err != nil {
		return err
	}
	if err := cb.Update().After("gorm:update").Before("gorm:commit_or_rollback_transaction").Register("anquan:audit_update", auditAfter("update")); err != nil {
		return err
	}
	if err := cb.Delete().After("anquan:delete").Before("gorm:delete").Register("anquan:audit_delete_before", auditBefore); err != nil {
		return err
	}
	return cb.Delete().After("gorm:delete").Before("gorm:commit_or_rollback_transaction").Register("anquan:audit_delete", auditAfter("delete"))
}

// audited reports whether the statement's model is audited.
func audited(db *gorm.DB) bool {
	s := db.Statement.Schema
	if s == nil || s.Table == "audit_log" || s.Table == "outbox_event" {
		return false
	}
	return !(s.ModelType.Implements(notAuditedType) || reflect.PointerTo(s.ModelType).Implements(notAuditedType))
}

// digest is a short, stable fingerprint of v (maps marshal with sorted keys).
func digest(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(fmt.Sprint(v))
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// pendingKey holds, between the before and after callbacks of one
// statement, the rows the write is about to change.
const pendingKey = "anquan:audit_pending"

type pending struct {
	groups map[string]*rowGroup // tenant -> rows
}

type rowGroup struct {
	ids  []string
	rows []map[string]any
}

// auditBefore reads the rows an update or delete is about to change (the
// statement's own conditions, in its transaction), for their ids and the
// before digest.
func auditBefore(db *gorm.DB) {
	if db.Error != nil || !audited(db) {
		return
	}
	s := db.Statement.Schema
	pk := s.PrioritizedPrimaryField
	if pk == nil {
		return
	}
	tx := db.Session(&gorm.Session{NewDB: true, SkipDefaultTransaction: true}).Table(s.Table)
	if c, ok := db.Statement.Clauses["WHERE"]; ok {
		if w, ok := c.Expression.(clause.Where); ok && len(w.Exprs) > 0 {
			tx = tx.Clauses(clause.Where{Exprs: w.Exprs})
		}
	} else if rv := reflect.Indirect(db.Statement.ReflectValue); rv.Kind() == reflect.Struct {
		// db.Model(&row).Updates(...) with no condition: gorm adds the
		// primary key itself later, so the audit adds it here.
		v, zero := pk.ValueOf(db.Statement.Context, rv)
		if zero {
			return
		}
		tx = tx.Where(clause.Eq{Column: clause.Column{Name: pk.DBName}, Value: v})
	} else {
		return
	}
	var rows []map[string]any
	if err := tx.Limit(maxAuditedRows).Order(pk.DBName).Find(&rows).Error; err != nil {
		_ = db.AddError(fmt.Errorf("audit: read rows before the write: %w", err))
		return
	}
	p := &pending{groups: map[string]*rowGroup{}}
	for _, r := range rows {
		t := fmt.Sprint(valueOr(r["tenant_id"], ""))
		g := p.groups[t]
		if g == nil {
			g = &rowGroup{}
			p.groups[t] = g
		}
		g.ids = append(g.ids, fmt.Sprint(r[pk.DBName]))
		g.rows = append(g.rows, r)
	}
	db.Statement.Settings.Store(pendingKey, p)
}

func valueOr(v, or any) any {
	if v == nil {
		return or
	}
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

// auditAfter records the update or delete read by auditBefore, once it
// has succeeded.
func auditAfter(op string) func(db *gorm.DB) {
	return func(db *gorm.DB) {
		v, ok := db.Statement.Settings.LoadAndDelete(pendingKey)
		if !ok || db.Error != nil || db.Statement.RowsAffected == 0 {
			return
		}
		p := v.(*pending)
		if f := db.Statement.Schema.LookUpField("IsDeleted"); op == "update" && f != nil {
			if isLogicalDelete(db, f.DBName) {
				op = "delete"
			}
		}
		changes, after := changed(db)
		entries := make([]AuditLog, 0, len(p.groups))
		for tenant, g := range p.groups {
			rows := int64(len(g.ids))
			if len(p.groups) == 1 {
				rows = db.Statement.RowsAffected
			}
			e := entry(db, tenant, op, g.ids, rows)
			e.Changes, e.BeforeDigest = changes, digest(g.rows)
			if op == "update" {
				e.AfterDigest = after
			}
			entries = append(entries, e)
		}
		write(db, entries)
	}
}

// isLogicalDelete: an update that sets is_deleted to 1.
func isLogicalDelete(db *gorm.DB, col string) bool {
	if m, ok := db.Statement.Dest.(map[string]any); ok {
		return fmt.Sprint(m[col]) == "1"
	}
	return false
}

// bookkeeping columns every update sets: not worth naming as changes.
var bookkeeping = map[string]bool{"update_time": true, "update_user": true}

// changed names the columns an update set and digests the values written.
func changed(db *gorm.DB) (string, string) {
	var cols []string
	var vals any
	switch d := db.Statement.Dest.(type) {
	case map[string]any:
		set := make(map[string]any, len(d))
		for k, v := range d {
			if f := db.Statement.Schema.LookUpField(k); f != nil {
				k = f.DBName
			}
			set[k] = v
			if !bookkeeping[k] {
				cols = append(cols, k)
			}
		}
		vals = set
	default:
		s := db.Statement.Schema
		rv := reflect.Indirect(reflect.ValueOf(db.Statement.Dest))
		set := map[string]any{}
		if rv.Kind() == reflect.Struct && rv.Type() == s.ModelType {
			for _, f := range s.Fields {
				if f.DBName == "" || f.PrimaryKey {
					continue
				}
				v, zero := f.ValueOf(db.Statement.Context, rv)
				if len(db.Statement.Selects) > 0 {
					if !slices.Contains(db.Statement.Selects, f.DBName) && !slices.Contains(db.Statement.Selects, f.Name) && !slices.Contains(db.Statement.Selects, "*") {
						continue
					}
				} else if zero {
					continue
				}
				set[f.DBName] = v
				if !bookkeeping[f.DBName] {
					cols = append(cols, f.DBName)
				}
			}
		}
		vals = set
	}
	sort.Strings(cols)
	out := strings.Join(cols, ",")
	if len(out) > 1000 {
		out = out[:1000]
	}
	return out, digest(vals)
}

// auditCreate records inserted rows, one entry per tenant.
func auditCreate(db *gorm.DB) {
	if db.Error != nil || !audited(db) || db.Statement.RowsAffected == 0 {
		return
	}
	s := db.Statement.Schema
	ctx := db.Statement.Context
	groups := map[string]*rowGroup{}
	order := []string{}
	add := func(rv reflect.Value) {
		tenant := ""
		if f := s.LookUpField("TenantID"); f != nil {
			if v, _ := f.ValueOf(ctx, rv); v != nil {
				tenant = fmt.Sprint(v)
			}
		}
		g := groups[tenant]
		if g == nil {
			g = &rowGroup{}
			groups[tenant] = g
			order = append(order, tenant)
		}
		if pk := s.PrioritizedPrimaryField; pk != nil && len(g.ids) < maxAuditedRows {
			v, _ := pk.ValueOf(ctx, rv)
			g.ids = append(g.ids, fmt.Sprint(v))
		}
		if len(g.rows) < maxAuditedRows {
			g.rows = append(g.rows, map[string]any{"row": rv.Interface()})
		}
	}
	rv := db.Statement.ReflectValue
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			add(reflect.Indirect(rv.Index(i)))
		}
	case reflect.Struct:
		add(rv)
	}
	entries := make([]AuditLog, 0, len(groups))
	for _, t := range order {
		g := groups[t]
		rows := int64(len(g.ids))
		if len(groups) == 1 {
			rows = db.Statement.RowsAffected
		}
		e := entry(db, t, "create", g.ids, rows)
		e.AfterDigest = digest(g.rows)
		entries = append(entries, e)
	}
	write(db, entries)
}

// entry fills who, when and what of one audit row.
func entry(db *gorm.DB, tenant, op string, ids []string, rows int64) AuditLog {
	ctx := db.Statement.Context
	e := AuditLog{TenantID: tenant, CreateTime: now(), Op: op, Entity: db.Statement.Schema.Table, Rows: rows,
		Account: "system", ClientIP: ident.ClientIP(ctx), RequestID: ident.RequestID(ctx)}
	if n, ok := entityNames.Load(e.Entity); ok {
		e.EntityName = n.(string)
	}
	if id := ident.From(ctx); id != nil && !ident.IsSystem(ctx) && id.UserID > 0 {
		e.UserID = id.UserID
		e.Account = id.Account
		if e.Account == "" {
			e.Account = strconv.FormatInt(id.UserID, 10)
		}
	}
	var b strings.Builder
	for i, id := range ids {
		if b.Len()+len(id)+1 > 2000 {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
	}
	e.RecordIDs = b.String()
	return e
}

// write stores the entries in the statement's transaction; a failure fails
// the write.
func write(db *gorm.DB, entries []AuditLog) {
	if len(entries) == 0 {
		return
	}
	// One Session call: a second one (WithContext) would clone the
	// statement being audited, model and all.
	tx := db.Session(&gorm.Session{NewDB: true, SkipDefaultTransaction: true, Context: ident.AsSystem(db.Statement.Context)})
	if err := tx.Create(&entries).Error; err != nil {
		_ = db.AddError(fmt.Errorf("audit: record the write: %w", err))
	}
}
