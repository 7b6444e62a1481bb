// Package data implements records' persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/records/internal/biz"
)

var (
	chemicalSpec = crud.Spec{Name: "化学品",
		Filters: paging.Fields{"id": "id", "name": "name", "cas": "cas", "category": "category", "chemicalType": "chemical_type",
			"storageMethod": "storage_method", "materialState": "material_state", "hazardousEffect": "hazardous_effect",
			"ghsClasses": "ghs_classes", "highlyToxic": "highly_toxic", "keySupervised": "key_supervised",
			"explosivePrecursor": "explosive_precursor", "drugPrecursor": "drug_precursor", "deptId": "dept_id", "createTime": "create_time"},
		Sorts: paging.Fields{"createTime": "create_time", "name": "name", "cas": "cas", "category": "category"},
		Order: "create_time desc, id desc",
		ListOmit: []string{"msds_identification", "msds_hazards", "msds_composition", "msds_first_aid", "msds_fire_fighting",
			"msds_accidental_release", "msds_handling_storage", "msds_exposure_control", "msds_physical_chemical", "msds_stability_reactivity",
			"msds_toxicology", "msds_ecology", "msds_disposal", "msds_transport", "msds_regulatory", "msds_other"},
		CountTTL: 5 * time.Second}
	stockSpec = crud.Spec{Name: "库存", Filters: paging.Fields{"id": "id", "chemicalId": "chemical_id", "location": "location"},
		Sorts: paging.Fields{"location": "location", "quantity": "quantity"}, Order: "location asc, id asc"}
	documentSpec = crud.Spec{Name: "文件",
		Filters: paging.Fields{"id": "id", "kind": "kind", "title": "title", "docNo": "doc_no", "state": "state", "rootId": "root_id",
			"deptId": "dept_id", "post": "post", "version": "version", "createTime": "create_time", "publishedAt": "published_at"},
		Sorts:    paging.Fields{"createTime": "create_time", "title": "title", "publishedAt": "published_at", "version": "version"},
		Order:    "create_time desc, id desc",
		ListOmit: []string{"content"}, CountTTL: 5 * time.Second}
	readerSpec = crud.Spec{Name: "阅读确认", Filters: paging.Fields{"id": "id", "documentId": "document_id", "userId": "user_id", "confirmed": "confirmed"},
		Order: "id asc"}
)

// NewChemicals ... are the generic repositories.
func NewChemicals(g *gorm.DB) *crud.Repo[biz.Chemical] {
	return crud.New[biz.Chemical](g, chemicalSpec)
}
func NewStocks(g *gorm.DB) *crud.Repo[biz.Stock] { return crud.New[biz.Stock](g, stockSpec) }
func NewDocuments(g *gorm.DB) *crud.Repo[biz.Document] {
	return crud.New[biz.Document](g, documentSpec)
}
func NewReaders(g *gorm.DB) *crud.Repo[biz.Reader] { return crud.New[biz.Reader](g, readerSpec) }

var indexes = []db.Index{
	{Name: "idx_rec_chem_created", Table: "records_chemical", Columns: "tenant_id, create_time"},
	{Name: "idx_rec_chem_name", Table: "records_chemical", Columns: "tenant_id, name"},
	{Name: "idx_rec_chem_cas", Table: "records_chemical", Columns: "tenant_id, cas"},
	{Name: "idx_rec_chem_category", Table: "records_chemical", Columns: "tenant_id, category"},
	{Name: "idx_rec_chem_type", Table: "records_chemical", Columns: "tenant_id, chemical_type"},
	{Name: "idx_rec_chem_storage", Table: "records_chemical", Columns: "tenant_id, storage_method"},
	{Name: "idx_rec_chem_state", Table: "records_chemical", Columns: "tenant_id, material_state"},
	{Name: "idx_rec_chem_effect", Table: "records_chemical", Columns: "tenant_id, hazardous_effect"},
	{Name: "idx_rec_chem_flags", Table: "records_chemical", Columns: "tenant_id, highly_toxic, key_supervised, explosive_precursor, drug_precursor"},
	{Name: "idx_rec_chem_dept", Table: "records_chemical", Columns: "tenant_id, dept_id"},
	{Name: "idx_rec_stock_chem", Table: "records_stock", Columns: "tenant_id, chemical_id, location"},
	{Name: "idx_rec_stock_location", Table: "records_stock", Columns: "tenant_id, location"},
	{Name: "idx_rec_doc_kind", Table: "records_document", Columns: "tenant_id, kind, create_time"},
	{Name: "idx_rec_doc_title", Table: "records_document", Columns: "tenant_id, title"},
	{Name: "idx_rec_doc_no", Table: "records_document", Columns: "tenant_id, doc_no"},
	{Name: "idx_rec_doc_state", Table: "records_document", Columns: "tenant_id, kind, state"},
	{Name: "idx_rec_doc_root", Table: "records_document", Columns: "tenant_id, root_id, state"},
	{Name: "idx_rec_doc_dept", Table: "records_document", Columns: "tenant_id, dept_id"},
	{Name: "idx_rec_doc_post", Table: "records_document", Columns: "tenant_id, post"},
	{Name: "idx_rec_reader_doc", Table: "records_reader", Columns: "tenant_id, document_id, user_id"},
	{Name: "idx_rec_reader_user", Table: "records_reader", Columns: "tenant_id, user_id, confirmed"},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

func (q Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.G).Where("is_deleted = 0") }

