package biz

// The menu template every tenant is provisioned with: the modules of spec 1
// (top level, with a code that picks the icon and isUsed 2 = enabled), their
// pages, and the buttons of the system pages.

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
	labels := map[string]string{"add": "新增", "edit": "修改", "delete": "删除", "view": "查看", "export": "导出", "reset": "重置密码", "role": "角色配置", "unlock": "账号解封", "audit": "注册审核", "grant": "权限设置"}
	for _, b := range buttons {
		m.Children = append(m.Children, MenuTemplate{Code: code + "_" + b, Name: labels[b], Category: 2})
	}
	return m
}

var crudButtons = []string{"add", "edit", "delete", "view", "export"}

// Template is the module tree.
var Template = []MenuTemplate{
	{Code: "safety_risk", Name: "安全风险", Path: "/safetyRisk", Source: "safety", I18n: "safetyRisk", Category: 1, Children: []MenuTemplate{
		page("risk_unit", "风险辨识", "/safetyRisk/identification/riskUnitItem", "risk", "riskUnit"),
	}},
	{Code: "hidden_danger", Name: "隐患排查", Path: "/hiddenDanger", Source: "danger", I18n: "hiddenDanger", Category: 1, Children: []MenuTemplate{
		page("hidden_danger_list", "隐患排查治理", "/hiddenDanger/index", "danger", "hiddenDangerList"),
	}},
	{Code: "safety_education", Name: "安全教育", Path: "/safetyEducation", Source: "education", I18n: "safetyEducation", Category: 1, Children: []MenuTemplate{
		page("training_planning", "培训计划", "/safetyEducation/trainingPlanning", "plan", "trainingPlanning"),
		page("my_training", "我的培训", "/safetyEducation/myTraining", "study", "myTraining"),
	}},
	{Code: "dangerous_source", Name: "危险源", Path: "/dangerousSources", Source: "hazard", I18n: "dangerousSource", Category: 1, Children: []MenuTemplate{
		page("dangerous_source_form", "危险源管理", "/dangerousSources/tabForm", "hazard", "dangerousSourceForm"),
	}},
	{Code: "emergency", Name: "应急管理", Path: "/emergency", Source: "emergency", I18n: "emergency", Category: 1, Children: []MenuTemplate{
		page("emergency_plan", "应急预案", "/emergency/plan", "plan", "emergencyPlan"),
	}},
	{Code: "intelligent_inspection", Name: "智能巡检", Path: "/intelligentInspectionNew", Source: "inspection", I18n: "intelligentInspection", Category: 1, Children: []MenuTemplate{
		page("inspection_equipment", "设备管理", "/intelligentInspectionNew/equipmentManagement/equipmentMaintenance", "tool", "inspectionEquipment"),
	}},
	{Code: "personnel_vehicle", Name: "人员车辆", Path: "/personnel", Source: "people", I18n: "personnelVehicle", Category: 1, Children: []MenuTemplate{
		page("personnel_positioning", "人员定位", "/personnel/positioning", "location", "personnelPositioning"),
	}},
	{Code: "on_duty", Name: "值班值守", Path: "/onDuty", Source: "duty", I18n: "onDuty", Category: 1, Children: []MenuTemplate{
		page("duty_schedule", "值班安排", "/onDuty/schedule", "calendar", "dutySchedule"),
	}},
	{Code: "business_process", Name: "业务流程", Path: "/businessProcess", Source: "process", I18n: "businessProcess", Category: 1, Children: []MenuTemplate{
		page("notice", "通知公告", "/businessProcess/noticeAnnouncement/index", "notification", "notice", "add", "edit", "delete", "view"),
		page("job_ordinary", "一般作业", "/businessProcess/jobOrdinary/submit", "form", "jobOrdinary"),
	}},
	{Code: "equipment", Name: "设备", Path: "/companyBasic", Source: "equipment", I18n: "equipment", Category: 1, Children: []MenuTemplate{
		page("equipment_maintenance", "设备维护", "/companyBasic/production/equipmentMaintenance", "tool", "equipmentMaintenance"),
	}},
	{Code: "system_settings", Name: "系统设置", Path: "/system", Source: "setting", I18n: "systemSettings", Category: 1, Children: []MenuTemplate{
		page("user", "用户管理", "/system/user", "user", "user", append(crudButtons, "reset", "role", "unlock", "audit")...),
		page("role", "角色管理", "/system/role", "team", "role", "add", "edit", "delete", "view", "grant"),
		page("dept", "部门管理", "/system/dept", "apartment", "dept", crudButtons...),
		page("post", "岗位管理", "/system/post", "idcard", "post", crudButtons...),
		page("menu", "菜单管理", "/system/menu", "menu", "menu", "add", "edit", "delete", "view"),
		page("dict", "字典管理", "/system/dict", "book", "dict", "add", "edit", "delete", "view"),
		page("param", "参数管理", "/system/param", "control", "param", crudButtons...),
		page("menuTenantConfig", "租户菜单配置", "/system/menuTenantConfig", "appstore", "menuTenantConfig", "add", "edit", "delete", "view"),
		page("label", "标签管理", "/system/label", "tag", "label", "add", "edit", "delete", "view"),
		page("social", "第三方登录", "/system/social", "api", "social", "add", "edit", "delete", "view"),
		withPlatform(page("tenant", "租户管理", "/system/tenant", "bank", "tenant", crudButtons...)),
		withPlatform(page("client", "应用管理", "/system/client", "safety", "client", crudButtons...)),
	}},
}

func withPlatform(m MenuTemplate) MenuTemplate { m.PlatformOnly = true; return m }

// DemoGrants: which module codes each demo role may see (the administrator sees everything).
var DemoGrants = map[string][]string{
	"safety_manager":    {"safety_risk", "hidden_danger", "safety_education", "dangerous_source", "emergency", "intelligent_inspection", "personnel_vehicle", "on_duty", "business_process", "equipment"},
	"workshop_director": {"safety_risk", "hidden_danger", "safety_education", "intelligent_inspection", "on_duty", "business_process", "equipment"},
	"operator":          {"hidden_danger", "safety_education", "business_process"},
	"contractor":        {"safety_education", "business_process"},
}
