package biz

import (
	"context"
	"strconv"

	"anquan/kit/authz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

// mayKind asks for the button of the document's own kind: the RPCs name
// the buttons of every kind.
func mayKind(ctx context.Context, kind int32, button, verb string) error {
	page, ok := KindPages[kind]
	if !ok {
		return errs.BadRequest("请选择文件类别 (1-5)")
	}
	if authz.Can(ctx, page+"_"+button) {
		return nil
	}
	return errs.Forbidden("您没有%s「%s」的权限", verb, KindNames[kind])
}

// documentFor loads a document the caller may act on with the kind's button.
func (s *Records) documentFor(ctx context.Context, docID int64, button, verb string) (*ident.Identity, *Document, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, err
	}
	d, err := s.Documents.Get(ctx, docID)
	if err != nil {
		return nil, nil, err
	}
	if err := mayKind(ctx, d.Kind, button, verb); err != nil {
		return nil, nil, err
	}
	if !inScope(id, d.DeptID, d.CreateUser, d.CreateDept) {
		return nil, nil, errs.Forbidden("「%s」不在您的数据权限范围内,不能%s", d.Title, verb)
	}
	return id, d, nil
}

func validateDocument(d *Document) error {
	var err error
	if d.Title, err = valid.Text("文件名称", d.Title, 200); err != nil {
		return err
	}
	if d.DocNo, err = valid.Optional("文件编号", d.DocNo, 50); err != nil {
		return err
	}
	if d.Post, err = valid.Optional("岗位", d.Post, 100); err != nil {
		return err
	}
	if d.Kind == KindDutySystem && d.Post == "" {
		return errs.BadRequest("安全生产责任制须填写所属岗位")
	}
	if d.Content, err = valid.Optional("正文", d.Content, 20000); err != nil {
		return err
	}
	if d.Content == "" && d.Attachments == "" {
		return errs.BadRequest("请填写正文或上传附件")
	}
	if d.ReviseNote, err = valid.Optional("修订说明", d.ReviseNote, 1000); err != nil {
		return err
	}
	if d.Attachments, err = valid.Optional("附件", d.Attachments, 500); err != nil {
		return err
	}
	return nil
}

// SubmitDocument drafts version 1 of a document or edits a draft.
func (s *Records) SubmitDocument(ctx context.Context, d *Document) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if d.ID != 0 {
		_, old, err := s.documentFor(ctx, d.ID, "edit", "修改")
		if err != nil {
			return err
		}
		if old.State != StateDraft {
			return errs.BadRequest("「%s」第 %d 版已%s,不能修改;请修订为新版本", old.Title, old.Version, StateNames[old.State])
		}
		d.Kind = old.Kind
		if err := validateDocument(d); err != nil {
			return err
		}
		if d.DeptID == 0 {
			d.DeptID = old.DeptID
		}
		if d.DeptID != old.DeptID && !id.DeptInScope(d.DeptID) {
			return errs.Forbidden("所选部门不在您的数据权限范围内")
		}
		return s.Documents.Update(ctx, d.ID, d, "title", "doc_no", "dept_id", "post", "content", "revise_note", "attachments", "update_user", "update_time")
	}
	if err := mayKind(ctx, d.Kind, "add", "新增"); err != nil {
		return err
	}
	if err := validateDocument(d); err != nil {
		return err
	}
	if d.DeptID == 0 {
		d.DeptID = id.DeptID()
	}
	if d.DeptID != 0 && !id.DeptInScope(d.DeptID) {
		return errs.Forbidden("所选部门不在您的数据权限范围内")
	}
	d.Version, d.State, d.PublishedAt, d.PublisherName = 1, StateDraft, nil, ""
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.Documents.Create(ctx, d); err != nil {
			return err
		}
		d.RootID = d.ID
		return s.Documents.Update(ctx, d.ID, d, "root_id")
	})
}

// RemoveDocuments removes drafts (a published version stays on record).
func (s *Records) RemoveDocuments(ctx context.Context, ids []int64) error {
	var rows []Document
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, d := range rows {
		if _, _, err := s.documentFor(ctx, d.ID, "delete", "删除"); err != nil {
			return err
		}
		if d.State != StateDraft {
			return errs.BadRequest("「%s」第 %d 版已%s,不能删除", d.Title, d.Version, StateNames[d.State])
		}
	}
	return s.Documents.Remove(ctx, ids)
}

// MaxReaders bounds a publication's readers.
const MaxReaders = 500

