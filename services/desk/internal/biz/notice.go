package biz

import (
	"context"
	"strconv"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// SubjectPublished announces every new notice or message, for whatever
// pushes them to browsers later.
const SubjectPublished = "desk.notice.published"

// Published is the data of SubjectPublished.
type Published struct {
	ID      string `json:"id"`
	Type    int32  `json:"type"`
	Status  int32  `json:"status"`
	Title   string `json:"messageTitle"`
	Scope   string `json:"scope"`
	DeptIDs string `json:"deptIds"`
	UserIDs string `json:"userIds"`
	RoleIDs string `json:"roleIds"`
}

// Submit validates a notice and publishes it to a (insert without id),
// or changes it (update with id).
func (d *Desk) Submit(ctx context.Context, n *Notice, a Audience) error {
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	if err := normalize(n); err != nil {
		return err
	}
	if err := d.checkAudience(ctx, id.TenantID, &a); err != nil {
		return err
	}
	n.SetAudience(a)
	if n.MessagePushTime.IsZero() {
		// Whole seconds, as every time on the wire and in the database.
		n.MessagePushTime = d.Now().Truncate(time.Second)
	}
	if n.ID == 0 {
		// The sender is the caller, whatever the body says.
		n.MessagePushName = id.DisplayName()
		return d.publish(ctx, n, func(ctx context.Context, n *Notice) (bool, error) {
			return true, d.Notices.Create(ctx, n)
		})
	}
	old, err := d.Notices.Get(ctx, n.ID)
	if err != nil {
		return err
	}
	if err := MayChangeNotice(old, id, "修改"); err != nil {
		return err
	}
	// An edit keeps who sent it.
	n.MessagePushName = old.MessagePushName
	// source_event is never rewritten: it keeps a consumer's message idempotent.
	return d.Notices.Update(ctx, n.ID, n, "message_push_name", "message_title", "message_content", "message_push_time",
		"tag", "type", "status", "img", "scope", "dept_ids", "user_ids", "role_ids", "update_time", "update_user")
}

// Remove deletes notices of the caller's tenant logically: each must be
// the caller's to change (MayChangeNotice), or none is removed.
func (d *Desk) Remove(ctx context.Context, ids []int64) error {
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	ns, err := d.Q.ByIDs(ctx, ids)
	if err != nil {
		return err
	}
	for i := range ns {
		if err := MayChangeNotice(&ns[i], id, "删除"); err != nil {
			return err
		}
	}
	return d.Notices.Remove(ctx, ids)
}

// MayChangeNotice: a notice or message is edited and removed by its sender
// (the user who published it) or the tenant administrator; one a service
// published from an event (no sender) by the administrator only. The
// notice buttons say who may publish at all; reading marks only ever
// touch the caller's own reads (MarkRead).
func MayChangeNotice(n *Notice, id *ident.Identity, verb string) error {
	if id != nil && (id.Super || id.UserID != 0 && n.CreateUser == id.UserID) {
		return nil
	}
	if n.CreateUser == 0 || n.SourceEvent != nil {
		return errs.Forbidden("系统消息「%s」只有管理员可以%s", n.MessageTitle, verb)
	}
	return errs.Forbidden("只有发布人或管理员可以%s通知公告「%s」", verb, n.MessageTitle)
}

// publish stores a new notice with store and, when it was stored, records
// SubjectPublished in the same transaction.
func (d *Desk) publish(ctx context.Context, n *Notice, store func(context.Context, *Notice) (bool, error)) error {
	return d.Tx.Tx(ctx, func(ctx context.Context) error {
		added, err := store(ctx, n)
		if err != nil || !added {
			return err
		}
		a := n.AudienceOf()
		return d.Events.Add(ctx, SubjectPublished, n.TenantID, Published{
			ID: strconv.FormatInt(n.ID, 10), Type: n.Type, Status: n.Status, Title: n.MessageTitle, Scope: n.Scope,
			DeptIDs: ident.JoinIDs(a.DeptIDs), UserIDs: ident.JoinIDs(a.UserIDs), RoleIDs: ident.JoinIDs(a.RoleIDs),
		})
	})
}
