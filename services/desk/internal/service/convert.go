package service

import (
	"time"

	"anquan/desk/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/desk/v1"
)

func ts(t time.Time) string { return timefmt.Format(t) }

func noticeOut(d *biz.Delivered) *pb.Notice {
	a := d.AudienceOf()
	return &pb.Notice{
		Id: d.ID, TenantId: d.TenantID, MessagePushName: d.MessagePushName, MessageTitle: d.MessageTitle,
		MessageContent: d.MessageContent, MessagePushTime: ts(d.MessagePushTime), Tag: d.Tag, Type: d.Type,
		Status: d.Status, Img: d.Img, Scope: d.Scope, DeptIds: ident.JoinIDs(a.DeptIDs), UserIds: ident.JoinIDs(a.UserIDs), RoleIds: ident.JoinIDs(a.RoleIDs),
		IsRead: d.IsRead, CreateUser: d.CreateUser, CreateTime: ts(d.CreateTime), UpdateTime: ts(d.UpdateTime), IsDeleted: d.IsDeleted,
	}
}

func pageOut(p *paging.Page[biz.Delivered]) *pb.NoticePage {
	out := &pb.NoticePage{Records: make([]*pb.Notice, len(p.Records)), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
	for i := range p.Records {
		out.Records[i] = noticeOut(&p.Records[i])
	}
	return out
}

// noticeIn reads a submitted notice; the tenant always comes from the caller.
func noticeIn(p *pb.Notice) (*biz.Notice, biz.Audience, error) {
	n := &biz.Notice{MessagePushName: p.MessagePushName, MessageTitle: p.MessageTitle, MessageContent: p.MessageContent,
		Tag: p.Tag, Type: p.Type, Img: p.Img}
	n.ID = p.Id
	n.Status = p.Status
	if p.MessagePushTime != "" {
		t, ok := timefmt.Parse(p.MessagePushTime)
		if !ok {
			return nil, biz.Audience{}, errs.BadRequest("发布时间格式错误,应为 yyyy-MM-dd HH:mm:ss")
		}
		n.MessagePushTime = t
	}
	depts, ok := ident.ParseIDs(p.DeptIds)
	if !ok {
		return nil, biz.Audience{}, errs.BadRequest("接收部门格式错误,应为逗号分隔的编号")
	}
	users, ok := ident.ParseIDs(p.UserIds)
	if !ok {
		return nil, biz.Audience{}, errs.BadRequest("接收人员格式错误,应为逗号分隔的编号")
	}
	roles, ok := ident.ParseIDs(p.RoleIds)
	if !ok {
		return nil, biz.Audience{}, errs.BadRequest("接收角色格式错误,应为逗号分隔的编号")
	}
	return n, biz.Audience{Scope: p.Scope, DeptIDs: depts, UserIDs: users, RoleIDs: roles}, nil
}

func reminderOut(r *biz.Reminder) *pb.ExpirationReminder {
	if r == nil {
		return &pb.ExpirationReminder{}
	}
	return &pb.ExpirationReminder{Type: r.Type, RemindDate: timefmt.FormatDate(r.RemindDate), DaysLeft: int32(r.DaysLeft)}
}
