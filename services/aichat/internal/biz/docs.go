package biz

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"anquan/aichat/internal/extract"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Document is a tenant's own document (plan, procedure) the assistant
// quotes: the text extracted at upload, kept as passages (DocPassage) and
// indexed for that tenant only.
type Document struct {
	db.Base
	Title          string `gorm:"size:200;not null"`
	FileName       string `gorm:"size:200;not null;default:''"`
	OriginalName   string `gorm:"size:255;not null;default:''"`
	Kind           string `gorm:"size:10;not null"`
	Size           int64  `gorm:"not null;default:0"`
	Chars          int32  `gorm:"not null;default:0"`
	Passages       int32  `gorm:"not null;default:0"`
	Truncated      int32  `gorm:"not null;default:0"`
	CreateUserName string `gorm:"size:100;not null;default:''"`
}

func (Document) TableName() string { return "aichat_document" }

// DocPassage is one passage of a document, in order (Seq from 1).
type DocPassage struct {
	db.Base
	DocumentID int64  `gorm:"not null"`
	Seq        int32  `gorm:"not null"`
	Text       string `gorm:"type:text;not null"`
}

func (DocPassage) TableName() string { return "aichat_document_passage" }

// Bounds of a tenant's documents.
const (
	MaxDocuments   = 100
	MaxTenantRunes = 3_000_000
	MaxTitleRunes  = 100
)

// DocStore keeps the documents of the caller's tenant (every call is
// tenant-scoped by the caller's identity).
type DocStore interface {
	Page(ctx context.Context, q paging.Query) (*paging.Page[Document], error)
	// Totals are the tenant's live documents and their characters.
	Totals(ctx context.Context) (n int64, runes int64, err error)
	// Add stores the document and its passages.
	Add(ctx context.Context, d *Document, passages []string) error
	// Remove deletes documents (logically) and their passages.
	Remove(ctx context.Context, ids []int64) error
	// FileNames are the stored uploads of those of ids that are the
	// tenant's live documents (NotFound when none is).
	FileNames(ctx context.Context, ids []int64) ([]string, error)
	// IDs are the tenant's live documents' ids, ascending.
	IDs(ctx context.Context) ([]int64, error)
	// All are the tenant's live documents and their passages.
	All(ctx context.Context) ([]Document, []DocPassage, error)
}

// FileReader reads a stored upload of the caller's tenant: its original
// name and content, refusing content over max bytes.
type FileReader interface {
	Read(ctx context.Context, name string, max int64) (original string, data []byte, err error)
	// Remove deletes the stored upload as the caller (its uploader or the
	// tenant administrator may); one already gone is no error.
	Remove(ctx context.Context, name string) error
}

// DocSearcher finds passages of the caller's tenant's own documents; docs
// is how many the tenant has.
type DocSearcher interface {
	Search(ctx context.Context, q string, n int) (hits []Hit, docs int, err error)
}

// Docs is the use case of the tenant's documents.
type Docs struct {
	Store DocStore
	Files FileReader

	mu     sync.Mutex
	byTent map[string]*tenantIndex
}

// tenantIndex is one tenant's index and the documents it was built from.
type tenantIndex struct {
	sig     string
	docs    int
	checked time.Time
	ix      *Index
}

// recheck is how long a tenant's index is trusted before the database is
// asked again whether its documents changed (on this replica a change
// drops the index at once; another replica's shows within this time).
const recheck = 2 * time.Second

// maxCachedTenants bounds the indexes kept in memory; one more drops one
// (rebuilt from the database on its next question).
const maxCachedTenants = 200

func tenantOf(ctx context.Context) (string, error) {
	id := ident.From(ctx)
	if id == nil || id.TenantID == "" {
		return "", errs.Unauthorized("")
	}
	return id.TenantID, nil
}

// Page lists the tenant's documents.
func (d *Docs) Page(ctx context.Context, q paging.Query) (*paging.Page[Document], error) {
	if _, err := tenantOf(ctx); err != nil {
		return nil, err
	}
	return d.Store.Page(ctx, q)
}

// Submit reads the uploaded file fileName, extracts its text and stores
// it as a document of the caller's tenant titled title (the file's name
// without extension when empty).
func (d *Docs) Submit(ctx context.Context, title, fileName string) (*Document, error) {
	if _, err := tenantOf(ctx); err != nil {
		return nil, err
	}
	fileName = strings.TrimSpace(fileName)
	if fileName == "" {
		return nil, errs.BadRequest("请先上传文件")
	}
	title = strings.Join(strings.Fields(title), " ")
	if utf8.RuneCountInString(title) > MaxTitleRunes {
		return nil, errs.BadRequest("标题最多 %d 个字", MaxTitleRunes)
	}
	n, runes, err := d.Store.Totals(ctx)
	if err != nil {
		return nil, err
	}
	if n >= MaxDocuments {
		return nil, errs.BadRequest("每个单位最多 %d 份文件，请先删除不再需要的文件", MaxDocuments)
	}
	original, data, err := d.Files.Read(ctx, fileName, extract.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	kind, err := extract.Kind(original)
	if err != nil {
		return nil, errs.BadRequest("%s", err.Error())
	}
	text, truncated, err := extract.Text(kind, data)
	if err != nil {
		var u extract.ErrUnsupported
		if errors.As(err, &u) || errors.Is(err, extract.ErrEmpty) {
			return nil, errs.BadRequest("%s", err.Error())
		}
		return nil, err
	}
	chars := utf8.RuneCountInString(text)
	if runes+int64(chars) > MaxTenantRunes {
		return nil, errs.BadRequest("本单位文件的文字总量超过上限（%d 万字），请先删除不再需要的文件", MaxTenantRunes/10000)
	}
	if title == "" {
		title = clip(strings.TrimSuffix(original, "."+extOf(original)), MaxTitleRunes)
	}
	ps := extract.Split(text)
	doc := &Document{Title: title, FileName: fileName, OriginalName: clip(original, 200), Kind: kind, Size: int64(len(data)),
		Chars: int32(chars), Passages: int32(len(ps))}
	if truncated {
		doc.Truncated = 1
	}
	if id := ident.From(ctx); id != nil {
		doc.CreateUserName = clip(id.DisplayName(), 100)
	}
	if err := d.Store.Add(ctx, doc, ps); err != nil {
		return nil, err
	}
	d.forget(doc.TenantID)
	return doc, nil
}

func extOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return ""
}

