package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/paging"
)

// Inbox lists the caller's notices and messages, pinned first, then
// important, then newest, each with whether the caller read it. The
// filter isRead_equal (0/1) keeps only unread or read ones.
func (d *Desk) Inbox(ctx context.Context, q paging.Query) (*paging.Page[Delivered], error) {
	v, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	read, err := readFilter(q.Filters)
	if err != nil {
		return nil, err
	}
	return d.Q.Page(ctx, Reach{Viewer: v, Read: read}, q)
}

// UnreadCount is the real number of the caller's unread notices and
// messages (the web caps its badge at 99).
func (d *Desk) UnreadCount(ctx context.Context) (int64, error) {
	v, err := viewer(ctx)
	if err != nil {
		return 0, err
	}
	unread := false
	return d.Q.Count(ctx, Reach{Viewer: v, Read: &unread})
}

// Detail opens a notice the caller may see, and marks it read for them.
func (d *Desk) Detail(ctx context.Context, id int64) (*Delivered, error) {
	v, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	n, err := d.Notices.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	// A notice outside the caller's audience answers as missing, so its
	// existence is not disclosed.
	if !n.VisibleTo(v) {
		return nil, errs.NotFound("通知公告不存在")
	}
	if err := d.Q.MarkRead(ctx, v.UserID, []int64{id}); err != nil {
		return nil, err
	}
	return &Delivered{Notice: *n, IsRead: 1}, nil
}

// MarkRead marks notices read for the caller. Reading again changes
// nothing; any id the caller cannot see refuses the whole call.
func (d *Desk) MarkRead(ctx context.Context, ids []int64) error {
	v, err := viewer(ctx)
	if err != nil {
		return err
	}
	seen, err := d.Q.Visible(ctx, v, ids)
	if err != nil {
		return err
	}
	if bad := missing(ids, seen); len(bad) > 0 {
		return errs.NotFound("消息不存在")
	}
	return d.Q.MarkRead(ctx, v.UserID, ids)
}

// readFilter reads isRead_equal (or isRead): nil, or only read / unread.
func readFilter(f map[string]string) (*bool, error) {
	raw, ok := f["isRead_equal"]
	if !ok {
		raw = f["isRead"]
	}
	switch strings.TrimSpace(raw) {
	case "":
		return nil, nil
	case "0":
		v := false
		return &v, nil
	case "1":
		v := true
		return &v, nil
	}
	return nil, errs.BadRequest("已读状态只能是0(未读)或1(已读)")
}
