package biz

// The menu template every tenant is provisioned with: the modules of spec 1
// (top level, with a code that picks the icon and isUsed 2 = enabled), their
// pages, and the buttons of the system pages.

import "strings"

// MenuTemplate is one entry of the template.
type MenuTemplate struct {
	Code, Name, Path, Source, I18n string
	Category                       int32 // 1 menu, 2 button
	Children                       []MenuTemplate
	// PlatformOnly entries exist only in the platform tenant.
	PlatformOnly bool
}

func page(code, name, path, source, i18n string, buttons ...string) MenuTemplate {
	m := MenuTemplate{Code: code, Name: name, Path: path, Source: source, I18n: i18n, Category: 1}
	labels := map[string]string{"add": "新增", "edit": "修改", "delete": "删除", "view": "查看", "export": "导出", "reset": "重置密码", "role": "角色配置", "unlock": "账号解封", "audit": "注册审核", "grant": "权限设置", "ack": "报警确认", "secret": "签发密钥", "review": "准入审核", "lift": "移出黑名单", "handle": "报警处理", "push": "报警推送"} //nolint:gosec // G101: button labels ("secret" names the gateway-secret button), not credentials
	for _, b := range buttons {
		m.Children = append(m.Children, MenuTemplate{Code: code + "_" + b, Name: labels[b], Category: 2})
	}
	return m
}

var crudButtons = []string{"add", "edit", "delete", "view", "export"}