// Remove deletes documents of the caller's tenant and their stored
// uploads; they leave its index before the next question is answered.
// The uploads go first, as the caller, so the resource service's rule
// (uploader or administrator) holds here too: a refused caller removes
// nothing, and a removal that went through leaves no stored file behind.
// Submitting someone else's upload therefore never lets its submitter
// delete that file.
func (d *Docs) Remove(ctx context.Context, ids []int64) error {
	if _, err := tenantOf(ctx); err != nil {
		return err
	}
	if len(ids) == 0 {
		return errs.BadRequest("请选择至少一条数据")
	}
	if len(ids) > MaxDocuments {
		return errs.BadRequest("一次最多删除 %d 份文件", MaxDocuments)
	}
	names, err := d.Store.FileNames(ctx, ids)
	if err != nil {
		return err
	}
	for _, n := range names {
		if err := d.Files.Remove(ctx, n); err != nil {
			return err
		}
	}
	tenant, _ := tenantOf(ctx)
	defer d.forget(tenant)
	return d.Store.Remove(ctx, ids)
}

// Search finds passages of the caller's tenant's documents; docs is how
// many documents the tenant has (0: nothing was searched).
func (d *Docs) Search(ctx context.Context, q string, n int) (hits []Hit, docs int, err error) {
	tenant, err := tenantOf(ctx)
	if err != nil {
		return nil, 0, err
	}
	t := d.get(tenant)
	if t == nil || time.Since(t.checked) > recheck {
		ids, err := d.Store.IDs(ctx)
		if err != nil {
			return nil, 0, err
		}
		if len(ids) == 0 {
			d.forget(tenant)
			return nil, 0, nil
		}
		if t, err = d.index(ctx, tenant, ids); err != nil {
			return nil, 0, err
		}
	}
	hits, err = t.ix.Search(q, n)
	return hits, t.docs, err
}

// forget drops the tenant's index (its documents changed).
func (d *Docs) forget(tenant string) {
	d.mu.Lock()
	delete(d.byTent, tenant)
	d.mu.Unlock()
}

// index is the tenant's index for the documents ids, rebuilt from the
// database when the documents changed (on any replica) since it was built.
func (d *Docs) index(ctx context.Context, tenant string, ids []int64) (*tenantIndex, error) {
	if t := d.get(tenant); t != nil && t.sig == signature(ids) {
		fresh := *t // entries are never changed in place: readers hold them unlocked
		fresh.checked = time.Now()
		d.put(tenant, &fresh)
		return &fresh, nil
	}
	t, err := d.build(ctx)
	if err != nil {
		return nil, err
	}
	d.put(tenant, t)
	return t, nil
}

func (d *Docs) get(tenant string) *tenantIndex {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.byTent[tenant]
}

func (d *Docs) put(tenant string, t *tenantIndex) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byTent == nil {
		d.byTent = map[string]*tenantIndex{}
	}
	if _, ok := d.byTent[tenant]; !ok && len(d.byTent) >= maxCachedTenants {
		for k := range d.byTent {
			delete(d.byTent, k)
			break
		}
	}
	d.byTent[tenant] = t
}

// build indexes the caller's tenant's documents as they are now.
func (d *Docs) build(ctx context.Context) (*tenantIndex, error) {
	docs, ps, err := d.Store.All(ctx)
	if err != nil {
		return nil, err
	}
	ix, err := NewIndex(docPassages(docs, ps))
	if err != nil {
		return nil, err
	}
	// What was read is the signature of what was indexed (a document added
	// between IDs and All is in it, and the next check rebuilds).
	got := make([]int64, 0, len(docs))
	for _, doc := range docs {
		got = append(got, doc.ID)
	}
	slices.Sort(got)
	return &tenantIndex{sig: signature(got), docs: len(docs), checked: time.Now(), ix: ix}, nil
}

func signature(ids []int64) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.FormatInt(id, 36))
		b.WriteByte(',')
	}
	return b.String()
}

// DocSource names a tenant document in a citation.
func DocSource(title string) string { return "本单位文件《" + title + "》" }

// docPassages are the index entries of the documents' passages.
func docPassages(docs []Document, ps []DocPassage) []Passage {
	titles := make(map[int64]string, len(docs))
	for _, d := range docs {
		titles[d.ID] = d.Title
	}
	out := make([]Passage, 0, len(ps))
	for _, p := range ps {
		t, ok := titles[p.DocumentID]
		if !ok {
			continue // a passage of a removed document
		}
		out = append(out, Passage{ID: fmt.Sprintf("%d-%d", p.DocumentID, p.Seq), Source: DocSource(t),
			Clause: fmt.Sprintf("第 %d 段", p.Seq), Title: t, Text: p.Text})
	}
	return out
}
