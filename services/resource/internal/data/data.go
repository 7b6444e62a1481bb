// Package data implements blade-resource's persistence: the generic
// repository of stored files and the name look-up.
package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/resource/internal/biz"
)

var fileSpec = crud.Spec{
	Name:    "文件",
	Filters: paging.Fields{"originalName": "original_name", "ext": "ext", "createTime": "create_time"},
}

// NewFiles is the generic repository of stored files.
func NewFiles(g *gorm.DB) *crud.Repo[biz.File] { return crud.New[biz.File](g, fileSpec) }

// uk_attach_name: names are random, the index makes a look-up one probe and
// a collision an error instead of a silent overwrite.
var indexes = []db.Index{
	{Name: "uk_attach_name", Table: "blade_attach", Columns: "name", Unique: true},
	{Name: "idx_attach_tenant_ext", Table: "blade_attach", Columns: "tenant_id, ext"},
	{Name: "idx_attach_tenant_time", Table: "blade_attach", Columns: "tenant_id, create_time"},
	{Name: "idx_attach_tenant_orig", Table: "blade_attach", Columns: "tenant_id, original_name"},
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
type Queries struct{ DB *gorm.DB }

func (q Queries) Names(ctx context.Context, names []string) ([]string, error) {
	var out []string
	err := db.Conn(ctx, q.DB).Model(&biz.File{}).Where("name IN ?", names).Pluck("name", &out).Error
	return out, err
}
