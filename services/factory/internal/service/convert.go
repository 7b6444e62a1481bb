package service

import (
	"time"

	"anquan/factory/internal/biz"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/factory/v1"
)

func ts(t time.Time) string { return timefmt.Format(t) }

func enterpriseOut(e *biz.Enterprise) *pb.Factory {
	o := &pb.Factory{Id: e.ID, TenantId: e.TenantID, EnterpriseName: e.EnterpriseName, CompanyShortName: e.CompanyShortName,
		AreaLocation: e.AreaLocation, CreditCode: e.CreditCode, Address: e.Address, LegalPerson: e.LegalPerson,
		ContactPerson: e.ContactPerson, ContactPhone: e.ContactPhone, Longitude: e.Longitude, Latitude: e.Latitude,
		Industry: e.Industry, Remark: e.Remark}
	if e.ID != 0 {
		o.CreateTime, o.UpdateTime = ts(e.CreateTime), ts(e.UpdateTime)
	}
	return o
}

// enterpriseIn reads a submitted record; the tenant always comes from the caller.
func enterpriseIn(p *pb.Factory) *biz.Enterprise {
	e := &biz.Enterprise{EnterpriseName: p.EnterpriseName, CompanyShortName: p.CompanyShortName, AreaLocation: p.AreaLocation,
		CreditCode: p.CreditCode, Address: p.Address, LegalPerson: p.LegalPerson, ContactPerson: p.ContactPerson,
		ContactPhone: p.ContactPhone, Longitude: p.Longitude, Latitude: p.Latitude, Industry: p.Industry, Remark: p.Remark}
	e.ID = p.Id
	return e
}

func areaOut(a *biz.Area) *pb.Area {
	return &pb.Area{Id: a.ID, TenantId: a.TenantID, Name: a.Name, Code: a.Code, AreaType: a.AreaType, RiskLevel: a.RiskLevel,
		Colour: a.Colour(), AreaLocation: a.AreaLocation, DeptId: a.DeptID, DeptName: a.DeptName, UserId: a.UserID,
		UserName: a.UserName, Remark: a.Remark, Sort: a.Sort, AreaTypeName: biz.AreaTypeNames[a.AreaType],
		RiskLevelName: biz.RiskLevelNames[a.RiskLevel], CreateTime: ts(a.CreateTime), UpdateTime: ts(a.UpdateTime)}
}

func areaIn(p *pb.Area) *biz.Area {
	a := &biz.Area{Name: p.Name, Code: p.Code, AreaType: p.AreaType, RiskLevel: p.RiskLevel, AreaLocation: p.AreaLocation,
		DeptID: p.DeptId, UserID: p.UserId, Remark: p.Remark, Sort: p.Sort}
	a.ID = p.Id
	return a
}

func areasOut(list []biz.Area) *pb.AreaList {
	out := &pb.AreaList{Items: make([]*pb.Area, len(list))}
	for i := range list {
		out.Items[i] = areaOut(&list[i])
	}
	return out
}

func areaPageOut(p *paging.Page[biz.Area]) *pb.AreaPage {
	out := &pb.AreaPage{Records: make([]*pb.Area, len(p.Records)), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}
	for i := range p.Records {
		out.Records[i] = areaOut(&p.Records[i])
	}
	return out
}

func mapOut(c *biz.MapConfig) *pb.MapSetting {
	mp := c.ModelPoint
	o := &pb.MapSetting{Id: c.ID, TenantId: c.TenantID, MapPath: c.MapPath, CentralPoint: c.CentralPoint,
		MapModelUrl: c.MapModelURL, ModelAccuracy: c.ModelAccuracy,
		ModelPoint: &pb.ModelPoint{Alt: mp.Alt, Lat: mp.Lat, Lng: mp.Lng, X: mp.X, Y: mp.Y, Z: mp.Z, Scale: mp.Scale}}
	if !c.UpdateTime.IsZero() {
		o.UpdateTime = ts(c.UpdateTime)
	}
	o.AreaLocation = make([]*pb.Position, len(c.AreaLocation))
	for i, p := range c.AreaLocation {
		o.AreaLocation[i] = &pb.Position{Lng: p.Lng, Lat: p.Lat, Alt: p.Alt}
	}
	return o
}

func mapIn(p *pb.MapSetting) *biz.MapConfig {
	c := &biz.MapConfig{MapPath: p.MapPath, CentralPoint: p.CentralPoint, MapModelURL: p.MapModelUrl, ModelAccuracy: p.ModelAccuracy}
	if mp := p.ModelPoint; mp != nil {
		c.ModelPoint = biz.ModelPoint{Alt: mp.Alt, Lat: mp.Lat, Lng: mp.Lng, X: mp.X, Y: mp.Y, Z: mp.Z, Scale: mp.Scale}
	}
	for _, v := range p.AreaLocation {
		c.AreaLocation = append(c.AreaLocation, biz.Position{Lng: v.Lng, Lat: v.Lat, Alt: v.Alt})
	}
	return c
}

func treeOut(ns []*biz.TreeNode) *commonv1.TreeNodes {
	var conv func(n *biz.TreeNode) *commonv1.TreeNode
	conv = func(n *biz.TreeNode) *commonv1.TreeNode {
		o := &commonv1.TreeNode{Id: n.ID, ParentId: n.ParentID, Title: n.Title, Key: n.ID, Value: n.ID, HasChildren: n.HasChildren}
		for _, c := range n.Children {
			o.Children = append(o.Children, conv(c))
		}
		return o
	}
	out := &commonv1.TreeNodes{Items: make([]*commonv1.TreeNode, len(ns))}
	for i, n := range ns {
		out.Items[i] = conv(n)
	}
	return out
}

func weatherOut(w *biz.WeatherAnswer) *pb.Weather {
	if !w.Available {
		return &pb.Weather{Message: w.Message}
	}
	o := w.Obs
	return &pb.Weather{Available: true, Source: w.Source, Station: o.Station, Temperature: o.Temperature, Humidity: o.Humidity,
		WindSpeed: o.WindSpeed, WindDirection: o.WindDirection, WindDirectionName: biz.WindName(o.WindDirection),
		Pressure: o.Pressure, Rainfall: o.Rainfall, Weather: o.Weather, ObservedAt: ts(o.ObservedAt)}
}
