package biz

// Work types (permit type codes, shared with blade-user's guardian and
// certificate checks).
const (
	HotWork            = "hotWork"
	ConfinedSpaceWork  = "confinedSpaceWork"
	BlindPlateWork     = "blindPlateWork"
	AltitudeWork       = "altitudeWork"
	LiftingWork        = "liftingWork"
	TemporaryPowerWork = "temporaryPowerWork"
	BreakGroundWork    = "breakGroundWork"
	OpenCircuitWork    = "openCircuitWork"
	OrdinaryWork       = "ordinary"
)

// WorkTypeInfo is what the code needs to know of one permit type.
type WorkTypeInfo struct {
	Code, Name string
	// Prefix of its permit numbers (DH-20261121-0001).
	Prefix string
	// Certificate kind every operator must hold (blade-user dictionary), "" none.
	Certificate string
	// Gas analysis before work and before resuming.
	NeedsGas bool
}

// WorkTypes in display order.
var WorkTypes = []WorkTypeInfo{
	{HotWork, "动火作业", "DH", "welding", true},
	{ConfinedSpaceWork, "受限空间作业", "SX", "", true},
	{BlindPlateWork, "盲板抽堵作业", "MB", "", false},
	{AltitudeWork, "高处作业", "GC", "height", false},
	{LiftingWork, "吊装作业", "DZ", "lifting", false},
	{TemporaryPowerWork, "临时用电作业", "LD", "electrician", false},
	{BreakGroundWork, "动土作业", "DT", "", false},
	{OpenCircuitWork, "断路作业", "DL", "", false},
	{OrdinaryWork, "一般作业", "PT", "", false},
}

// TypeInfo finds a work type; ok is false for an unknown code.
func TypeInfo(code string) (WorkTypeInfo, bool) {
	for _, t := range WorkTypes {
		if t.Code == code {
			return t, true
		}
	}
	return WorkTypeInfo{}, false
}

// WorkTypeName is the Chinese name of a work type ("" when unknown).
func WorkTypeName(code string) string { t, _ := TypeInfo(code); return t.Name }

// Hot-work levels (GB 30871-2022 5.1): the smaller, the more dangerous.
const (
	FireSpecial int32 = 0 // 特级
	FireFirst   int32 = 1 // 一级
	FireSecond  int32 = 2 // 二级
)

// LevelName is the display name of a type's level.
func LevelName(workType string, level int32) string {
	switch workType {
	case HotWork:
		switch level {
		case FireSpecial:
			return "特级"
		case FireFirst:
			return "一级"
		case FireSecond:
			return "二级"
		}
	case AltitudeWork, LiftingWork:
		if n := []string{"", "一级", "二级", "三级", "四级"}; level >= 1 && int(level) < len(n) {
			return n[level]
		}
	}
	return ""
}

// Permit statuses (spec 3.1).
const (
	TicketUnissued int32 = 0
	TicketIssued   int32 = 1
	TicketAccepted int32 = 3
	TicketVoided   int32 = 4
	TicketRevoked  int32 = 5
)

// Job statuses (spec 3.1).
const (
	JobToStart    int32 = 1
	JobInProgress int32 = 2
	JobCompleted  int32 = 3
)

// Work phases (spec 3.1).
const (
	PhaseBefore int32 = 1
	PhaseDuring int32 = 2
	PhaseAfter  int32 = 3
)

// Approval states mirrored from blade-flow (-1: not applied yet).
const (
	FlowNone      int32 = -1
	FlowRunning   int32 = 0
	FlowComplete  int32 = 1
	FlowRejected  int32 = 2
	FlowCancelled int32 = 3
)

// Gas types (spec 3.1 gas type) and sample kinds.
const (
	GasCombustible int32 = 1
	GasToxic       int32 = 2
	GasOxygen      int32 = 3

	SampleBefore  int32 = 1 // 作业前 / 恢复作业前分析
	SampleMonitor int32 = 2 // 连续监测
)

// Calendar day types.
const (
	DayWorking int32 = 1
	DayRest    int32 = 2
)

// Blind plate types.
const (
	PlateInsert int32 = 1
	PlateRemove int32 = 2
)

// Option is a code and its name.
type Option struct{ Code, Name string }

// HazardCodes are the hazard identification codes 01-20: the GB 6441-1986
// accident categories in that standard's order, as the system dictionary
// hazard_identification holds them (spec 3.1 names the first ten in another order).
var HazardCodes = []Option{
	{"01", "物体打击"}, {"02", "车辆伤害"}, {"03", "机械伤害"}, {"04", "起重伤害"}, {"05", "触电"},
	{"06", "淹溺"}, {"07", "灼烫"}, {"08", "火灾"}, {"09", "高处坠落"}, {"10", "坍塌"},
	{"11", "冒顶片帮"}, {"12", "透水"}, {"13", "放炮"}, {"14", "火药爆炸"}, {"15", "瓦斯爆炸"},
	{"16", "锅炉爆炸"}, {"17", "容器爆炸"}, {"18", "其他爆炸"}, {"19", "中毒和窒息"}, {"20", "其他伤害"},
}

