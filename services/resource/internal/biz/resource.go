// Package biz holds blade-resource's rules: which files are accepted (type
// classes, content sniffing, size), unguessable tenant-scoped names, and who
// may delete.
package biz

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"regexp"
	"strings"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/iox"
	"anquan/kit/paging"
	"anquan/kit/storage"
)

// File is one stored attachment.
type File struct {
	db.Base
	// Name: 32 random hex digits and the extension; unique.
	Name         string `gorm:"size:64;not null"`
	OriginalName string `gorm:"size:255;not null;default:''"`
	Ext          string `gorm:"size:10;not null;default:''"`
	ContentType  string `gorm:"size:100;not null;default:''"`
	Size         int64  `gorm:"not null;default:0"`
}

func (File) TableName() string { return "blade_attach" }

// Models lists the tables to migrate.
func Models() []any { return []any{&File{}} }

// Queries are what the generic store cannot express.
type Queries interface {
	// Names returns those of names stored in the caller's tenant.
	Names(ctx context.Context, names []string) ([]string, error)
}

// Resource is blade-resource's use cases.
type Resource struct {
	Files paging.Store[File]
	Q     Queries
	Store storage.Store
	// MaxSize is the largest accepted file in bytes.
	MaxSize int64
}

var namePattern = regexp.MustCompile(`^[0-9a-f]{32}\.[a-z0-9]{1,5}$`)

// Ext is the lower-case extension of a file name, without the dot.
func Ext(name string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(strings.TrimSpace(name)), "."))
}

// Check validates an upload held in memory: class by extension, then the
// content (the same rules PutStream applies to a stream).
func (r *Resource) Check(original string, content []byte) (string, error) {
	ext, err := checkName(original)
	if err != nil {
		return "", err
	}
	return ext, r.checkHead(ext, content)
}

// checkName: the extension selects a type class.
func checkName(original string) (string, error) {
	ext := Ext(original)
	if ext == "" {
		return "", errs.BadRequest("不支持的文件类型: 文件没有扩展名")
	}
	if ClassOf(ext) == "" {
		return "", errs.BadRequest("不支持的文件类型: .%s", ext)
	}
	return ext, nil
}

// checkHead checks the start of the content (or all of it): not empty,
// within the limit so far, of the extension's type.
func (r *Resource) checkHead(ext string, head []byte) error {
	if len(head) == 0 {
		return errs.BadRequest("文件内容为空")
	}
	if r.MaxSize > 0 && int64(len(head)) > r.MaxSize {
		return r.tooLarge()
	}
	if !Matches(ext, head) {
		return errs.BadRequest("文件内容与扩展名 .%s 不符,请上传真实的%s文件", ext, classWord[ClassOf(ext)])
	}
	return nil
}

func (r *Resource) tooLarge() error {
	return errs.BadRequest("文件大小不能超过 %s", human(r.MaxSize))
}

var classWord = map[string]string{"image": "图片", "txt": "文本", "excel": "Excel", "word": "Word", "pdf": "PDF", "ppt": "PPT", "video": "视频", "audio": "音频"}

func human(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

func key(tenant, name string) string { return tenant + "/" + name }

func randomName(ext string) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:]) + "." + ext
}

// Put stores an upload of the caller's tenant held in memory (PutStream).
func (r *Resource) Put(ctx context.Context, original string, content []byte) (*File, error) {
	return r.PutStream(ctx, original, int64(len(content)), bytes.NewReader(content))
}

// SniffLimit is how much of an upload's start is read before the rest: the
// type is detected from it (mimetype's limit, sniff.go), and a file that
// fits in it is stored with its size known.
const SniffLimit = 1 << 20

// errTooLarge ends a stored stream that went over the limit.
var errTooLarge = errors.New("upload over the size limit")

