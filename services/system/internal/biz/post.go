package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
)

// SavePost validates a post.
func (s *System) SavePost(ctx context.Context, p *Post) error {
	p.PostCode, p.PostName = strings.TrimSpace(p.PostCode), strings.TrimSpace(p.PostName)
	if p.PostCode == "" || p.PostName == "" {
		return errs.BadRequest("请输入岗位编号和岗位名称")
	}
	if dup, err := s.S.Posts.Exists(ctx, p.ID, "post_code = ?", p.PostCode); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("岗位编号已存在")
	}
	return s.saveWithEvent(ctx, "system.post.saved", func(ctx context.Context) error { return save(ctx, s.S.Posts, p.ID, p) })
}

// RemovePosts deletes posts (others cache post names: the event tells them).
func (s *System) RemovePosts(ctx context.Context, ids []int64) error {
	return s.saveWithEvent(ctx, "system.post.removed", func(ctx context.Context) error { return s.S.Posts.Remove(ctx, ids) })
}