func (q Queries) ByIDs(ctx context.Context, dst any, ids []int64) error {
	return q.ByIDsWhere(ctx, dst, "id", ids)
}

func (q Queries) ByIDsWhere(ctx context.Context, dst any, column string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	switch column {
	case "id", "chemical_id", "document_id":
	default:
		return errors.New("records: column not allowed")
	}
	return q.conn(ctx).Where(column+" IN ?", ids).Limit(10000).Find(dst).Error
}

func (q Queries) Totals(ctx context.Context, ids []int64) (map[int64]float64, error) {
	out := map[int64]float64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ChemicalID int64
		Total      float64
	}
	err := q.conn(ctx).Model(&biz.Stock{}).Select("chemical_id, sum(quantity) AS total").Where("chemical_id IN ?", ids).
		Group("chemical_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.ChemicalID] = r.Total
	}
	return out, err
}

func (q Queries) Quantities(ctx context.Context, chemicalID int64, cas, location string, limit int) ([]biz.Quantity, error) {
	tx := db.Conn(ctx, q.G).Table("records_stock AS s").
		Select("s.chemical_id, c.name, c.cas, c.category, s.location, s.quantity, s.unit, c.critical_quantity").
		Joins("JOIN records_chemical AS c ON c.id = s.chemical_id AND c.is_deleted = 0 AND c.tenant_id = s.tenant_id").
		Where("s.is_deleted = 0")
	// A raw join has no model: the tenant scope is written here, failing
	// closed without a caller.
	if !ident.IsSystem(ctx) {
		id := ident.From(ctx)
		if id == nil || id.TenantID == "" {
			return nil, db.ErrNoTenant
		}
		tx = tx.Where("s.tenant_id = ?", id.TenantID)
	}
	if chemicalID != 0 {
		tx = tx.Where("s.chemical_id = ?", chemicalID)
	}
	if cas != "" {
		tx = tx.Where("c.cas = ?", cas)
	}
	if location != "" {
		tx = tx.Where("s.location = ?", location)
	}
	var out []biz.Quantity
	return out, tx.Order("c.name, s.location").Limit(limit).Scan(&out).Error
}

func (q Queries) ReaderCounts(ctx context.Context, ids []int64) (map[int64][2]int32, error) {
	out := map[int64][2]int32{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		DocumentID int64
		Confirmed  bool
		N          int32
	}
	err := q.conn(ctx).Model(&biz.Reader{}).Select("document_id, confirmed, count(*) AS n").Where("document_id IN ?", ids).
		Group("document_id, confirmed").Scan(&rows).Error
	for _, r := range rows {
		c := out[r.DocumentID]
		c[0] += r.N
		if r.Confirmed {
			c[1] += r.N
		}
		out[r.DocumentID] = c
	}
	return out, err
}

func (q Queries) Pending(ctx context.Context, ids []int64, userID int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 || userID == 0 {
		return out, nil
	}
	var docs []int64
	err := q.conn(ctx).Model(&biz.Reader{}).Where("document_id IN ? AND user_id = ? AND confirmed = ?", ids, userID, false).
		Pluck("document_id", &docs).Error
	for _, d := range docs {
		out[d] = true
	}
	return out, err
}

func (q Queries) Published(ctx context.Context, rootID int64) (*biz.Document, error) {
	var d biz.Document
	err := q.conn(ctx).Where("root_id = ? AND state = ?", rootID, biz.StatePublished).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &d, err
}

func (q Queries) HasDraft(ctx context.Context, rootID int64) (bool, error) {
	var n int64
	err := q.conn(ctx).Model(&biz.Document{}).Where("root_id = ? AND state = ?", rootID, biz.StateDraft).Count(&n).Error
	return n > 0, err
}

func (q Queries) Reader(ctx context.Context, documentID, userID int64) (*biz.Reader, error) {
	var r biz.Reader
	err := q.conn(ctx).Where("document_id = ? AND user_id = ?", documentID, userID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &r, err
}
