package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
)

// SaveDict validates a parent or child entry.
func (s *System) SaveDict(ctx context.Context, d *Dict) error {
	d.Code = strings.TrimSpace(d.Code)
	d.DictValue = strings.TrimSpace(d.DictValue)
	d.DictValueEn = strings.TrimSpace(d.DictValueEn)
	if d.DictValue == "" {
		return errs.BadRequest("请输入字典名称")
	}
	if d.ParentID == 0 && d.Code == "" {
		return errs.BadRequest("请输入字典编号")
	}
	if d.ParentID == 0 {
		d.DictKey = "-1"
		if dup, err := s.S.Dicts.Exists(ctx, d.ID, "code = ? AND parent_id = 0", d.Code); err != nil {
			return err
		} else if dup {
			return errs.Duplicate("字典编号已存在")
		}
	} else {
		p, err := s.S.Dicts.Get(ctx, d.ParentID)
		if err != nil {
			return errs.NotFound("上级字典不存在")
		}
		d.Code = p.Code
		if strings.TrimSpace(d.DictKey) == "" {
			return errs.BadRequest("请输入字典键值")
		}
		if dup, err := s.S.Dicts.Exists(ctx, d.ID, "parent_id = ? AND dict_key = ?", d.ParentID, d.DictKey); err != nil {
			return err
		} else if dup {
			return errs.Duplicate("字典键值已存在")
		}
	}
	return s.saveWithEvent(ctx, "system.dict.saved", func(ctx context.Context) error {
		if d.ID == 0 {
			return s.S.Dicts.Create(ctx, d)
		}
		return s.S.Dicts.Update(ctx, d.ID, d, "parent_id", "code", "dict_key", "dict_value", "dict_value_en", "sort", "remark", "update_time", "update_user")
	})
}

// RemoveDicts removes entries and the children of removed parents.
func (s *System) RemoveDicts(ctx context.Context, ids []int64) error {
	return s.saveWithEvent(ctx, "system.dict.removed", func(ctx context.Context) error {
		if err := s.S.Dicts.Remove(ctx, ids); err != nil {
			return err
		}
		return s.Q.RemoveDictChildren(ctx, ids)
	})
}
