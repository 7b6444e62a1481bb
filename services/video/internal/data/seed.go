package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
	"anquan/video/internal/biz"
)

// Seed gives the demo tenant cameras of the built-in simulator on its risk
// partitions and a few alarms on first start (an existing camera means it
// ran).
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Camera{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		// f is a map coordinate: local metres of positioning's demo zones (甲类储罐区 20-140 x 20-100,
		// 合成装置区 180-320 x 20-120, 危化品仓库 20-120 x 140-220).
		f := func(v float64) *float64 { return &v }
		tank, synth, store := seedids.DemoAreaTank, seedids.DemoAreaSynthesis, seedids.DemoAreaHazWarehse
		cams := []*biz.Camera{
			{Name: "罐区东侧枪机", ChannelCode: "SIM-TANK-01", Platform: "simulator", CameraType: 1, AreaID: tank, Location: "甲类储罐区东侧围堰", ResponsibleUserID: seedids.DemoDirectorUser, MapX: f(142), MapY: f(60)},
			{Name: "罐区全景球机", ChannelCode: "SIM-TANK-02", Platform: "simulator", CameraType: 2, AreaID: tank, Location: "甲类储罐区中央灯杆", ResponsibleUserID: seedids.DemoDirectorUser, MapX: f(80), MapY: f(60)},
			{Name: "合成装置区入口", ChannelCode: "SIM-SYN-01", Platform: "simulator", CameraType: 1, AreaID: synth, Location: "合成装置区北门", ResponsibleUserID: seedids.DemoSafetyUser, MapX: f(250), MapY: f(120)},
			{Name: "反应釜操作平台", ChannelCode: "SIM-SYN-02", Platform: "simulator", CameraType: 1, AreaID: synth, Location: "R-201 二层平台", ResponsibleUserID: seedids.DemoSafetyUser, MapX: f(260), MapY: f(70)},
			{Name: "危化品仓库门口", ChannelCode: "SIM-WH-01", Platform: "simulator", CameraType: 1, AreaID: store, Location: "危化品仓库 1 号门", ResponsibleUserID: seedids.DemoSafetyUser, MapX: f(70), MapY: f(140)},
			{Name: "装卸站台球机", ChannelCode: "SIM-LOAD-01", Platform: "simulator", CameraType: 2, AreaID: tank, Location: "汽车装卸站台", ResponsibleUserID: seedids.DemoDirectorUser, MapX: f(135), MapY: f(22)},
		}
		for _, cam := range cams {
			if err := c.Create(cam).Error; err != nil {
				return err
			}
		}
		at := func(h time.Duration) time.Time { return now.Add(-h).In(timefmt.Zone).Truncate(time.Second) }
		handled := at(20 * time.Hour)
		alarms := []*biz.Alarm{
			{CameraID: cams[0].ID, AlarmType: "helmet", Confidence: 0.91, AlarmTime: at(10 * time.Minute), RepeatCount: 3},
			{CameraID: cams[2].ID, AlarmType: "smoking", Confidence: 0.87, AlarmTime: at(45 * time.Minute), RepeatCount: 1},
			{CameraID: cams[4].ID, AlarmType: "intrusion", Confidence: 0.95, AlarmTime: at(2 * time.Hour), RepeatCount: 2},
			{CameraID: cams[3].ID, AlarmType: "phone", Confidence: 0.78, AlarmTime: at(22 * time.Hour), RepeatCount: 1,
				HandleStatus: biz.FalseAlarm, HandleRemark: "员工在休息区接听电话,非作业区域", HandleUser: seedids.DemoSafetyUser, HandleUserName: "李安全", HandleTime: &handled},
			{CameraID: cams[5].ID, AlarmType: "vest", Confidence: 0.83, AlarmTime: at(26 * time.Hour), RepeatCount: 4,
				HandleStatus: biz.Closed, HandleRemark: "已对承包商司机进行教育,补发反光衣", HandleUser: seedids.DemoDirectorUser, HandleUserName: "张主任", HandleTime: &handled},
		}
		byID := map[int64]*biz.Camera{}
		for _, cam := range cams {
			byID[cam.ID] = cam
		}
		for _, a := range alarms {
			cam := byID[a.CameraID]
			a.CameraName, a.ChannelCode, a.AreaID, a.LastTime, a.Source = cam.Name, cam.ChannelCode, cam.AreaID, a.AlarmTime, "simulator"
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
