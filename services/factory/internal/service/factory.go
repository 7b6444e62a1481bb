// Package service is base-factory's transport layer: the gRPC handlers of
// FactoryService and FactoryInternal. It validates and converts requests and
// answers, and leaves the rules to biz.
package service

import (
	"context"
	"strconv"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/factory/internal/biz"
	"anquan/kit/authn"
	"anquan/kit/paging"
	"anquan/kit/server"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/factory/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// Factory serves FactoryService and FactoryInternal.
type Factory struct {
	pb.UnimplementedFactoryServiceServer
	pb.UnimplementedFactoryInternalServer
	uc *biz.Factory
	// users answers the user pickers; calls carry the caller's token.
	users userv1.UserServiceClient
	// verifier restores the acting user on FactoryInternal calls.
	verifier *authn.Verifier
}

// New binds the handlers to the use cases.
func New(uc *biz.Factory, users userv1.UserServiceClient, v *authn.Verifier) *Factory {
	return &Factory{uc: uc, users: users, verifier: v}
}

// ---- enterprise ----

// FactoryDetail is the caller tenant's enterprise record (or one by id).
func (s *Factory) FactoryDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Factory, error) {
	e, err := s.uc.EnterpriseOf(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return enterpriseOut(e), nil
}

func (s *Factory) FactoryPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.FactoryPage, error) {
	p, err := s.uc.EnterprisePage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.FactoryPage{Records: svc.Map(p.Records, enterpriseOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Factory) FactorySubmit(ctx context.Context, p *pb.Factory) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitEnterprise(ctx, enterpriseIn(p))
}

func (s *Factory) FactoryRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveEnterprises)
}

// ---- map ----

func (s *Factory) MapSettingDetail(ctx context.Context, _ *commonv1.Empty) (*pb.MapSetting, error) {
	c, err := s.uc.MapOf(ctx)
	if err != nil {
		return nil, err
	}
	return mapOut(c), nil
}

func (s *Factory) MapSettingSubmit(ctx context.Context, p *pb.MapSetting) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitMap(ctx, mapIn(p))
}

// FactoryMapListByOne is everything the factory map draws: the enterprise,
// its areas with colours, a label at each area's centroid, and the settings.
func (s *Factory) FactoryMapListByOne(ctx context.Context, _ *commonv1.Empty) (*pb.FactoryMap, error) {
	e, err := s.uc.EnterpriseOf(ctx, 0)
	if err != nil {
		return nil, err
	}
	areas, err := s.uc.AreaList(ctx, paging.Query{})
	if err != nil {
		return nil, err
	}
	m, err := s.uc.MapOf(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.FactoryMap{Factory: enterpriseOut(e), Areas: areasOut(areas).Items, Setting: mapOut(m)}
	for i := range areas {
		a := &areas[i]
		poly, err := biz.ParsePolygon(a.AreaLocation)
		if err != nil {
			continue
		}
		c := poly.Centroid()
		out.Labels = append(out.Labels, &pb.MapLabel{Id: a.ID, Name: a.Name, Longitude: c.Lng, Latitude: c.Lat,
			Height: m.ModelPoint.Alt, Colour: a.Colour(), AreaType: a.AreaType})
	}
	return out, nil
}

// ---- areas ----

func (s *Factory) AreaListAll(ctx context.Context, q *commonv1.PageQuery) (*pb.AreaList, error) {
	list, err := s.uc.AreaList(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return areasOut(list), nil
}

func (s *Factory) AreaPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.AreaPage, error) {
	p, err := s.uc.AreaPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return areaPageOut(p), nil
}

func (s *Factory) AreaDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Area, error) {
	return svc.Detail(ctx, q.Id, s.uc.Area, areaOut)
}

func (s *Factory) AreaSubmit(ctx context.Context, p *pb.Area) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitArea(ctx, areaIn(p))
}

func (s *Factory) AreaRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveAreas)
}

// PointExistRange answers the areas containing the point (bare array).
func (s *Factory) PointExistRange(ctx context.Context, q *pb.PointQuery) (*pb.AreaList, error) {
	list, err := s.uc.Locate(ctx, biz.Point{Lng: q.Longitude, Lat: q.Latitude}, q.AreaSta)
	if err != nil {
		return nil, err
	}
	return areasOut(list), nil
}

