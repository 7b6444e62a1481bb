package biz

// Codes of the double-prevention enumerations. The same codes are seeded as
// dictionaries (blade-system dicts.json, prevention_*), which the web reads;
// the server validates against these tables so a submit never depends on a
// call to blade-system.

// Risk levels (spec 3.1 risk levels 1-4 and colours).
const (
	LevelMajor   int32 = 1 // 重大风险, red
	LevelLarger  int32 = 2 // 较大风险, orange
	LevelGeneral int32 = 3 // 一般风险, yellow
	LevelLow     int32 = 4 // 低风险, blue
)

// LevelNames and LevelColours by level; 0 (no assessed event yet) is
// transparent.
var (
	LevelNames   = map[int32]string{1: "重大风险", 2: "较大风险", 3: "一般风险", 4: "低风险"}
	LevelColours = map[int32]string{0: "transparent", 1: "red", 2: "orange", 3: "yellow", 4: "blue"}
	RiskClasses  = map[int32]string{1: "重大", 2: "较大", 3: "一般", 4: "低"}
)

// Colour of a level.
func Colour(level int32) string {
	if c, ok := LevelColours[level]; ok {
		return c
	}
	return "transparent"
}

// Unit operation states.
var OperationStates = map[int32]string{1: "运行", 2: "停用"}

// Control levels 0-5 (spec 3.1 管控层级; the control_level dictionary).
var ControlLevels = map[int32]string{0: "集团级", 1: "公司级", 2: "部门级", 3: "车间级", 4: "班组级", 5: "岗位级"}

// Measure 管控方式 and classifications (national data standard).
var (
	DataSources = map[int32]string{1: "自动化监控", 2: "隐患排查"}
	Classify1   = map[int32]string{1: "工程技术", 2: "维护保养", 3: "操作行为", 4: "应急措施"}
	Classify2   = map[string]string{
		"1-1": "工艺控制", "1-2": "关键设备/部件", "1-3": "安全附件", "1-4": "安全仪表", "1-5": "其他",
		"2-1": "动设备", "2-2": "静设备", "2-5": "其他",
		"3-1": "人员资质", "3-2": "操作记录", "3-3": "交接班", "3-5": "其他",
		"4-1": "应急设施", "4-2": "个体防护", "4-3": "消防设施", "4-4": "应急预案", "4-5": "其他",
	}
)

// Cycle units of plans (national standard CHECK_CYCLE_UNIT text by code).
const (
	CycleHour  int32 = 1
	CycleDay   int32 = 2
	CycleMonth int32 = 3
	CycleYear  int32 = 4
)

var CycleUnits = map[int32]string{1: "小时", 2: "天", 3: "月", 4: "年"}

// Duty types of a plan: who inspects.
const (
	DutyDept   int32 = 0
	DutyPost   int32 = 1
	DutyPerson int32 = 2
)

var DutyTypes = map[int32]string{0: "部门", 1: "岗位", 2: "人员"}

// Inspection task states (spec 3.1 inspection status 1-6).
const (
	TaskPending      int32 = 1 // 待排查
	TaskDone         int32 = 2 // 已排查
	TaskOverdue      int32 = 3 // 超期未排查
	TaskOverdueDone  int32 = 4 // 超期已排查
	TaskMissed       int32 = 5 // 漏检未补检
	TaskMissedMadeUp int32 = 6 // 漏检已补检
)

var TaskStates = map[int32]string{1: "待排查", 2: "已排查", 3: "超期未排查", 4: "超期已排查", 5: "漏检未补检", 6: "漏检已补检"}

// Record results (CHECK_STATUS).
const (
	CheckNormal  int32 = 0
	CheckHazard  int32 = 1
	CheckNotDone int32 = 2
	CheckOther   int32 = 3
)

var CheckStatuses = map[int32]string{0: "正常", 1: "存在隐患", 2: "未排查", 3: "其他"}

// Hazard codes (national standard: dangerLevel, dangerSrc, dangerManageType,
// hazardDangerType, dangerState).
var (
	DangerLevels      = map[int32]string{0: "一般隐患", 1: "重大隐患"}
	DangerSources     = map[int32]string{1: "日常排查", 2: "综合性排查", 3: "专业性排查", 4: "季节性排查", 5: "节假日前排查", 6: "事故类比排查", 7: "复产复工前排查", 8: "外聘专家诊断", 9: "管控措施失效", 10: "其他"}
	ManageTypes       = map[int32]string{0: "即查即改", 1: "限期整改"}
	HazardDangerTypes = map[int32]string{1: "安全", 2: "工艺", 3: "电气", 4: "仪表", 5: "消防", 6: "总图", 7: "设备", 8: "其他"}
)

const (
	DangerMajor int32 = 1
	ManageNow   int32 = 0 // 即查即改
	ManageLater int32 = 1 // 限期整改
	SrcDaily    int32 = 1
)

// Hazard states. 0, 1 and 9 are the national standard's dangerState; 10
// (reported, waiting for assessment) and 8 (voided at assessment) are ours.
const (
	HazardRectifying int32 = 0  // 整改中
	HazardToAccept   int32 = 1  // 待验收
	HazardVoided     int32 = 8  // 已作废
	HazardAccepted   int32 = 9  // 已验收
	HazardReported   int32 = 10 // 待评估
)

var HazardStates = map[int32]string{10: "待评估", 0: "整改中", 1: "待验收", 9: "已验收", 8: "已作废"}

// HazardStateOrder is the display order of the states on the boards.
var HazardStateOrder = []int32{HazardReported, HazardRectifying, HazardToAccept, HazardAccepted, HazardVoided}

// OpenHazardStates are the states of a hazard not yet closed.
var OpenHazardStates = []int32{HazardReported, HazardRectifying, HazardToAccept}
