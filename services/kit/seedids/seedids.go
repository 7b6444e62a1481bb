// Package seedids fixes the ids of seeded rows that more than one service
// refers to (roles and departments the user seed assigns), so each service
// seeds its own database without calling the others at start-up. Only the
// first-start seeds and tests use them; a tenant created later gets fresh
// ids (the platform tenant's code is ident.PlatformTenant).
package seedids

// DemoTenant is the demo company seeded on first start.
const DemoTenant = "100001"

// Platform tenant.
const (
	PlatformAdminRole = int64(1123598816738675201)
	PlatformRootDept  = int64(1123598813738675201)
	PlatformAdminUser = int64(1123598821738675201)
)

// Demo tenant: a chemical company.
const (
	DemoAdminRole      = int64(1000010000000000101)
	DemoSafetyRole     = int64(1000010000000000102) // 安全管理员
	DemoWorkshopRole   = int64(1000010000000000103) // 车间主任
	DemoOperatorRole   = int64(1000010000000000104) // 作业人员
	DemoContractorRole = int64(1000010000000000105) // 承包商

	DemoRootDept       = int64(1000010000000000201) // company
	DemoSafetyDept     = int64(1000010000000000202) // 安全环保部
	DemoProductionDept = int64(1000010000000000203) // 生产运行部
	DemoWorkshop1Dept  = int64(1000010000000000204) // 合成车间
	DemoWorkshop2Dept  = int64(1000010000000000205) // 罐区
	DemoEquipmentDept  = int64(1000010000000000206) // 设备管理部
	DemoContractorDept = int64(1000010000000000207) // 承包商队伍

	DemoSafetyPost   = int64(1000010000000000301) // 安全工程师
	DemoDirectorPost = int64(1000010000000000302) // 车间主任
	DemoOperatorPost = int64(1000010000000000303) // 操作工
	DemoWelderPost   = int64(1000010000000000304) // 焊工

	DemoAdminUser = int64(1000010000000000401)
	// The demo's people, fixed so the seeded permits can name them (their
	// operators and guardians are who may run them).
	DemoSafetyUser      = int64(1000010000000000402) // safety, 李安全
	DemoDirectorUser    = int64(1000010000000000403) // director, 张主任
	DemoOperator1User   = int64(1000010000000000404) // operator1, 王操作
	DemoOperator2User   = int64(1000010000000000405) // operator2, 赵操作
	DemoWelderUser      = int64(1000010000000000406) // welder, 孙焊工
	DemoContractor1User = int64(1000010000000000407) // contractor1, 周承包
)

// Demo tenant's risk partitions (base-factory seeds them; prevention and
// work tickets may refer to them).
const (
	DemoAreaTank       = int64(1000010000000000601) // 甲类储罐区 (tank, red)
	DemoAreaSynthesis  = int64(1000010000000000602) // 合成装置区 (production, orange)
	DemoAreaHazWarehse = int64(1000010000000000603) // 危化品仓库 (storage, orange)
	DemoAreaProducts   = int64(1000010000000000604) // 成品仓库 (storage, yellow)
	DemoAreaUtilities  = int64(1000010000000000605) // 公用工程区 (production, blue)
)