// Template is the module tree.
var Template = []MenuTemplate{
	{Code: "safety_risk", Name: "安全风险", Path: "/safetyRisk", Source: "safety", I18n: "safetyRisk", Category: 1, Children: []MenuTemplate{
		// prevention (双重预防): the risk chain, the daily commitment and the big screen.
		page("risk_object", "风险分析对象", "/safetyRisk/identification/riskObject", "cluster", "riskObject", "add", "edit", "delete", "view"),
		page("risk_unit", "风险辨识", "/safetyRisk/identification/riskUnitItem", "risk", "riskUnit", crudButtons...),
		page("risk_event", "风险事件", "/safetyRisk/identification/riskEvent", "alert", "riskEvent", crudButtons...),
		page("risk_measure", "管控措施", "/safetyRisk/identification/riskMeasure", "safety", "riskMeasure", crudButtons...),
		page("check_plan", "排查计划", "/safetyRisk/identification/checkPlan", "schedule", "checkPlan", "add", "edit", "delete", "view"),
		page("risk_commitment", "安全承诺", "/risk-commitment", "audit", "riskCommitment"),
		{Code: "dual_prophylaxis", Name: "双重预防", Path: "/dual-prophylaxis/index", Source: "dashboard", I18n: "dualProphylaxis", Category: 1, Children: []MenuTemplate{
			{Code: "dual_prophylaxis_export", Name: "上报数据导出", Category: 2},
		}},
	}},
	{Code: "hidden_danger", Name: "隐患排查", Path: "/hiddenDanger", Source: "danger", I18n: "hiddenDanger", Category: 1, Children: []MenuTemplate{
		// prevention: inspection tasks and records, and the rectification workflow.
		{Code: "check_task", Name: "排查任务", Path: "/hiddenDanger/checkTask", Source: "schedule", I18n: "checkTask", Category: 1, Children: []MenuTemplate{
			{Code: "check_task_view", Name: "查看", Category: 2}, {Code: "check_task_export", Name: "导出", Category: 2},
			{Code: "check_task_check", Name: "排查", Category: 2}, {Code: "check_task_generate", Name: "生成任务", Category: 2},
		}},
		page("check_record", "排查记录", "/hiddenDanger/checkRecord", "profile", "checkRecord", "add", "view", "export"),
		{Code: "hidden_danger_list", Name: "隐患排查治理", Path: "/hiddenDanger/index", Source: "danger", I18n: "hiddenDangerList", Category: 1, Children: []MenuTemplate{
			{Code: "hidden_danger_list_add", Name: "隐患上报", Category: 2}, {Code: "hidden_danger_list_edit", Name: "修改", Category: 2},
			{Code: "hidden_danger_list_delete", Name: "删除", Category: 2}, {Code: "hidden_danger_list_view", Name: "查看", Category: 2},
			{Code: "hidden_danger_list_export", Name: "导出", Category: 2}, {Code: "hidden_danger_list_assess", Name: "评估", Category: 2},
			{Code: "hidden_danger_list_rectify", Name: "整改", Category: 2}, {Code: "hidden_danger_list_accept", Name: "验收", Category: 2},
		}},
	}},
	{Code: "safety_education", Name: "安全教育", Path: "/safetyEducation", Source: "education", I18n: "safetyEducation", Category: 1, Children: []MenuTemplate{
		page("training_planning", "培训计划", "/safetyEducation/trainingPlanning", "plan", "trainingPlanning", "add", "edit", "delete", "view"),
		page("my_training", "我的培训", "/safetyEducation/myTraining", "study", "myTraining"),
		// education (h-training): the caller's courses, studied with verified playback.
		page("my_course", "我的课程", "/safetyEducationNew/myonlineCourse", "play-circle", "myCourse"),
		// education: the caller's own exams and everyone's results (managers see the tenant's).
		page("my_exam", "我的考试", "/safetyEducation/myExam", "edit", "myExam"),
		page("edu_result", "考试成绩", "/safetyEducation/result", "trophy", "eduResult"),
	}},
	{Code: "contractor_mgmt", Name: "承包商管理", Path: "/contractor", Source: "people", I18n: "contractorMgmt", Category: 1, Children: []MenuTemplate{
		// contractor: companies and their admission, people and their entry training, the blacklist.
		page("ct_company", "承包商单位", "/contractor/company", "bank", "ctCompany", "add", "edit", "delete", "view", "review"),
		page("ct_person", "承包商人员", "/contractor/person", "team", "ctPerson", "add", "edit", "delete", "view"),
		page("ct_blacklist", "黑名单", "/contractor/blacklist", "stop", "ctBlacklist", "add", "lift"),
	}},
	{Code: "education_admin", Name: "考试管理", Path: "/educationAdmin", Source: "education", I18n: "educationAdmin", Category: 1, Children: []MenuTemplate{
		// education: the question bank, papers and exams (the bank holds the answers: its own module).
		withButtons(page("edu_question", "题库管理", "/educationAdmin/question", "book", "eduQuestion", "add", "edit", "delete", "view"), "import:导入"), // h-eduimp: xlsx import
		page("edu_paper", "试卷管理", "/educationAdmin/paper", "file", "eduPaper", "add", "edit", "delete", "view"),
		page("edu_exam", "考试安排", "/educationAdmin/exam", "schedule", "eduExam", "add", "edit", "delete", "view"),
		// education (h-training): courses (video / document through resource) and the training rules.
		withButtons(page("edu_course", "课程管理", "/safetyEducationNew/courseDxManagement", "video-camera", "eduCourse", "add", "edit", "delete", "view"), "rule:培训规则"),
		// education (h-hours): 培训档案, each person's 学时 for a year against the hours.* rules (managers only: everyone's hours).
		page("training_database", "培训档案", "/safetyEducation/trainingDatabase", "solution", "trainingDatabase", "view", "export"),
		// education (h-edu-matrix): 培训矩阵, the courses each post requires and who of its holders is short (managers only).
		withButtons(page("training_matrix", "培训矩阵", "/safetyEducation/trainingMatrix", "profile", "trainingMatrix", "view", "edit", "export"), "remind:发送提醒"),
		// education (h-edu): 阅卷, essays marked by hand (the spec's route; managers only, so in this module).
		{Code: "edu_marking", Name: "阅卷管理", Path: "/safetyEducation/markingManagement", Source: "audit", I18n: "eduMarking", Category: 1, Children: []MenuTemplate{
			{Code: "edu_marking_mark", Name: "阅卷", Category: 2},
		}},
	}},
	{Code: "dangerous_source", Name: "危险源", Path: "/dangerousSources", Source: "hazard", I18n: "dangerousSource", Category: 1, Children: []MenuTemplate{
		// equipment: major hazard installations graded per GB 18218-2018, and the tenant's β/α rule table.
		{Code: "dangerous_source_form", Name: "危险源管理", Path: "/dangerousSources/tabForm", Source: "hazard", I18n: "dangerousSourceForm", Category: 1, Children: []MenuTemplate{
			{Code: "dangerous_source_form_add", Name: "新增", Category: 2}, {Code: "dangerous_source_form_edit", Name: "修改", Category: 2},
			{Code: "dangerous_source_form_delete", Name: "删除", Category: 2}, {Code: "dangerous_source_form_view", Name: "查看", Category: 2},
			{Code: "dangerous_source_form_factor", Name: "分级系数", Category: 2},
		}},
		// records: the hazardous-chemical ledger with its MSDS and the stock per location.
		page("chem_ledger", "危险化学品台账", "/dangerousSources/chemical", "database", "chemLedger", crudButtons...),
	}},
	{Code: "emergency", Name: "应急管理", Path: "/emergency", Source: "emergency", I18n: "emergency", Category: 1, Children: []MenuTemplate{
		// emergency: plans with versions and deadlines, drills, supplies, teams and the rule table.
		withButtons(page("emergency_plan", "应急预案", "/emergency/plan", "plan", "emergencyPlan", "add", "edit", "delete", "view"), "review:评审", "publish:发布备案"),
		withButtons(page("emergency_drill", "应急演练", "/emergency/drill", "schedule", "emergencyDrill", "add", "edit", "delete", "view"), "evaluate:演练评估"),
		withButtons(page("emergency_supply", "应急物资", "/emergency/supply", "tool", "emergencySupply", "add", "edit", "delete", "view"), "check:物资检查"),
		page("emergency_team", "应急队伍", "/emergency/team", "team", "emergencyTeam", "add", "edit", "delete", "view"),
		// emergency launch: incidents from published plans, their action logs, notified people and muster lists.
		withButtons(page("emergency_incident", "应急启动", "/emergency/incident", "alert", "emergencyIncident", "add", "edit", "view", "export"), "close:结束响应"),
		withButtons(page("emergency_rule", "应急规则", "/emergency/rule", "setting", "emergencyRule"), "edit:修改"),
		// accident: reports with grade and deadlines, corrective actions, near misses and the rule table.
		withButtons(page("accident_report", "事故管理", "/accident/report", "alert", "accidentReport", "add", "edit", "delete", "view"), "investigate:事故调查"),
		page("accident_near_miss", "未遂事件", "/accident/nearMiss", "warning", "accidentNearMiss", "add", "edit", "delete", "view"),
		withButtons(page("accident_rule", "事故规则", "/accident/rule", "setting", "accidentRule"), "edit:修改"),
	}},
	{Code: "occupational_health", Name: "职业健康", Path: "/health", Source: "safety", I18n: "occupationalHealth", Category: 1, Children: []MenuTemplate{
		// health: hazard posts and factors, detections, examinations with their gates,
		// diagnosis tasks, a record per worker and the rule table.
		page("health_post", "接害岗位", "/health/post", "team", "healthPost", "add", "edit", "delete", "view"),
		withButtons(page("health_detection", "检测记录", "/health/detection", "database", "healthDetection", "add", "edit", "delete", "view"), "publish:结果公示"),
		withButtons(page("health_assignment", "岗位安排", "/health/assignment", "people", "healthAssignment", "add", "view"), "leave:离岗"),
		page("health_exam", "职业健康检查", "/health/exam", "profile", "healthExam", crudButtons...),
		withButtons(page("health_diagnosis", "职业病诊断", "/health/diagnosis", "risk", "healthDiagnosis", "view"), "handle:诊断跟踪"),
		page("health_record", "职业健康档案", "/health/record", "book", "healthRecord", "view", "export"),
		withButtons(page("health_rule", "职业健康规则", "/health/rule", "setting", "healthRule"), "edit:修改"),
	}},
	{Code: "intelligent_inspection", Name: "智能巡检", Path: "/intelligentInspectionNew", Source: "inspection", I18n: "intelligentInspection", Category: 1, Children: []MenuTemplate{
		// The spec's equipment routes inside inspection: the equipment pages mounted again
		// (same components and button codes as the equipment module's pages; a user with
		// either menu entry opens them).
		page("inspection_equipment", "设备管理", "/intelligentInspectionNew/equipmentManagement/equipmentMaintenance", "tool", "inspectionEquipment"),
		page("inspection_eq_detection", "设备检测", "/intelligentInspectionNew/equipmentManagement/detection", "profile", "inspectionEqDetection"),
		page("inspection_eq_control", "停机上锁", "/intelligentInspectionNew/equipmentManagement/control", "key", "inspectionEqControl"),
		page("inspection_eq_disabled", "设备停用", "/intelligentInspectionNew/equipmentManagement/disabled", "danger", "inspectionEqDisabled"),
		page("inspection_eq_recover", "设备恢复", "/intelligentInspectionNew/equipmentManagement/recover", "control", "inspectionEqRecover"),
		page("inspection_eq_scrap", "设备报废", "/intelligentInspectionNew/equipmentManagement/scrap", "form", "inspectionEqScrap"),
		// inspection: points with their NFC/QR codes, plans (routes), the inspectors' tasks and the records.
		page("inspection_point", "巡检点", "/intelligentInspectionNew/point", "environment", "inspectionPoint", "add", "edit", "delete", "view"),
		page("inspection_plan", "巡检计划", "/intelligentInspectionNew/plan", "schedule", "inspectionPlan", "add", "edit", "delete", "view"),
		{Code: "inspection_task", Name: "巡检任务", Path: "/intelligentInspectionNew/task", Source: "profile", I18n: "inspectionTask", Category: 1, Children: []MenuTemplate{
			{Code: "inspection_task_view", Name: "查看", Category: 2}, {Code: "inspection_task_check", Name: "巡检", Category: 2},
			{Code: "inspection_task_generate", Name: "生成任务", Category: 2},
		}},
		page("inspection_record", "巡检记录", "/intelligentInspectionNew/record", "file-search", "inspectionRecord", "view"),
		// issue 18: coverage and timeliness per team and person.
		page("inspection_stats", "巡检统计", "/intelligentInspectionNew/statistics", "dashboard", "inspectionStats", "view", "export"),
	}},
	{Code: "personnel_vehicle", Name: "人员车辆", Path: "/personnel", Source: "people", I18n: "personnelVehicle", Category: 1, Children: []MenuTemplate{
		// positioning: the live map (and the gateways' batch ingest button), zones, tags, anchors and alarms.
		{Code: "personnel_positioning", Name: "人员定位", Path: "/personnel/positioning", Source: "location", I18n: "personnelPositioning", Category: 1, Children: []MenuTemplate{
			{Code: "personnel_positioning_ingest", Name: "位置上报", Category: 2},
		}},
		page("positioning_zone", "定位区域", "/personnel/positioningZone", "border", "positioningZone", "add", "edit", "delete", "view"),
		page("positioning_tag", "定位卡", "/personnel/positioningTag", "idcard", "positioningTag", "add", "edit", "delete", "view"),
		page("positioning_anchor", "定位基站", "/personnel/positioningAnchor", "wifi", "positioningAnchor", "add", "edit", "delete", "view"),
		{Code: "positioning_alarm", Name: "定位报警", Path: "/personnel/positioningAlarm", Source: "alert", I18n: "positioningAlarm", Category: 1, Children: []MenuTemplate{
			{Code: "positioning_alarm_view", Name: "查看", Category: 2}, {Code: "positioning_alarm_handle", Name: "报警处理", Category: 2},
		}},
		page("positioning_rule", "定位规则", "/personnel/positioningRule", "setting", "positioningRule", "edit"),
		page("positioning_track", "轨迹回放", "/personnel/positioningTrack", "label", "positioningTrack"),
		page("certificate", "证书管理", "/personnel/certificate", "idcard", "certificate", crudButtons...),
		page("certificate_expire", "证书到期提醒", "/personnel/certificateExpire", "calendar", "certificateExpire", "edit"),
		page("work_guardian", "作业监护人", "/personnel/workGuardian", "user", "workGuardian", "add", "edit", "delete", "view"),
		page("certificate_operator", "持证人员", "/personnel/operators", "team", "certificateOperator"),
	}},
	{Code: "on_duty", Name: "值班值守", Path: "/onDuty", Source: "duty", I18n: "onDuty", Category: 1, Children: []MenuTemplate{
		// emergency: duty rosters by department or post, and today's duty board.
		page("duty_roster", "值班排班", "/emergency/duty", "schedule", "dutyRoster", crudButtons...),
		page("duty_board", "今日值班", "/emergency/dutyBoard", "dashboard", "dutyBoard"),
	}},
	{Code: "business_process", Name: "业务流程", Path: "/businessProcess", Source: "process", I18n: "businessProcess", Category: 1, Children: []MenuTemplate{
		page("notice", "通知公告", "/businessProcess/noticeAnnouncement/index", "notification", "notice", "add", "edit", "delete", "view"),
		page("flow_todo", "我的待办", "/businessProcess/todo", "schedule", "flowTodo"),
		// aichat: the caller's own conversations with the safety assistant (no
		// buttons: anyone may read and delete their own)
		page("aichat_conversation", "助手对话", "/aichat/conversation", "message", "aichatConversation"),
		// aichat: the tenant's own documents (plans, procedures) the assistant
		// quotes; uploading and removing them is a tenant administrator's.
		withButtons(page("aichat_document", "助手文件库", "/aichat/document", "file", "aichatDocument"), "add:上传文件", "delete:删除"),
		page("job_ordinary", "一般作业", "/businessProcess/jobOrdinary/submit", "form", "jobOrdinary"),
		// Special-work permits (workticket): the list with its button codes, the
		// eight types' submit pages and the pre-job briefing.
		{Code: "ticket", Name: "作业票管理", Path: "/businessProcess/jobManagement/list", Source: "profile", I18n: "ticket", Category: 1, Children: []MenuTemplate{
			{Code: "ticket_add", Name: "新增", Category: 2}, {Code: "ticket_edit", Name: "修改", Category: 2},
			{Code: "ticket_delete", Name: "删除", Category: 2}, {Code: "ticket_view", Name: "查看", Category: 2},
			{Code: "ticket_export", Name: "导出", Category: 2}, {Code: "ticket_approve", Name: "审批", Category: 2},
			{Code: "ticket_operate", Name: "作业操作", Category: 2}, {Code: "ticket_accept", Name: "验收", Category: 2},
			{Code: "ticket_void", Name: "作废", Category: 2}, {Code: "ticket_revoke", Name: "撤销", Category: 2},
			{Code: "ticket_gas", Name: "气体分析", Category: 2}, {Code: "ticket_guardian", Name: "监护人变更", Category: 2},
			{Code: "ticket_briefing", Name: "安全交底", Category: 2}, {Code: "ticket_calendar", Name: "作业日历", Category: 2},
		}},
		page("job_hotWork", "动火作业", "/businessProcess/jobManagement/newJobManagement/hotWork/submit", "fire", "jobHotWork"),
		page("job_confinedSpaceWork", "受限空间作业", "/businessProcess/jobManagement/newJobManagement/confinedSpaceWork/submit", "form", "jobConfinedSpaceWork"),
		page("job_blindPlateWork", "盲板抽堵作业", "/businessProcess/jobManagement/newJobManagement/blindPlateWork/submit", "form", "jobBlindPlateWork"),
		page("job_altitudeWork", "高处作业", "/businessProcess/jobManagement/newJobManagement/altitudeWork/submit", "form", "jobAltitudeWork"),
		page("job_liftingWork", "吊装作业", "/businessProcess/jobManagement/newJobManagement/liftingWork/submit", "form", "jobLiftingWork"),
		page("job_temporaryPowerWork", "临时用电作业", "/businessProcess/jobManagement/newJobManagement/temporaryPowerWork/submit", "form", "jobTemporaryPowerWork"),
		page("job_breakGroundWork", "动土作业", "/businessProcess/jobManagement/newJobManagement/breakGroundWork/submit", "form", "jobBreakGroundWork"),
		page("job_openCircuitWork", "断路作业", "/businessProcess/jobManagement/newJobManagement/openCircuitWork/submit", "form", "jobOpenCircuitWork"),
		page("job_briefing", "作业安全交底", "/businessProcess/jobBriefing/detail", "solution", "jobBriefing"),
		// change: management of change; every role of the module reads it (the people
		// informed or trained confirm there), the safety manager holds its buttons.
		withButtons(page("change_request", "变更管理", "/change/request", "audit", "changeRequest", crudButtons...),
			"analyse:风险分析", "approve:审批", "implement:开车投用", "accept:验收", "pssr:开车前安全审查"),
		// records: organisation and responsibility, and safety systems (the spec's routes): controlled
		// documents with versions, publication and read confirmations; every role of the module reads
		// them and confirms what is published to it, the safety manager holds the buttons.
		withButtons(page("rec_enterprise", "安全管理机构", "/businessProcess/organResponsibility/enterpriseAdd", "apartment", "recEnterprise", crudButtons...), "publish:发布"),
		withButtons(page("rec_enterprise_check", "安全机构检查", "/businessProcess/organResponsibility/enterpriseCheckAdd", "audit", "recEnterpriseCheck", crudButtons...), "publish:发布"),
		withButtons(page("rec_duty_system", "安全生产责任制", "/businessProcess/organResponsibility/safetyDutySystemAdd", "solution", "recDutySystem", crudButtons...), "publish:发布"),
		withButtons(page("rec_enterprise_system", "安全管理制度", "/businessProcess/safetySystem/enterpriseSystemAdd", "book", "recEnterpriseSystem", crudButtons...), "publish:发布"),
		withButtons(page("rec_procedure", "安全操作规程", "/businessProcess/safetySystem/operationProcedureAdd", "profile", "recProcedure", crudButtons...), "publish:发布"),
	}},
	{Code: "monitoring", Name: "实时监测", Path: "/monitor", Source: "monitor", I18n: "monitoring", Category: 1, Children: []MenuTemplate{
		// monitor: live points and alarms, and the gateways, devices and points behind them.
		page("monitor_point", "监测点位", "/monitor/point", "dashboard", "monitorPoint", "add", "edit", "delete", "view"),
		withButtons(page("monitor_alarm", "报警管理", "/monitor/alarm", "alert", "monitorAlarm", "view", "ack"), "shelve:报警搁置"),
		// out-of-service holds, the alarm rule table and the alarm (flood) analysis.
		withButtons(page("monitor_hold", "点位停用", "/monitor/hold", "alert", "monitorHold"), "add:停用点位", "end:结束停用"),
		page("monitor_rule", "报警规则", "/monitor/rule", "setting", "monitorRule", "edit"),
		page("monitor_analysis", "报警泛滥分析", "/processAlarmOptimization/floodingAnalysisDetails", "dashboard", "monitorAnalysis"),
		// the online rate of points and devices, and the tenant's daily figure against 99.5 %.
		page("monitor_online", "在线率统计", "/monitor/online", "dashboard", "monitorOnline", "export"),
		page("monitor_device", "监测设备", "/monitor/device", "cluster", "monitorDevice", "add", "edit", "delete", "view"),
		page("monitor_gateway", "采集网关", "/monitor/gateway", "api", "monitorGateway", "add", "edit", "delete", "view", "secret"),
		// the two large screens (outside the layout): smart monitoring and smart control.
		page("monitor_screen", "智慧监测平台", "/largeSizeScreenMonitor/index", "dashboard", "monitorScreen"),
		page("monitor_control_screen", "智慧管控平台", "/riskMonitoring/index", "dashboard", "monitorControlScreen"),
	}},
	{Code: "video_surveillance", Name: "视频监控", Path: "/video", Source: "video", I18n: "videoSurveillance", Category: 1, Children: []MenuTemplate{
		// video: the camera wall, AI video alarms and their handling, and the cameras.
		page("video_wall", "视频监控", "/videoSurveillance", "video", "videoWall"),
		page("video_alarm", "AI视频报警", "/ai-video-alarm/list", "alert", "videoAlarm", "view", "handle", "push"),
		page("video_camera", "摄像头管理", "/video/camera", "camera", "videoCamera", "add", "edit", "delete", "view"),
		// video (h-videoscreen): the closed-management screen and the visual platform, full window outside the layout.
		page("video_closed", "企业封闭化管理", "/ai-video-alarm/index", "dashboard", "videoClosed"),
		page("video_visual", "可视化平台", "/visualization", "video", "videoVisual"),
		// video rules (issue 16): how long handled alarms' snapshots are kept.
		withButtons(page("video_rule", "视频规则", "/video/rule", "setting", "videoRule"), "edit:修改"),
	}},
	{Code: "equipment", Name: "设备", Path: "/companyBasic", Source: "equipment", I18n: "equipment", Category: 1, Children: []MenuTemplate{
		// equipment: the ledger with its overdue list, the maintenance and detection records, the detection rules.
		page("equipment_maintenance", "设备维护", "/companyBasic/production/equipmentMaintenance", "tool", "equipmentMaintenance", "add", "edit", "delete", "view"),
		page("equipment_record", "维护检测记录", "/companyBasic/production/detection", "profile", "equipmentRecord", "add", "delete", "view"),
		page("equipment_rule", "检测周期规则", "/companyBasic/production/detectionRule", "schedule", "equipmentRule", "add", "edit", "delete", "view"),
		// equipment flows: service (repair) orders, disable / recover / scrap with approval, lockout recovery (LOTO).
		withButtons(page("equipment_service", "设备维修", "/companyBasic/production/equipmentService", "tool", "equipmentService", "add", "delete", "view", "export"),
			"assign:派工", "repair:维修", "accept:验收"),
		withButtons(page("equipment_disabled", "设备停用", "/companyBasic/production/disabled", "danger", "equipmentDisabled", "add", "delete", "view", "export"), "approve:审批"),
		withButtons(page("equipment_recover", "设备恢复", "/companyBasic/production/recover", "control", "equipmentRecover", "add", "delete", "view", "export"), "approve:审批"),
		withButtons(page("equipment_scrap", "设备报废", "/companyBasic/production/scrap", "form", "equipmentScrap", "add", "delete", "view", "export"), "approve:审批"),
		withButtons(page("equipment_lockout", "停机上锁恢复", "/companyBasic/production/control", "key", "equipmentLockout", "add", "delete", "view", "export"),
			"verify:验证隔离点", "request:申请恢复", "approve:审批"),
	}},
	{Code: "system_settings", Name: "系统设置", Path: "/system", Source: "setting", I18n: "systemSettings", Category: 1, Children: []MenuTemplate{
		page("user", "用户管理", "/system/user", "user", "user", append(crudButtons, "reset", "role", "unlock", "audit")...),
		page("role", "角色管理", "/system/role", "team", "role", "add", "edit", "delete", "view", "grant"),
		page("dept", "部门管理", "/system/dept", "apartment", "dept", crudButtons...),
		page("post", "岗位管理", "/system/post", "idcard", "post", crudButtons...),
		page("menu", "菜单管理", "/system/menu", "menu", "menu", "add", "edit", "delete", "view"),
		page("dict", "字典管理", "/system/dict", "book", "dict", "add", "edit", "delete", "view"),
		page("param", "参数管理", "/system/param", "control", "param", crudButtons...),
		// blade-flow: the approval chains per process key.
		page("flow_model", "流程配置", "/system/flowModel", "apartment", "flowModel", "add", "edit", "delete", "view"),
		// base-factory: the enterprise record, risk partitions and 3D map settings.
		page("factory", "企业信息", "/system/factory", "equipment", "factory", "edit", "delete", "view"),
		page("risk_partition", "风险分区", "/system/riskPartition", "location", "riskPartition", crudButtons...),
		{Code: "map_setting", Name: "地图设置", Path: "/system/mapSetting", Source: "setting", I18n: "mapSetting", Category: 1, Children: []MenuTemplate{
			{Code: "map_setting_edit", Name: "修改", Category: 2}, {Code: "weather_station_submit", Name: "气象站数据上报", Category: 2},
		}},
		page("menuTenantConfig", "租户菜单配置", "/system/menuTenantConfig", "appstore", "menuTenantConfig", "add", "edit", "delete", "view"),
		page("label", "标签管理", "/system/label", "tag", "label", "add", "edit", "delete", "view"),
		page("social", "第三方登录", "/system/social", "api", "social", "add", "edit", "delete", "view"),
		// aichat: keys a tenant admin issues to a user for the assistant's
		// OpenAI-compatible endpoint (blade-auth keeps them hashed).
		withButtons(page("api_key", "API 密钥", "/system/apiKey", "key", "apiKey"), "add:签发密钥", "delete:吊销"),
		// every service's audit log of writes (kit/db.AuditLog), for the tenant's administrators.
		page("audit_log", "操作审计", "/system/auditLog", "inspection", "auditLog", "export"),
		withPlatform(page("tenant", "租户管理", "/system/tenant", "bank", "tenant", crudButtons...)),
		withPlatform(page("client", "应用管理", "/system/client", "safety", "client", crudButtons...)),
	}},
}

