package data

import (
	"context"
	"errors"
	"io"
	"slices"

	"google.golang.org/grpc/codes"
	"gorm.io/gorm"

	"anquan/aichat/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/paging"
	resourcev1 "anquan/proto/blade/resource/v1"
)

var (
	docSpec = crud.Spec{Name: "文件", Filters: paging.Fields{"title": "title", "kind": "kind"},
		Sorts: paging.Fields{"createTime": "create_time", "title": "title"}, Order: "create_time desc, id desc"}
	passageSpec = crud.Spec{Name: "文件段落", Order: "document_id asc, seq asc"}
)

// Documents is the repository of the tenant's documents and their
// passages; every query is tenant-scoped by the caller's identity.
type Documents struct {
	docs     *crud.Repo[biz.Document]
	passages *crud.Repo[biz.DocPassage]
	tx       db.Transactor
}

// NewDocuments makes it.
func NewDocuments(g *gorm.DB) *Documents {
	return &Documents{docs: crud.New[biz.Document](g, docSpec), passages: crud.New[biz.DocPassage](g, passageSpec), tx: db.NewTransactor(g)}
}

func (r *Documents) Page(ctx context.Context, q paging.Query) (*paging.Page[biz.Document], error) {
	return r.docs.Page(ctx, q)
}

func (r *Documents) Totals(ctx context.Context) (int64, int64, error) {
	var t struct {
		N     int64
		Runes int64
	}
	err := r.docs.Conn(ctx).Select("count(*) AS n, coalesce(sum(chars), 0) AS runes").Scan(&t).Error
	return t.N, t.Runes, err
}

// Add stores the document and its passages in one transaction.
func (r *Documents) Add(ctx context.Context, d *biz.Document, passages []string) error {
	return r.tx.Tx(ctx, func(ctx context.Context) error {
		if err := r.docs.Create(ctx, d); err != nil {
			return err
		}
		rows := make([]biz.DocPassage, len(passages))
		for i, p := range passages {
			rows[i] = biz.DocPassage{DocumentID: d.ID, Seq: int32(i + 1), Text: p}
		}
		if len(rows) == 0 {
			return nil
		}
		return db.Conn(ctx, r.passages.DB).CreateInBatches(&rows, 100).Error
	})
}

// Remove deletes the documents logically and their passages for good.
func (r *Documents) Remove(ctx context.Context, ids []int64) error {
	return r.tx.Tx(ctx, func(ctx context.Context) error {
		if err := r.docs.Remove(ctx, ids); err != nil {
			return err
		}
		return r.passages.Conn(ctx).Where("document_id IN ?", ids).Delete(&biz.DocPassage{}).Error
	})
}

// FileNames are the uploads of those of ids that are the tenant's live
// documents; NotFound when none is (as Remove answers).
func (r *Documents) FileNames(ctx context.Context, ids []int64) ([]string, error) {
	var docs []biz.Document
	if err := r.docs.Conn(ctx).Select("id", "file_name").Where("id IN ?", ids).Find(&docs).Error; err != nil {
		return nil, err
	}
	if len(docs) == 0 {
		return nil, errs.NotFound("%s不存在", docSpec.Name)
	}
	names := make([]string, 0, len(docs))
	for _, d := range docs {
		if d.FileName != "" && !slices.Contains(names, d.FileName) {
			names = append(names, d.FileName)
		}
	}
	return names, nil
}

func (r *Documents) IDs(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := r.docs.Conn(ctx).Order("id").Limit(biz.MaxDocuments*2).Pluck("id", &ids).Error
	return ids, err
}

func (r *Documents) All(ctx context.Context) ([]biz.Document, []biz.DocPassage, error) {
	var docs []biz.Document
	if err := r.docs.Conn(ctx).Order("id").Limit(biz.MaxDocuments * 2).Find(&docs).Error; err != nil {
		return nil, nil, err
	}
	if len(docs) == 0 {
		return nil, nil, nil
	}
	ids := make([]int64, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	var ps []biz.DocPassage
	err := r.passages.Conn(ctx).Select("id", "document_id", "seq", "text").Where("document_id IN ?", ids).
		Order("document_id, seq").Find(&ps).Error
	slices.SortFunc(docs, func(a, b biz.Document) int { return int(a.ID - b.ID) })
	return docs, ps, err
}

// Files reads uploads from the resource service with the caller's
// identity: only the caller's tenant's files are found.
type Files struct {
	Resource resourcev1.ResourceServiceClient
}

// Remove deletes the stored file as the caller; a file already gone
// (NotFound) is no error: the document is what is being removed.
func (f Files) Remove(ctx context.Context, name string) error {
	_, err := f.Resource.RemoveFile(ctx, &resourcev1.FileName{FileName: name})
	if errs.Code(err) == codes.NotFound {
		return nil
	}
	return err
}

// Read streams the file, refusing one over max bytes.
func (f Files) Read(ctx context.Context, name string, max int64) (string, []byte, error) {
	st, err := f.Resource.PreviewFile(ctx, &resourcev1.FileName{FileName: name})
	if err != nil {
		return "", nil, err
	}
	var original string
	var data []byte
	first := true
	for {
		c, err := st.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if errs.Code(err) == codes.NotFound {
				return "", nil, errs.BadRequest("文件不存在，请重新上传")
			}
			return "", nil, err
		}
		if first {
			first = false
			if c.File != nil {
				original = c.File.OriginalName
				if c.File.Size > max {
					return "", nil, errs.BadRequest("文件过大：最大 %d MB", max>>20)
				}
			}
		}
		if int64(len(data)+len(c.Data)) > max {
			return "", nil, errs.BadRequest("文件过大：最大 %d MB", max>>20)
		}
		data = append(data, c.Data...)
	}
	if original == "" {
		original = name
	}
	return original, data, nil
}
