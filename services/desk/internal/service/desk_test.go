package service

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/desk/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/desk/v1"
)

func notice(title string) *pb.Notice {
	return &pb.Notice{MessageTitle: title, MessageContent: "内容", Type: biz.TypeNotice}
}

func toDepts(title, depts string) *pb.Notice {
	p := notice(title)
	p.Scope, p.DeptIds = biz.ScopeDept, depts
	return p
}

func TestUnreadCountFallsAsTheReaderReads(t *testing.T) {
	e := newEnv(t)
	admin := user(tenantA, 1, []int64{11}, []int64{roleAdmin})
	reader := user(tenantA, 2, []int64{10}, []int64{roleStaff})
	all := e.submit(admin, notice("全员"))
	dept := e.submit(admin, toDepts("部门10", "10"))
	toMe := notice("给我")
	toMe.Scope, toMe.UserIds = biz.ScopeUser, "2"
	e.submit(admin, toMe)
	e.submit(admin, toDepts("部门11", "11"))

	if got := e.unread(reader); got != 3 {
		t.Fatalf("unread = %d, want 3", got)
	}
	for i := 0; i < 2; i++ { // reading twice counts once
		if _, err := e.h.MarkRead(reader, &commonv1.IdsQuery{Ids: fmt.Sprint(all)}); err != nil {
			t.Fatal(err)
		}
		if got := e.unread(reader); got != 2 {
			t.Fatalf("after reading %d time(s): unread = %d, want 2", i+1, got)
		}
	}
	d, err := e.h.NoticeDetail(reader, &commonv1.IdQuery{Id: dept})
	if err != nil {
		t.Fatal(err)
	}
	if d.IsRead != 1 || d.MessageTitle != "部门10" {
		t.Fatalf("detail = %q isRead %d", d.MessageTitle, d.IsRead)
	}
	if got := e.unread(reader); got != 1 {
		t.Fatalf("after detail: unread = %d, want 1", got)
	}
	if got := e.titles(reader, map[string]string{"isRead_equal": "0"}); !reflect.DeepEqual(got, []string{"给我"}) {
		t.Errorf("unread list = %v", got)
	}
	if got := e.titles(reader, map[string]string{"isRead_equal": "1"}); len(got) != 2 {
		t.Errorf("read list = %v, want 2 notices", got)
	}
	p, err := e.h.MessageList(reader, &commonv1.PageQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Records {
		if want := map[string]int32{"全员": 1, "部门10": 1, "给我": 0}[r.MessageTitle]; r.IsRead != want {
			t.Errorf("%s isRead = %d, want %d", r.MessageTitle, r.IsRead, want)
		}
	}
	if p.Total != 3 {
		t.Errorf("inbox total = %d, want 3", p.Total)
	}
}

func TestMarkReadRefusesNoticesOutsideTheAudience(t *testing.T) {
	e := newEnv(t)
	admin := user(tenantA, 1, nil, []int64{roleAdmin})
	reader := user(tenantA, 2, []int64{10}, nil)
	all := e.submit(admin, notice("全员"))
	other := e.submit(admin, toDepts("部门11", "11"))

	_, err := e.h.MarkRead(reader, &commonv1.IdsQuery{Ids: fmt.Sprintf("%d,%d", all, other)})
	wantNotFound(t, "read a notice of another dept", err)
	if got := e.unread(reader); got != 1 {
		t.Errorf("a refused call marked something read: unread = %d, want 1", got)
	}
	_, err = e.h.NoticeDetail(reader, &commonv1.IdQuery{Id: other})
	wantNotFound(t, "detail of a notice of another dept", err)
	_, err = e.h.MarkRead(reader, &commonv1.IdsQuery{Ids: "999"})
	wantNotFound(t, "read a missing notice", err)
}

func TestTenantBCannotSeeGetOrRemoveTenantANotice(t *testing.T) {
	e := newEnv(t)
	adminA := user(tenantA, 1, nil, []int64{roleAdmin})
	userB := user(tenantB, 1, []int64{12}, []int64{30})
	id := e.submit(adminA, notice("A 的通知"))
	ids := &commonv1.IdsQuery{Ids: fmt.Sprint(id)}

	if got := e.titles(userB, nil); len(got) != 0 {
		t.Errorf("tenant B lists %v", got)
	}
	if got := e.unread(userB); got != 0 {
		t.Errorf("tenant B unread = %d", got)
	}
	_, err := e.h.NoticeDetail(userB, &commonv1.IdQuery{Id: id})
	wantNotFound(t, "detail", err)
	_, err = e.h.MarkRead(userB, ids)
	wantNotFound(t, "mark read", err)
	_, err = e.h.NoticeRemove(userB, ids)
	wantNotFound(t, "remove", err)
	if e.notices("id = ?", id) != 1 {
		t.Fatal("tenant B removed tenant A's notice")
	}
	if got := e.titles(adminA, nil); !reflect.DeepEqual(got, []string{"A 的通知"}) {
		t.Errorf("tenant A lists %v", got)
	}
}

func TestInboxPutsPinnedFirstThenImportantThenNewest(t *testing.T) {
	e := newEnv(t)
	admin := user(tenantA, 1, nil, nil)
	at := func(title string, status int32, pushed string) {
		p := notice(title)
		p.Status, p.MessagePushTime = status, pushed
		e.submit(admin, p)
	}
	at("旧普通", biz.StatusNormal, "2025-01-01 08:00:00")
	at("重要", biz.StatusImportant, "2025-01-02 08:00:00")
	at("置顶", biz.StatusPinned, "2025-01-01 09:00:00")
	at("新普通", biz.StatusNormal, "2025-01-03 08:00:00")
	want := []string{"置顶", "重要", "新普通", "旧普通"}
	if got := e.titles(admin, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
	// A client's sort cannot push pinned notices down.
	p, err := e.h.NoticeList(admin, &commonv1.PageQuery{Descs: "createTime", Size: 2, Current: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 4 || p.Pages != 2 || len(p.Records) != 2 || p.Records[0].MessageTitle != "置顶" {
		t.Errorf("page = total %d pages %d first %v", p.Total, p.Pages, p.Records)
	}
	if got := e.titles(admin, map[string]string{"status_equal": "7", "messagePushTime_datege": "2025-01-02"}); !reflect.DeepEqual(got, []string{"新普通"}) {
		t.Errorf("filtered = %v", got)
	}
	if got := e.titles(admin, map[string]string{"messageTitle": "普通", "type_equal": "2"}); len(got) != 2 {
		t.Errorf("title filter = %v", got)
	}
}

func TestSubmitRefusesInvalidNoticesInChinese(t *testing.T) {
	e := newEnv(t)
	admin := user(tenantA, 1, nil, nil)
	with := func(f func(p *pb.Notice)) *pb.Notice { p := notice("标题"); f(p); return p }
	cases := []struct {
		name string
		p    *pb.Notice
		msg  string
	}{
		{"no title", with(func(p *pb.Notice) { p.MessageTitle = "  " }), "请输入消息标题"},
		{"long title", with(func(p *pb.Notice) { p.MessageTitle = strings.Repeat("题", 201) }), "消息标题不能超过200个字"},
		{"no content", with(func(p *pb.Notice) { p.MessageContent = "" }), "请输入消息内容"},
		{"long content", with(func(p *pb.Notice) { p.MessageContent = strings.Repeat("字", 10001) }), "消息内容不能超过10000个字"},
		{"type 3", with(func(p *pb.Notice) { p.Type = 3 }), "消息类型只能是1(消息)或2(通知)"},
		{"no type", with(func(p *pb.Notice) { p.Type = 0 }), "消息类型只能是1(消息)或2(通知)"},
		{"status 4", with(func(p *pb.Notice) { p.Status = 4 }), "消息状态只能是5(置顶)、6(重要)或7(普通)"},
		{"unknown scope", with(func(p *pb.Notice) { p.Scope = "everyone" }), "接收范围只能是 tenant(全员)、dept(部门)、user(人员)或 role(角色)"},
		{"dept scope without depts", with(func(p *pb.Notice) { p.Scope = biz.ScopeDept }), "请选择接收部门"},
		{"dept of another tenant", toDepts("标题", "10,12"), "接收部门不存在: 12"},
		{"user scope without users", with(func(p *pb.Notice) { p.Scope = biz.ScopeUser }), "请选择接收人员"},
		{"role scope without roles", with(func(p *pb.Notice) { p.Scope = biz.ScopeRole }), "请选择接收角色"},
		{"bad dept list", toDepts("标题", "10,x"), "接收部门格式错误,应为逗号分隔的编号"},
		{"bad push time", with(func(p *pb.Notice) { p.MessagePushTime = "明天" }), "发布时间格式错误,应为 yyyy-MM-dd HH:mm:ss"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.h.NoticeSubmit(admin, c.p)
			if errs.Code(err) != codes.InvalidArgument || errs.Message(err) != c.msg {
				t.Errorf("err = %v, want InvalidArgument %q", err, c.msg)
			}
		})
	}
	if n := e.notices("1 = 1"); n != 0 {
		t.Errorf("%d invalid notices stored", n)
	}
}

func TestSubmitFillsDefaultsAnnouncesAndUpdates(t *testing.T) {
	e := newEnv(t)
	admin := user(tenantA, 1, nil, nil)
	id := e.submit(admin, notice("停电通知"))
	d, err := e.h.NoticeDetail(admin, &commonv1.IdQuery{Id: id})
	if err != nil {
		t.Fatal(err)
	}
	today := timefmt.FormatDate(time.Now())
	if d.MessagePushName != "张三" || d.Status != biz.StatusNormal || d.Scope != biz.ScopeTenant || d.TenantId != tenantA || !strings.HasPrefix(d.MessagePushTime, today) {
		t.Errorf("defaults: sender %q status %d scope %q tenant %q pushed %q", d.MessagePushName, d.Status, d.Scope, d.TenantId, d.MessagePushTime)
	}
	var events []outbox.Event
	e.g.WithContext(ident.AsSystem(context.Background())).Find(&events)
	if len(events) != 1 || events[0].Subject != "anquan."+biz.SubjectPublished || events[0].TenantID != tenantA {
		t.Errorf("outbox = %+v, want one %s", events, biz.SubjectPublished)
	}

	d.MessageTitle, d.Scope, d.DeptIds = "停电通知(更正)", biz.ScopeDept, "10"
	if _, err := e.h.NoticeSubmit(admin, d); err != nil {
		t.Fatal(err)
	}
	reader := user(tenantA, 2, []int64{10}, nil)
	got, err := e.h.NoticeDetail(reader, &commonv1.IdQuery{Id: id})
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageTitle != "停电通知(更正)" || got.DeptIds != "10" {
		t.Errorf("after update: %q to %q", got.MessageTitle, got.DeptIds)
	}
	if _, err := e.h.NoticeRemove(admin, &commonv1.IdsQuery{Ids: fmt.Sprint(id)}); err != nil {
		t.Fatal(err)
	}
	_, err = e.h.NoticeDetail(reader, &commonv1.IdQuery{Id: id})
	wantNotFound(t, "detail after remove", err)
	if got := e.unread(reader); got != 0 {
		t.Errorf("removed notice still counted: unread = %d", got)
	}
}

func TestExpirationRemindsWithinThirtyDaysOfTheLicenceEnd(t *testing.T) {
	e := newEnv(t)
	now, _ := timefmt.Parse("2025-06-01 10:00:00")
	e.uc.Now = func() time.Time { return now }
	caller := user(tenantA, 1, nil, nil)
	cases := []struct {
		ends string
		want *pb.ExpirationReminder
	}{
		{"", &pb.ExpirationReminder{}},
		{"2025-08-01 00:00:00", &pb.ExpirationReminder{}},
		{"2025-07-02 00:00:00", &pb.ExpirationReminder{}},
		{"2025-07-01 23:59:59", &pb.ExpirationReminder{Type: "license", RemindDate: "2025-07-01", DaysLeft: 30}},
		{"2025-06-01 23:59:59", &pb.ExpirationReminder{Type: "license", RemindDate: "2025-06-01", DaysLeft: 0}},
		{"2025-05-20 00:00:00", &pb.ExpirationReminder{Type: "license", RemindDate: "2025-05-20", DaysLeft: -12}},
	}
	for _, c := range cases {
		t.Run("ends "+c.ends, func(t *testing.T) {
			e.sys.expiry[tenantA] = nil
			if c.ends != "" {
				end, _ := timefmt.Parse(c.ends)
				e.sys.expiry[tenantA] = &end
			}
			got, err := e.h.Expiration(caller, &commonv1.Empty{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Type != c.want.Type || got.RemindDate != c.want.RemindDate || got.DaysLeft != c.want.DaysLeft {
				t.Errorf("reminder = %v, want %v", got, c.want)
			}
		})
	}
}

func TestReadingNeedsALoggedInUser(t *testing.T) {
	e := newEnv(t)
	service := ident.ForTenant(context.Background(), tenantA)
	if _, err := e.h.UnreadCount(service, &commonv1.Empty{}); errs.Code(err) != codes.Unauthenticated {
		t.Errorf("unread count without a user: %v", err)
	}
	if _, err := e.h.MessageList(context.Background(), &commonv1.PageQuery{}); errs.Code(err) != codes.Unauthenticated {
		t.Errorf("list without identity: %v", err)
	}
}
