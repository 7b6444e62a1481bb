package data

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/aichat/internal/biz"
	"anquan/kit/db/dbtest"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/seedids"
)

// memFiles stands in for the resource service: files by tenant, so one
// tenant's name is not found in another's (as PreviewFile does).
type memFiles map[string]map[string][]byte

func (m memFiles) Read(ctx context.Context, name string, _ int64) (string, []byte, error) {
	data, ok := m[ident.From(ctx).TenantID][name]
	if !ok {
		return "", nil, errs.BadRequest("文件不存在，请重新上传")
	}
	return name, data, nil
}

// Remove deletes the tenant's file; user 9 is refused, like a caller who
// is neither the uploader nor an administrator.
func (m memFiles) Remove(ctx context.Context, name string) error {
	id := ident.From(ctx)
	if id.UserID == 9 {
		return errs.Forbidden("只能删除自己上传的文件")
	}
	if _, ok := m[id.TenantID][name]; !ok {
		return nil
	}
	delete(m[id.TenantID], name)
	return nil
}

func as(tenant string, user int64) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: user, Account: "admin"})
}

// A tenant's document is found for that tenant only, on the real tables
// and tenant scope; removing it takes it out of the next search.
func TestDocumentsStayWithTheirTenant(t *testing.T) {
	g := dbtest.Open(t, "aichat", Migrate)
	files := memFiles{
		"100001": {"plan.txt": []byte("储罐区动火作业\n本厂规定：储罐区动火须由厂长审批，并提前二十四小时通知消防队。")},
		"100002": {"other.txt": []byte("装卸作业规程\n槽车装卸前应静电接地。")},
	}
	docs := &biz.Docs{Store: NewDocuments(g), Files: files}
	a, b := as("100001", 1), as("100002", 2)
	d, err := docs.Submit(a, "", "plan.txt")
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "plan" || d.Kind != "txt" || d.Passages != 1 || d.TenantID != "100001" {
		t.Fatalf("document %+v", d)
	}
	if _, err := docs.Submit(b, "装卸规程", "other.txt"); err != nil {
		t.Fatal(err)
	}
	// tenant B cannot add A's file by its name
	if _, err := docs.Submit(b, "", "plan.txt"); err == nil {
		t.Fatal("B added A's file")
	}
	q := "储罐区动火审批"
	hits, n, err := docs.Search(a, q, 3)
	if err != nil || n != 1 || len(hits) != 1 || !strings.Contains(hits[0].Text, "厂长审批") || hits[0].Source != "本单位文件《plan》" {
		t.Fatalf("A: %d docs, hits %+v, %v", n, hits, err)
	}
	hits, n, err = docs.Search(b, q, 3)
	if err != nil || n != 1 || len(hits) != 0 {
		t.Fatalf("B sees %d docs, hits %+v, %v", n, hits, err)
	}
	if p, err := docs.Page(b, pageAll()); err != nil || p.Total != 1 || p.Records[0].Title != "装卸规程" {
		t.Fatalf("B's page: %+v %v", p, err)
	}
	// B cannot remove A's document; A can, and it leaves A's index
	if err := docs.Remove(b, []int64{d.ID}); err == nil {
		t.Fatal("B removed A's document")
	}
	if hits, _, _ := docs.Search(a, q, 3); len(hits) != 1 || files["100001"]["plan.txt"] == nil {
		t.Fatalf("after B's try: %d hits, file kept %v", len(hits), files["100001"]["plan.txt"] != nil)
	}
	// a caller the resource service refuses removes neither file nor document
	if err := docs.Remove(as("100001", 9), []int64{d.ID}); errs.Code(err) != codes.PermissionDenied {
		t.Fatalf("refused caller: %v", err)
	}
	if hits, _, _ := docs.Search(a, q, 3); len(hits) != 1 || files["100001"]["plan.txt"] == nil {
		t.Fatalf("after a refused removal: %d hits", len(hits))
	}
	if err := docs.Remove(a, []int64{d.ID}); err != nil {
		t.Fatal(err)
	}
	if _, ok := files["100001"]["plan.txt"]; ok {
		t.Fatal("the stored file outlives its document")
	}
	if hits, n, err := docs.Search(a, q, 3); err != nil || n != 0 || len(hits) != 0 {
		t.Fatalf("after removal: %d docs, %d hits, %v", n, len(hits), err)
	}
	var left int64
	g.WithContext(ident.AsSystem(context.Background())).Model(&biz.DocPassage{}).Where("document_id = ?", d.ID).Count(&left)
	if left != 0 {
		t.Fatalf("%d passages left", left)
	}
}

func TestDocumentRefusals(t *testing.T) {
	g := dbtest.Open(t, "aichat", Migrate)
	docs := &biz.Docs{Store: NewDocuments(g), Files: memFiles{"100001": {
		"a.pdf": []byte("%PDF-1.7"), "empty.txt": []byte("  \n "), "a.txt": []byte("正文"),
	}}}
	a := as("100001", 1)
	for name, want := range map[string]string{"a.pdf": "PDF", "empty.txt": "没有可提取的文字", "missing.txt": "文件不存在", "": "请先上传文件"} {
		_, err := docs.Submit(a, "", name)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if _, err := docs.Submit(a, strings.Repeat("长", biz.MaxTitleRunes+1), "a.txt"); err == nil {
		t.Fatal("long title accepted")
	}
	if _, err := docs.Submit(context.Background(), "", "a.txt"); errs.Code(err) != codes.Unauthenticated {
		t.Fatal("no identity accepted")
	}
}

func pageAll() paging.Query { return paging.Query{Current: 1, Size: 100} }

// The demo tenant's document is seeded once and quoted for that tenant.
func TestSeedDocuments(t *testing.T) {
	g := dbtest.Open(t, "aichat", Migrate)
	for i := 0; i < 2; i++ {
		if err := SeedDocuments(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	docs := &biz.Docs{Store: NewDocuments(g)}
	hits, n, err := docs.Search(as(seedids.DemoTenant, 1), "储罐区动火谁审批", 3)
	if err != nil || n != 1 || len(hits) == 0 || !strings.Contains(hits[0].Text, "生产副厂长审批") {
		t.Fatalf("%d docs, hits %+v, %v", n, hits, err)
	}
}