// Publish publishes a draft to the listed users: each gets a reader row
// and a desk message; the version it replaces becomes 已替代 (still
// readable, with its confirmations).
func (s *Records) Publish(ctx context.Context, docID int64, userIDs []int64) error {
	if len(userIDs) == 0 {
		return errs.BadRequest("请选择发布对象(需确认阅读的人员)")
	}
	if len(userIDs) > MaxReaders {
		return errs.BadRequest("发布对象不能超过 %d 人", MaxReaders)
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		id, d, err := s.documentFor(ctx, docID, "publish", "发布")
		if err != nil {
			return err
		}
		if d.State != StateDraft {
			return errs.BadRequest("「%s」第 %d 版已%s,不能再次发布", d.Title, d.Version, StateNames[d.State])
		}
		var readers []*Reader
		seen := map[int64]bool{}
		for _, uid := range userIDs {
			if uid <= 0 || seen[uid] {
				continue
			}
			seen[uid] = true
			name, found, err := s.Names.Name(ctx, d.TenantID, uid)
			if err != nil {
				return err
			}
			if !found {
				return errs.BadRequest("所选人员(%d)不存在或不属于本租户", uid)
			}
			readers = append(readers, &Reader{DocumentID: d.ID, UserID: uid, UserName: name})
		}
		if len(readers) == 0 {
			return errs.BadRequest("请选择发布对象(需确认阅读的人员)")
		}
		old, err := s.Q.Published(ctx, d.RootID)
		if err != nil {
			return err
		}
		if old != nil {
			old.State = StateSuperseded
			if err := s.Documents.Update(ctx, old.ID, old, "state", "update_user", "update_time"); err != nil {
				return err
			}
		}
		now := s.Now()
		d.State, d.PublishedAt, d.PublisherName = StatePublished, &now, id.UserName
		if err := s.Documents.Update(ctx, d.ID, d, "state", "published_at", "publisher_name", "update_user", "update_time"); err != nil {
			return err
		}
		for _, r := range readers {
			if err := s.Readers.Create(ctx, r); err != nil {
				return err
			}
			if err := s.Events.Add(ctx, SubjectPublished, d.TenantID, map[string]any{
				"documentId": strconv.FormatInt(d.ID, 10), "title": d.Title, "version": d.Version, "kindName": KindNames[d.Kind],
				"readerId": strconv.FormatInt(r.UserID, 10), "publisherName": id.UserName,
			}); err != nil {
				return err
			}
		}
		return nil
	})
}

// Revise makes a new draft version of a published document, copying its
// texts; its readers are chosen again on publication.
func (s *Records) Revise(ctx context.Context, docID int64) error {
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		_, d, err := s.documentFor(ctx, docID, "edit", "修订")
		if err != nil {
			return err
		}
		if d.State != StatePublished {
			return errs.BadRequest("只能修订已发布的现行版本,「%s」第 %d 版为%s", d.Title, d.Version, StateNames[d.State])
		}
		draft, err := s.Q.HasDraft(ctx, d.RootID)
		if err != nil {
			return err
		}
		if draft {
			return errs.BadRequest("「%s」已有修订中的草稿,请先发布或删除", d.Title)
		}
		n := &Document{Kind: d.Kind, Title: d.Title, DocNo: d.DocNo, Version: d.Version + 1, RootID: d.RootID, DeptID: d.DeptID, Post: d.Post,
			Content: d.Content, Attachments: d.Attachments, State: StateDraft}
		return s.Documents.Create(ctx, n)
	})
}

// Confirm records that the caller read a document published to them:
// only the person concerned, once.
func (s *Records) Confirm(ctx context.Context, docID int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	d, err := s.Documents.Get(ctx, docID)
	if err != nil {
		return err
	}
	r, err := s.Q.Reader(ctx, d.ID, id.UserID)
	if err != nil {
		return err
	}
	if r == nil {
		return errs.Forbidden("「%s」未发布给您,只能由发布对象本人确认阅读", d.Title)
	}
	if r.Confirmed {
		return errs.BadRequest("您已确认阅读「%s」", d.Title)
	}
	now := s.Now()
	r.Confirmed, r.ConfirmedAt = true, &now
	return s.Readers.Update(ctx, r.ID, r, "confirmed", "confirmed_at", "update_user", "update_time")
}

// seesDrafts: drafts of a kind are shown to the holders of its add, edit
// or publish button; the readers see only what was published.
func seesDrafts(ctx context.Context, kind int32) bool {
	page, ok := KindPages[kind]
	return ok && authz.Can(ctx, page+"_add", page+"_edit", page+"_publish")
}

// DocumentQuery narrows a list to what the caller may see: without the
// buttons of the listed kind (or of every kind, when no kind is given)
// drafts are left out.
func DocumentQuery(ctx context.Context, q paging.Query) paging.Query {
	kinds := make([]int32, 0, len(KindPages))
	v, ok := q.Filters["kind"]
	if !ok {
		v, ok = q.Filters["kind_equal"]
	}
	if ok {
		k, _ := strconv.ParseInt(v, 10, 32)
		kinds = append(kinds, int32(k))
	} else {
		for k := range KindPages {
			kinds = append(kinds, k)
		}
	}
	for _, k := range kinds {
		if !seesDrafts(ctx, k) {
			f := make(map[string]string, len(q.Filters)+1)
			for key, v := range q.Filters {
				f[key] = v
			}
			f["state_notequal"] = strconv.Itoa(int(StateDraft))
			q.Filters = f
			break
		}
	}
	return q
}

// Visible refuses a draft to a caller who may not see drafts of its kind.
func Visible(ctx context.Context, d *Document) error {
	if d.State == StateDraft && !seesDrafts(ctx, d.Kind) {
		return errs.Forbidden("「%s」尚未发布", d.Title)
	}
	return nil
}
