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
	{
		Subject: "anquan.user.certificate.expiring",
		Title:   "证书到期提醒",
		Content: content(`您的{{.kindName}}证书({{.certificateNo}}){{if .expired}}已于 {{.expireDate}} 过期,请停止从事相关作业并尽快复审换证{{else}}将于 {{.expireDate}} 到期,请及时复审换证{{end}}。`),
		To:      ToUserIn("userId"),
	},
	{
		Subject: "anquan.workticket.guardian.changed",
		Title:   "作业监护人变更",
		Content: content(`您已被指定为作业票 {{.ticketNo}}({{.workTypeName}})的监护人{{with .oldGuardianName}},接替 {{.}}{{end}}{{with .reason}},原因:{{.}}{{end}}。请及时到岗履行监护职责。`),
		To:      ToUserIn("newGuardianId"),
	},
	{
		Subject: "anquan.workticket.ticket.issued",
		Title:   "作业票已签发",
		Content: content(`作业票 {{.ticketNo}}({{with .levelName}}{{.}}{{end}}{{.workTypeName}})已签发,计划作业时间 {{.planStartTime}} 至 {{.planEndTime}},您是该作业的监护人。作业内容:{{.content}}`),
		To:      ToUserIn("guardianId"),
	},
	{
		Subject: "anquan.flow.instance.completed",
		Title:   "审批已通过",
		Content: content(`您发起的「{{.title}}」已审批通过{{with .userName}}(最后审批人:{{.}}){{end}}。`),
		To:      ToUserInIfAny("applicantId"), // absent when a service started the flow
	},
	{
		Subject: "anquan.flow.instance.rejected",
		Title:   "审批被驳回",
		Content: content(`您发起的「{{.title}}」在「{{.taskName}}」环节被{{with .userName}} {{.}} {{end}}驳回{{with .comment}},意见:{{.}}{{end}}。`),
		To:      ToUserInIfAny("applicantId"), // absent when a service started the flow
	},
	{
		Subject: "anquan.prevention.hazard.overdue",
		Title:   "隐患整改已逾期",
		Content: content(`隐患「{{.hazardName}}」{{with .unitName}}(风险分析单元:{{.}}){{end}}整改期限 {{.deadline}} 已过,尚未完成整改验收,请尽快处理。`),
		To:      ToUserIn("responsibleUserId"),
	},
	{
		Subject: "anquan.monitor.alarm.raised",
		Title:   "监测报警",
		Content: content(`监测点位 {{.pointCode}}{{with .pointName}}({{.}}){{end}}发生{{.levelName}}报警:当前值 {{.value}}{{.unit}},报警值 {{.limit}}{{.unit}},报警时间 {{.raisedAt}}。请立即核实处置并在报警管理中确认。`),
		To:      ToUserInOr("responsibleUserId", ToRoleAlias(AdminAlias)),
	},
	{
		Subject: "anquan.monitor.alarm.escalated",
		Title:   "监测报警升级",
		Content: content(`监测点位 {{.pointCode}}{{with .pointName}}({{.}}){{end}}报警升级为{{.levelName}}:当前值 {{.value}}{{.unit}},报警值 {{.limit}}{{.unit}}。请立即处置。`),
		To:      ToUserInOr("responsibleUserId", ToRoleAlias(AdminAlias)),
	},
	// change: a temporary change past its expiry and not closed (once per change).
	{
		Subject: "anquan.change.request.overdue",
		Title:   "临时变更已超期",
		Content: content(`临时变更「{{.title}}」已于 {{.expireAt}} 到期,目前处于{{.stateName}}阶段,尚未关闭。请尽快恢复原状或重新办理变更。`),
		To:      ToUserInOr("applicantId", ToRoleAlias(AdminAlias)),
	},
	// equipment: a maintenance or detection date at the tenant's lead times
	// and once after it passed (once per equipment, date and stage); a
	// run-hour maintenance plan at its lead hours and when reached.
	{
		Subject: "anquan.equipment.due.reminder",
		Title:   "设备到期提醒",
		Content: content(`设备「{{.equipmentName}}」({{.equipmentCode}})的{{if .byRunHours}}按运行小时{{.kindName}}在累计运行 {{.dueHours}} 小时到期,当前 {{.runHours}} 小时{{if .overdue}},已到期,请立即安排{{.kindName}}{{else}}(还差 {{.hoursLeft}} 小时),请提前安排{{.kindName}}{{end}}。{{else}}{{.kindName}}{{if .overdue}}已于 {{.dueDate}} 到期,目前已逾期,请立即安排{{.kindName}}{{else if .dueToday}}今天({{.dueDate}})到期,请及时安排{{.kindName}}{{else}}将于 {{.dueDate}} 到期(还有 {{.daysLeft}} 天),请提前安排{{.kindName}}{{end}}。{{end}}`),
		To:      ToUserInOr("responsibleUserId", ToRoleAlias(AdminAlias)),
	},
	// education: a person short of a required course of their post (培训矩阵) or of the
	// year's 学时 (once per person, shortfall and month).
	{
		Subject: "anquan.education.training.short",
		Title:   "培训缺项提醒",
		Content: content(`{{if eq .kind "hours"}}您 {{.year}} 年度已获安全培训 {{.creditedHours}} 学时,按规定应达到 {{.requiredHours}} 学时,尚差 {{.shortHours}} 学时,请尽快参加培训。{{else}}您所在岗位「{{.postName}}」要求完成课程「{{.courseName}}」,目前{{.stateName}}{{if eq .stateName "已过期"}}{{with .expireDate}}(已于 {{.}} 失效){{end}},请重新学习{{else if eq .stateName "学时不足"}}(要求 {{.requiredHours}} 学时,已获 {{.creditedHours}} 学时),请继续学习{{else}},请尽快完成学习{{end}}。{{end}}`),
		To:      ToUserIn("userId"),
	},
	// health: a worker on a hazard post found with a contraindication (one per post).
	{
		Subject: "anquan.health.exam.contraindication",
		Title:   "职业禁忌证人员需调岗",
		Content: content(`{{.userName}} 在 {{.examDate}} 的职业健康检查中发现职业禁忌证{{with .note}}({{.}}){{end}},目前在接害岗位「{{.postName}}」。请调离该岗位并办理离岗。`),
		To:      ToUserInOr("managerId", ToRoleAlias(AdminAlias)),
	},
	// health: a suspected occupational disease opened a diagnosis task.
	{
		Subject: "anquan.health.diagnosis.opened",
		Title:   "疑似职业病待安排诊断",
		Content: content(`{{.userName}} 在 {{.examDate}} 的职业健康检查 ({{.institution}}) 中结论为疑似职业病{{with .factorNames}},接触 {{.}}{{end}}。请安排职业病诊断并按规定报告。`),
		To:      ToRoleAlias(AdminAlias),
	},
	// records: a document published to a reader, who must confirm reading it (one event per reader).
	{
		Subject: "anquan.records.document.published",
		Title:   "文件发布待阅读确认",
		Content: content(`{{.kindName}}「{{.title}}」第 {{.version}} 版已发布{{with .publisherName}}(发布人:{{.}}){{end}},请阅读并在页面上确认。`),
		To:      ToUserIn("readerId"),
	},
	// emergency: an incident launched from a plan (one event per notified user).
	{
		Subject: "anquan.emergency.incident.launched",
		Title:   "应急响应已启动",
		Content: content(`{{.commander}} 于 {{.startTime}} 依据预案「{{.planName}}」启动{{.levelName}}。事发地点:{{.place}}。{{.description}} 请立即按预案职责响应。`),
		To:      ToUserIn("userId"),
	},
}

// content parses a row's template at start-up, so a broken row fails loudly.
func content(text string) *template.Template {
	return template.Must(template.New("content").Parse(text))
}