func withPlatform(m MenuTemplate) MenuTemplate { m.PlatformOnly = true; return m }

// withButtons adds buttons given as "suffix:label" to a page.
func withButtons(m MenuTemplate, buttons ...string) MenuTemplate {
	for _, b := range buttons {
		code, label, _ := strings.Cut(b, ":")
		m.Children = append(m.Children, MenuTemplate{Code: m.Code + "_" + code, Name: label, Category: 2})
	}
	return m
}

// DemoButtons: the buttons a demo role holds besides reading its modules (the
// safety manager holds every button of its modules). People report hazards,
// rectify what they are liable for and inspect; directors also approve
// permits; operators apply for and run permits.
var DemoButtons = map[string][]string{
	"workshop_director": {"hidden_danger_list_add", "hidden_danger_list_view", "hidden_danger_list_rectify", "check_task_view", "check_task_check", "check_record_view",
		"ticket_view", "ticket_add", "ticket_edit", "ticket_approve", "ticket_operate", "ticket_gas", "ticket_briefing", "ticket_guardian",
		"monitor_point_view", "monitor_alarm_view", "monitor_alarm_ack", "positioning_alarm_handle",
		"equipment_maintenance_view", "equipment_record_view", "equipment_record_add",
		"equipment_service_view", "equipment_service_add", "equipment_service_repair", "equipment_service_accept",
		"equipment_disabled_view", "equipment_disabled_add", "equipment_recover_view", "equipment_recover_add", "equipment_scrap_view", "equipment_scrap_add",
		"equipment_lockout_view", "equipment_lockout_add", "equipment_lockout_verify", "equipment_lockout_request",
		"emergency_drill_add", "emergency_drill_edit", "emergency_supply_check",
		"video_alarm_view", "video_alarm_handle", "video_camera_view",
		"inspection_task_view", "inspection_task_check", "inspection_record_view",
		"accident_near_miss_add"},
	"operator": {"hidden_danger_list_add", "hidden_danger_list_view", "hidden_danger_list_rectify", "check_task_view", "check_task_check", "check_record_view",
		"ticket_view", "ticket_add", "ticket_edit", "ticket_operate", "ticket_gas", "ticket_briefing",
		"inspection_task_view", "inspection_task_check"},
	"contractor": {"ticket_view", "ticket_operate", "ticket_briefing"},
}

// DemoGrants: which module codes each demo role may see (the administrator sees everything).
var DemoGrants = map[string][]string{
	"safety_manager":    {"safety_risk", "hidden_danger", "safety_education", "dangerous_source", "emergency", "occupational_health", "intelligent_inspection", "personnel_vehicle", "on_duty", "business_process", "equipment", "monitoring", "education_admin", "contractor_mgmt", "video_surveillance"},
	"workshop_director": {"safety_risk", "hidden_danger", "safety_education", "intelligent_inspection", "on_duty", "business_process", "equipment", "monitoring", "emergency", "video_surveillance"},
	"operator":          {"hidden_danger", "safety_education", "business_process", "intelligent_inspection"},
	"contractor":        {"safety_education", "business_process"},
}
