package biz

import "text/template"

// AdminAlias is the role alias of a tenant's administrators.
const AdminAlias = "administrator"

// SystemSender signs the messages desk makes from events.
const SystemSender = "系统消息"

// Deliveries maps event subjects to the messages they become. Later issues
// (hazards, permits) add rows here, not code. Content is a text/template
// over the event's data; optional fields go in {{with}}.
var Deliveries = []Delivery{
	{
		Subject: "anquan.user.registered",
		Title:   "新用户注册待审核",
		Content: content(`账号 {{.account}}{{with .name}}({{.}}){{end}} 提交了注册申请,请及时审核。`),
		To:      ToRoleAlias(AdminAlias),
	},
	{
		Subject: "anquan.user.registered.approved",
		Title:   "注册申请已通过",
		Content: content(`您的账号 {{.account}} 注册申请已通过审核,欢迎使用。`),
		To:      ToUserIn("userId"),
	},
	{
		Subject: "anquan.user.registered.rejected",
		Title:   "注册申请未通过",
		Content: content(`您的账号 {{.account}} 注册申请未通过审核{{with .reason}},原因:{{.}}{{end}}。如有疑问请联系管理员。`),
		To:      ToUserIn("userId"),
	},
}

// content parses a row's template at start-up, so a broken row fails loudly.
func content(text string) *template.Template {
	return template.Must(template.New("content").Parse(text))
}
