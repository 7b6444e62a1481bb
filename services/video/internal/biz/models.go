// Package biz holds video's rules: cameras of the tenant's video platform,
// AI video alarms with their dedupe window and handling, and the signed
// stream tokens of live video. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Platforms a camera may be on.
var Platforms = map[string]string{"simulator": "内置模拟", "icc": "大华ICC", "wvp": "WVP-GB28181"}

// CameraTypes: 1 normal (枪机), 2 tracking ball (球机).
var CameraTypes = map[int32]string{1: "枪机", 2: "球机"}

// AlarmTypes are the AI algorithms' alarm types.
var AlarmTypes = map[string]string{
	"helmet":    "未戴安全帽",
	"smoking":   "吸烟",
	"intrusion": "区域入侵",
	"fire":      "烟火",
	"phone":     "打电话",
	"vest":      "未穿反光衣",
	"sleep":     "离岗睡岗",
}

// Handle states of an alarm.
const (
	Unhandled  int32 = 0
	Confirmed  int32 = 1
	FalseAlarm int32 = 2
	Closed     int32 = 3
)

// HandleNames name the states.
var HandleNames = map[int32]string{Unhandled: "未处理", Confirmed: "已确认", FalseAlarm: "误报", Closed: "已关闭"}

// Camera is a channel of the tenant's video platform.
type Camera struct {
	db.Base
	Name              string `gorm:"size:100;not null"`
	ChannelCode       string `gorm:"size:64;not null"`
	Platform          string `gorm:"size:20;not null"`
	CameraType        int32  `gorm:"not null;default:1"`
	AreaID            int64  `gorm:"not null;default:0"`
	Location          string `gorm:"size:200;not null;default:''"`
	ResponsibleUserID int64  `gorm:"not null;default:0"`
	Remark            string `gorm:"size:500;not null;default:''"`
	// MapX and MapY place the camera on the plant map, in the local metres
	// (east, north of the map settings' modelPoint) positioning reports people
	// in; nil = not placed (the 3D map leaves the camera out).
	MapX *float64
	MapY *float64
}

func (Camera) TableName() string { return "video_camera" }

// Alarm is an AI video alarm; a burst of one camera and type within the
// dedupe window is one alarm (RepeatCount, LastTime).
type Alarm struct {
	db.Base
	CameraID       int64     `gorm:"not null"`
	CameraName     string    `gorm:"size:100;not null;default:''"`
	ChannelCode    string    `gorm:"size:64;not null;default:''"`
	AreaID         int64     `gorm:"not null;default:0"`
	AlarmType      string    `gorm:"size:20;not null"`
	Confidence     float64   `gorm:"not null;default:0"`
	AlarmTime      time.Time `gorm:"not null"`
	LastTime       time.Time `gorm:"not null"`
	RepeatCount    int32     `gorm:"not null;default:1"`
	Source         string    `gorm:"size:20;not null"`
	Snapshot       string    `gorm:"size:500;not null;default:''"`
	HandleStatus   int32     `gorm:"not null;default:0"`
	HandleRemark   string    `gorm:"size:500;not null;default:''"`
	HandleUser     int64     `gorm:"not null;default:0"`
	HandleUserName string    `gorm:"size:100;not null;default:''"`
	HandleTime     *time.Time
	HazardRaised   bool `gorm:"not null;default:false"`
	// SnapshotExpired: the retention sweep deleted the stored snapshot
	// (Snapshot is then ''), so the page says so instead of showing nothing.
	SnapshotExpired bool `gorm:"not null;default:false"`
}

func (Alarm) TableName() string { return "video_alarm" }

// Models are the tables of video.
func Models() []any { return []any{&Camera{}, &Alarm{}, &Rule{}} }