// PutStream stores an upload of the caller's tenant read from content
// (declared: its size when known, else -1) without holding it whole: the
// name's extension is checked first, the type is sniffed from the first
// SniffLimit bytes, the limit is enforced on the bytes as they are read,
// and the store writes as they arrive. A refused or broken upload (over the
// limit, a content read error, a cancelled call) leaves no object: the
// store is given an error instead of the end of the content, and drops
// what it had (local: the temp file; S3: the multipart upload).
func (r *Resource) PutStream(ctx context.Context, original string, declared int64, content io.Reader) (*File, error) {
	id := ident.From(ctx)
	if id == nil || id.TenantID == "" {
		return nil, errs.Unauthorized("")
	}
	ext, err := checkName(original)
	if err != nil {
		return nil, err
	}
	if r.MaxSize > 0 && declared > r.MaxSize {
		return nil, r.tooLarge()
	}
	headLen := int64(SniffLimit)
	if r.MaxSize > 0 && r.MaxSize+1 < headLen {
		headLen = r.MaxSize + 1
	}
	head := make([]byte, headLen)
	n, err := iox.Fill(content, head)
	complete := err == io.EOF
	if err != nil && !complete {
		return nil, err
	}
	head = head[:n]
	if err := r.checkHead(ext, head); err != nil {
		return nil, err
	}
	size := int64(-1)
	var body io.Reader = bytes.NewReader(head)
	if complete {
		size = int64(n)
	} else {
		body = io.MultiReader(body, content)
	}
	counted := &capped{r: body, max: r.MaxSize}
	original = path.Base(strings.ReplaceAll(strings.TrimSpace(original), "\\", "/"))
	if len([]rune(original)) > 200 {
		original = string([]rune(original)[len([]rune(original))-200:])
	}
	f := &File{Name: randomName(ext), OriginalName: original, Ext: ext, ContentType: ContentTypes[ext]}
	if err := r.Store.Put(ctx, key(id.TenantID, f.Name), counted, size, f.ContentType); err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, r.tooLarge()
		}
		return nil, err
	}
	f.Size = counted.n
	if err := r.Files.Create(ctx, f); err != nil {
		_ = r.Store.Delete(ctx, key(id.TenantID, f.Name))
		return nil, err
	}
	return f, nil
}

// capped counts what is read through it and fails the read that goes over
// max (0: no limit), so the store never completes an oversized object. It
// never asks for more than one byte past max, so the refusal comes as soon
// as the limit is passed, not a chunk later.
type capped struct {
	r   io.Reader
	max int64
	n   int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.max > 0 && int64(len(p)) > c.max-c.n+1 {
		p = p[:c.max-c.n+1]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.max > 0 && c.n > c.max {
		return 0, errTooLarge
	}
	return n, err
}

// find looks a name up in the caller's tenant only.
func (r *Resource) find(ctx context.Context, name string) (*File, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, errs.BadRequest("缺少文件名")
	}
	// Accept the link form too (".../upload/preview/<name>").
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	if !namePattern.MatchString(name) {
		return nil, errs.NotFound("文件不存在")
	}
	f, err := r.Files.FindBy(ctx, "name = ?", name)
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, errs.NotFound("文件不存在")
	}
	return f, nil
}

// Open returns a stored file of the caller's tenant and its content as a
// stream; the caller closes it.
func (r *Resource) Open(ctx context.Context, name string) (*File, io.ReadCloser, error) {
	f, err := r.find(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	rc, err := r.Store.Get(ctx, key(f.TenantID, f.Name))
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, errs.NotFound("文件不存在")
	}
	if err != nil {
		return nil, nil, err
	}
	return f, rc, nil
}

// MayRemoveFile: a stored file is deleted by its uploader or the tenant
// administrator; a file of another tenant is never found (400). An
// attachment does not record the business row that refers to it, so "the
// owner of that row" cannot be told here: a row's owner drops the
// reference on their row instead, and the file stays for its uploader or
// the administrator to delete.
func MayRemoveFile(f *File, id *ident.Identity) error {
	if id != nil && (id.Super || id.UserID != 0 && id.UserID == f.CreateUser) {
		return nil
	}
	return errs.Forbidden("只能删除自己上传的文件")
}

// Remove deletes a file (MayRemoveFile).
func (r *Resource) Remove(ctx context.Context, name string) error {
	f, err := r.find(ctx, name)
	if err != nil {
		return err
	}
	if err := MayRemoveFile(f, ident.From(ctx)); err != nil {
		return err
	}
	if err := r.Files.Remove(ctx, []int64{f.ID}); err != nil {
		return err
	}
	if err := r.Store.Delete(ctx, key(f.TenantID, f.Name)); err != nil {
		// The row is gone, so the file is unreachable; the object is only space.
		slog.Warn("stored object not deleted", "key", key(f.TenantID, f.Name), "err", err)
	}
	return nil
}

// Exists returns those of names stored in the caller's tenant.
func (r *Resource) Exists(ctx context.Context, names []string) ([]string, error) {
	var ok []string
	for _, n := range names {
		if namePattern.MatchString(n) {
			ok = append(ok, n)
		}
	}
	if len(ok) == 0 {
		return nil, nil
	}
	if len(ok) > 500 {
		return nil, errs.BadRequest("一次最多查询 500 个文件")
	}
	return r.Q.Names(ctx, ok)
}
