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
	if n.MessagePushName == "" {
		n.MessagePushName = senderName(id)
	}
	if n.MessagePushTime.IsZero() {
		// Whole seconds, as every time on the wire and in the database.
		n.MessagePushTime = d.Now().Truncate(time.Second)
	}
	if n.ID == 0 {
		return d.publish(ctx, n, func(ctx context.Context, n *Notice) (bool, error) {
			return true, d.Notices.Create(ctx, n)
		})
	}
	// source_event is never rewritten: it keeps a consumer's message idempotent.
	return d.Notices.Update(ctx, n.ID, n, "message_push_name", "message_title", "message_content", "message_push_time",
		"tag", "type", "status", "img", "scope", "dept_ids", "user_ids", "role_ids", "update_time", "update_user")
}

// Remove deletes notices of the caller's tenant logically.
func (d *Desk) Remove(ctx context.Context, ids []int64) error { return d.Notices.Remove(ctx, ids) }

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

// senderName is the default sender: the caller's name, else their account.
func senderName(id *ident.Identity) string {
	if id.UserName != "" {
		return id.UserName
	}
	return id.Account
}