// ---- drop-downs ----

func (s *Factory) GetDeptByCategory(ctx context.Context, q *pb.DeptCategoryQuery) (*pb.DeptItems, error) {
	depts, err := s.uc.DeptsByCategory(ctx, q.Category)
	if err != nil {
		return nil, err
	}
	out := &pb.DeptItems{Items: make([]*pb.DeptItem, len(depts))}
	for i, d := range depts {
		out.Items[i] = &pb.DeptItem{Id: d.ID, ParentId: d.ParentID, DeptName: d.Name, FullName: d.FullName, DeptCategory: d.Category, Sort: d.Sort}
	}
	return out, nil
}

// UserPageByTenantId is blade-user's page of the caller's tenant.
func (s *Factory) UserPageByTenantId(ctx context.Context, q *commonv1.PageQuery) (*userv1.UserPage, error) {
	return s.users.UserPageByTenantId(ctx, q)
}

func (s *Factory) UserByTenantId(ctx context.Context, q *pb.UserLookup) (*userv1.UserList, error) {
	return s.usersOf(ctx, q.DeptId, q.FactoryId, q.Name)
}

func (s *Factory) UserByFactoryId(ctx context.Context, q *pb.UserLookup) (*userv1.UserList, error) {
	return s.usersOf(ctx, q.DeptId, q.FactoryId, q.Name)
}

// usersOf lists the tenant's users of a dept subtree (the whole tenant when
// neither dept nor a dept-naming factory id is given).
func (s *Factory) usersOf(ctx context.Context, deptID, factoryID int64, name string) (*userv1.UserList, error) {
	dept, err := s.uc.UserDept(ctx, deptID, factoryID)
	if err != nil {
		return nil, err
	}
	f := map[string]string{}
	if dept != 0 {
		f["deptId"] = strconv.FormatInt(dept, 10)
	}
	if name != "" {
		f["realName"] = name
	}
	return s.users.UserListByTenantId(ctx, &commonv1.PageQuery{Filters: f})
}

func (s *Factory) Tree(ctx context.Context, q *pb.TreeQuery) (*commonv1.TreeNodes, error) {
	ns, err := s.uc.Tree(ctx, q.FactoryId, q.ParentId)
	if err != nil {
		return nil, err
	}
	return treeOut(ns), nil
}

func (s *Factory) GetWeather(ctx context.Context, _ *commonv1.Empty) (*pb.Weather, error) {
	w, err := s.uc.CurrentWeather(ctx)
	if err != nil {
		return nil, err
	}
	return weatherOut(w), nil
}

func (s *Factory) WeatherSubmit(ctx context.Context, p *pb.WeatherReading) (*wrapperspb.BoolValue, error) {
	r := &biz.WeatherReading{Station: p.Station, Temperature: p.Temperature, Humidity: p.Humidity, WindSpeed: p.WindSpeed,
		WindDirection: p.WindDirection, Pressure: p.Pressure, Rainfall: p.Rainfall, Weather: p.Weather}
	return svc.OK, s.uc.SubmitReading(ctx, r, p.ObservedAt)
}

// ---- internal ----

// GetAreas answers the caller tenant's areas among ids (all when empty);
// ids of other tenants are absent, never an error.
func (s *Factory) GetAreas(ctx context.Context, q *commonv1.IdsQuery) (*pb.AreaList, error) {
	ctx, err := server.Acting(ctx, s.verifier)
	if err != nil {
		return nil, err
	}
	var ids []int64
	if q.Ids != "" {
		v, err := svc.IDs(q.Ids)
		if err != nil {
			return nil, err
		}
		ids = v
	}
	list, err := s.uc.AreasByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return areasOut(list), nil
}

// LocateAreas is PointExistRange for other services.
func (s *Factory) LocateAreas(ctx context.Context, q *pb.PointQuery) (*pb.AreaList, error) {
	ctx, err := server.Acting(ctx, s.verifier)
	if err != nil {
		return nil, err
	}
	return s.PointExistRange(ctx, q)
}
