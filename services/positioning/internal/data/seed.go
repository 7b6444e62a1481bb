package data

import (
	"context"
	"strconv"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
	"anquan/positioning/internal/biz"
)

func rect(x0, y0, x1, y1 float64) string {
	return biz.EncodePolygon(biz.Polygon{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
}

// Seed gives the demo tenant tags bound to its people, anchors and zones
// of the demo plant (local metres, 400 x 260) on first start (an existing
// tag means it ran).
func Seed(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Tag{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		tags := []*biz.Tag{
			{Code: "T-0001", PersonName: "李安全", PersonType: biz.PersonEmployee, UserID: seedids.DemoSafetyUser, DeptName: "安全环保部"},
			{Code: "T-0002", PersonName: "张主任", PersonType: biz.PersonEmployee, UserID: seedids.DemoDirectorUser, DeptName: "合成车间"},
			{Code: "T-0003", PersonName: "王操作", PersonType: biz.PersonEmployee, UserID: seedids.DemoOperator1User, DeptName: "合成车间"},
			{Code: "T-0004", PersonName: "赵操作", PersonType: biz.PersonEmployee, UserID: seedids.DemoOperator2User, DeptName: "罐区"},
			{Code: "T-0005", PersonName: "孙焊工", PersonType: biz.PersonEmployee, UserID: seedids.DemoWelderUser, DeptName: "设备管理部"},
			{Code: "T-0006", PersonName: "周承包", PersonType: biz.PersonContractor, UserID: seedids.DemoContractor1User, DeptName: "承包商队伍"},
			{Code: "T-0007", PersonName: "吴师傅", PersonType: biz.PersonContractor, DeptName: "承包商队伍", Phone: "13800000007"},
			{Code: "T-0008", PersonName: "陈访客", PersonType: biz.PersonVisitor, Phone: "13800000008", Remark: "来访参观"},
		}
		for _, t := range tags {
			if err := c.Create(t).Error; err != nil {
				return err
			}
		}
		anchors := []*biz.Anchor{
			{Code: "A-01", Name: "罐区西北基站", X: 20, Y: 100, Floor: 1}, {Code: "A-02", Name: "罐区东南基站", X: 140, Y: 20, Floor: 1},
			{Code: "A-03", Name: "合成装置基站", X: 250, Y: 70, Floor: 1}, {Code: "A-04", Name: "仓库基站", X: 70, Y: 180, Floor: 1},
			{Code: "A-05", Name: "集合点基站", X: 230, Y: 205, Floor: 1}, {Code: "A-06", Name: "办公楼基站", X: 340, Y: 200, Floor: 1},
		}
		for _, a := range anchors {
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		id := func(i int) string { return strconv.FormatInt(tags[i].ID, 10) }
		zones := []*biz.Zone{
			{Name: "甲类储罐区", Kind: biz.ZoneHazardous, Floor: 1, Polygon: rect(20, 20, 140, 100), MaxHeadcount: 6,
				AllowedTags: id(0) + "," + id(3), ResponsibleUserID: seedids.DemoSafetyUser, Remark: "未经允许进入即报警;允许人员仅白班时段可进入",
				AllowWeekdays: "1,2,3,4,5,6,7", AllowFrom: "06:00", AllowTo: "22:00"},
			// The work area of the permits at the synthesis risk partition (人证不符).
			{Name: "合成装置区", Kind: biz.ZoneOrdinary, Floor: 1, Polygon: rect(180, 20, 320, 120), MaxHeadcount: 10,
				ResponsibleUserID: seedids.DemoDirectorUser, AreaID: seedids.DemoAreaSynthesis, AreaName: "合成装置区"},
			{Name: "危化品仓库", Kind: biz.ZoneRestricted, Floor: 1, Polygon: rect(20, 140, 120, 220), MaxHeadcount: 3,
				AllowedTags: id(0) + "," + id(4), ResponsibleUserID: seedids.DemoSafetyUser},
			{Name: "紧急集合点", Kind: biz.ZoneAssembly, Floor: 1, Polygon: rect(200, 180, 260, 230)},
			{Name: "办公楼", Kind: biz.ZoneOrdinary, Floor: 1, Polygon: rect(300, 160, 380, 240), MaxHeadcount: 50},
		}
		for _, z := range zones {
			if err := c.Create(z).Error; err != nil {
				return err
			}
		}
		// Posts: the operators' units (away for 10 minutes is 脱岗).
		for _, p := range []struct{ tag, zone int }{{2, 1}, {3, 0}} {
			if err := c.Model(tags[p.tag]).Update("post_zone_id", zones[p.zone].ID).Error; err != nil {
				return err
			}
		}
		// Yesterday's alarms: an overcrowding handled by 张主任, and a
		// contractor in the warehouse who left before anyone handled it.
		y := time.Now().Add(-24 * time.Hour).Truncate(time.Minute)
		left, handled := y.Add(3*time.Minute), y.Add(-time.Hour+10*time.Minute)
		alarms := []*biz.Alarm{
			{AlarmType: biz.AlarmOvercrowd, Level: 1, ZoneID: zones[1].ID, ZoneName: zones[1].Name, X: 250, Y: 70, Detail: "区域内 12 人,超过最大人数 10",
				State: biz.StateHandled, RaisedAt: y.Add(-time.Hour), ClearedAt: &handled, HandledAt: &handled, HandledBy: seedids.DemoDirectorUser,
				HandledByName: "张主任", Comment: "检修交接人员集中,已疏导", ResponsibleUserID: seedids.DemoDirectorUser},
			{AlarmType: biz.AlarmWrongZone, Level: 2, TagID: tags[6].ID, Tag: tags[6].Code, PersonName: tags[6].PersonName, ZoneID: zones[2].ID,
				ZoneName: zones[2].Name, X: 60, Y: 180, Detail: "未经允许进入限制区域「危化品仓库」", State: biz.StateAlarming, RaisedAt: y, ClearedAt: &left,
				ResponsibleUserID: seedids.DemoSafetyUser},
			{AlarmType: biz.AlarmCertMismatch, Level: 2, TagID: tags[5].ID, Tag: tags[5].Code, PersonName: tags[5].PersonName, ZoneID: zones[1].ID,
				ZoneName: zones[1].Name, X: 200, Y: 40, Detail: "在作业区域「合成装置区」停留超过 60 秒,不是作业中的作业票 DH-" + y.In(timefmt.Zone).Format("20060102") + "-0001 的作业人员或监护人",
				State: biz.StateHandled, RaisedAt: y.Add(-2 * time.Hour), ClearedAt: &handled, HandledAt: &handled, HandledBy: seedids.DemoDirectorUser,
				HandledByName: "张主任", Comment: "承包商人员误入动火作业区域,已劝离并补充交底", ResponsibleUserID: seedids.DemoDirectorUser},
		}
		for _, a := range alarms {
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
