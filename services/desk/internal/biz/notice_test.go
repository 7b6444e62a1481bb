package biz

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Who may edit or remove a notice: its sender or the tenant administrator;
// a message a service made from an event only the administrator.
func TestMayChangeNoticeSenderOrAdministrator(t *testing.T) {
	event := "evt-1"
	byUser := &Notice{MessageTitle: "停电通知"}
	byUser.CreateUser = 7
	bySystem := &Notice{MessageTitle: "证书即将到期", SourceEvent: &event}
	cases := []struct {
		name string
		n    *Notice
		id   *ident.Identity
		ok   bool
		msg  string
	}{
		{"sender", byUser, &ident.Identity{UserID: 7}, true, ""},
		{"another publisher", byUser, &ident.Identity{UserID: 8}, false, "只有发布人或管理员可以修改通知公告「停电通知」"},
		{"administrator", byUser, &ident.Identity{UserID: 9, Super: true}, true, ""},
		{"no caller", byUser, nil, false, "只有发布人或管理员"},
		{"system message, a user", bySystem, &ident.Identity{UserID: 7}, false, "系统消息「证书即将到期」只有管理员可以修改"},
		{"system message, administrator", bySystem, &ident.Identity{UserID: 9, Super: true}, true, ""},
		{"system message, a caller without user id", bySystem, &ident.Identity{}, false, "系统消息"},
	}
	for _, c := range cases {
		err := MayChangeNotice(c.n, c.id, "修改")
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want allowed %v", c.name, err, c.ok)
			continue
		}
		if err != nil && (errs.Code(err) != codes.PermissionDenied || !strings.Contains(errs.Message(err), c.msg)) {
			t.Errorf("%s: %v, want 403 with %q", c.name, err, c.msg)
		}
	}
}
