package biz

// The park platform's alarm codes (化工园区安全风险智能化管控平台 uploader,
// research/monitoring.md section 4: github chenqi92/jt-wwyt BjlxEnum):
// 1 超员, 2 脱岗, 3 串岗, 4 长时间静止, 5 一键求救, 6 人证不符.
const (
	ParkOvercrowd    int32 = 1
	ParkAbsent       int32 = 2
	ParkWrongZone    int32 = 3
	ParkStill        int32 = 4
	ParkSOS          int32 = 5
	ParkCertMismatch int32 = 6
)

// AlarmCertMismatch is our code of 人证不符 (a person in a permit's work
// area who is not on it, permit.go): the same as the park's.
const AlarmCertMismatch int32 = 6

// parkCodes is the mapping both ways, one row per pair. Our 9 低电量,
// 11 人员聚集 and 12 离线 have no park code: they stay in the system.
var parkCodes = []struct{ Ours, Park int32 }{
	{AlarmOvercrowd, ParkOvercrowd},
	{AlarmAbsent, ParkAbsent},
	{AlarmWrongZone, ParkWrongZone},
	{AlarmStill, ParkStill},
	{AlarmSOS, ParkSOS},
	{AlarmCertMismatch, ParkCertMismatch},
}

// ParkCode is the park platform's code of one of our alarm types (0: the
// park has none; the alarm is not reported there).
func ParkCode(ours int32) int32 {
	for _, p := range parkCodes {
		if p.Ours == ours {
			return p.Park
		}
	}
	return 0
}

// FromParkCode is our alarm type of a park platform code (0: unknown).
func FromParkCode(park int32) int32 {
	for _, p := range parkCodes {
		if p.Park == park {
			return p.Ours
		}
	}
	return 0
}