// HotWorkTools (spec 3.1).
var HotWorkTools = []Option{
	{"weld", "电焊"}, {"gasCut", "气割"}, {"torch", "喷灯"}, {"drill", "电钻"}, {"grind", "砂轮"}, {"other", "其他"},
}

var (
	TicketStatuses  = []Option{{"0", "未签发"}, {"1", "已签发"}, {"3", "已验收"}, {"4", "已作废"}, {"5", "已撤销"}}
	JobStatuses     = []Option{{"1", "待开始"}, {"2", "作业中"}, {"3", "已完成"}}
	WorkPhases      = []Option{{"1", "作业前"}, {"2", "作业中"}, {"3", "作业后"}}
	BlindPlateTypes = []Option{{"1", "堵盲板"}, {"2", "抽盲板"}}
	GasTypes        = []Option{{"1", "可燃气体"}, {"2", "有毒气体"}, {"3", "氧气"}}
	// FlowStatuses name a permit's approval state (flowStatus).
	FlowStatuses = []Option{{"-1", "未提交审批"}, {"0", "审批中"}, {"1", "审批完成"}, {"2", "已驳回"}, {"3", "已取消"}}
)

// OptionName finds a code's name in a list.
func OptionName(list []Option, code string) string {
	for _, o := range list {
		if o.Code == code {
			return o.Name
		}
	}
	return ""
}

// MeasureTemplates are the default safety-measure checklists of each type
// (abridged from GB 30871-2022 Appendix A; the form may edit them).
var MeasureTemplates = map[string][]string{
	HotWork: {
		"动火设备内部构件清洗干净,蒸汽吹扫或水洗、置换合格,达到动火条件",
		"与动火设备相连接的所有管线已断开,加盲板,未采取水封或仅关闭阀门代替盲板",
		"动火点周围及附近的孔洞、窨井、地沟、水封设施、污水井等已清除易燃物,并已采取覆盖、铺沙等手段进行隔离",
		"距动火点15m内无易燃物,30m内无可燃气体排放",
		"乙炔气瓶直立放置,已采取防倾倒措施;乙炔气瓶与氧气瓶间距不小于5m,二者与动火点间距不小于10m",
		"现场配备灭火器、灭火毯、消防蒸汽带或消防水带等消防器材",
		"电焊机所处位置已考虑防火防爆要求,且已可靠接地",
		"五级风以上(含五级)天气,禁止露天动火作业",
		"监护人已到位",
	},
	ConfinedSpaceWork: {
		"受限空间与其他系统连通的可能危及安全作业的管道采取有效隔断措施(盲板或拆除一段管道)",
		"受限空间内部已清洗、置换,氧含量、可燃及有毒气体检测合格",
		"作业前30min内进行气体检测,作业期间连续检测",
		"设置通风设施,必要时采取强制通风,严禁用纯氧通风",
		"照明电压不大于36V,潮湿容器、狭小容器内不大于12V",
		"出入口保持畅通,设置警示标志,配备应急救援器材",
		"作业人员佩戴安全防护用品,与监护人约定联络信号",
		"监护人已到位",
	},
	BlindPlateWork: {
		"在有毒介质的管道、设备上作业时,作业人员佩戴合适的个体防护用品",
		"火灾爆炸危险场所使用防爆工具,穿防静电工作服和工作鞋",
		"作业点压力降为常压,温度适宜作业",
		"在管道、设备上做好盲板标识,盲板位置图已确认",
		"监护人已到位",
	},
	AltitudeWork: {
		"作业人员身体条件符合要求,着装符合作业要求",
		"作业人员佩戴安全带,安全带高挂低用,系挂在牢固处",
		"脚手架、操作平台、梯子等经检查合格",
		"作业现场四周设警戒区,下方无人员通行",
		"30m以上高处作业配备通讯、联络工具",
		"监护人已到位",
	},
	LiftingWork: {
		"吊装质量大于等于100t已编制吊装作业方案并经审批",
		"吊装设备、索具、吊具经检查完好",
		"吊装区域设置警戒线,无关人员不得进入",
		"指挥信号已确认,司索人员、指挥人员持证上岗",
		"六级风以上(含六级)、雷雨、大雾等恶劣天气停止吊装",
		"监护人已到位",
	},
	TemporaryPowerWork: {
		"安装临时线路人员持有电工作业操作证",
		"在防爆场所使用的临时电源、电气元件和线路达到相应的防爆等级",
		"临时用电线路架空高度满足要求,穿越道路时采取保护措施",
		"临时用电设施安装漏电保护器,移动工具、手持工具一机一闸一保护",
		"监护人已到位",
	},
	BreakGroundWork: {
		"地下电力电缆、通信电缆、管道等已确认并作标识",
		"作业现场围栏、警戒线、警告牌、夜间警示灯已设置",
		"已备有可能需要的消防、应急器材",
		"挖掘深度超过1.2m时已采取防坍塌措施",
		"监护人已到位",
	},
	OpenCircuitWork: {
		"交通组织方案已制定并通知相关部门",
		"断路地段两端及周围设置交通警示标志、路障,夜间设置警示灯",
		"已告知消防、救护等相关单位绕行路线",
		"监护人已到位",
	},
	OrdinaryWork: {
		"作业人员已接受安全交底",
		"作业人员正确佩戴个体防护用品",
		"监护人已到位",
	},
}
