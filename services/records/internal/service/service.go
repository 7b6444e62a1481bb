// Package service is records' transport layer: the gRPC handlers of
// RecordsService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/records/v1"
	"anquan/records/internal/biz"
)

// Records serves RecordsService.
type Records struct {
	pb.UnimplementedRecordsServiceServer
	uc *biz.Records
}

// New binds the handlers to the use cases.
func New(uc *biz.Records) *Records { return &Records{uc: uc} }

func ts(t time.Time) string { return timefmt.Format(t) }

func tsp(t *time.Time) string { return timefmt.FormatPtr(t) }

// ---- chemicals ----

func chemicalOut(c *biz.Chemical) *pb.RecordsChemical {
	return &pb.RecordsChemical{Id: c.ID, Name: c.Name, Alias: c.Alias, Cas: c.Cas, UnNumber: c.UnNumber, Category: &c.Category,
		StorageMethod: c.StorageMethod, ChemicalType: c.ChemicalType, HazardousEffect: c.HazardousEffect, MaterialState: c.MaterialState,
		Unit: c.Unit, GhsClasses: c.GhsClasses, HighlyToxic: c.HighlyToxic, KeySupervised: c.KeySupervised,
		ExplosivePrecursor: c.ExplosivePrecursor, DrugPrecursor: c.DrugPrecursor, CriticalQuantity: c.CriticalQuantity, DeptId: c.DeptID,
		MsdsIdentification: c.MsdsIdentification, MsdsHazards: c.MsdsHazards, MsdsComposition: c.MsdsComposition, MsdsFirstAid: c.MsdsFirstAid,
		MsdsFireFighting: c.MsdsFireFighting, MsdsAccidentalRelease: c.MsdsAccidentalRelease, MsdsHandlingStorage: c.MsdsHandlingStorage,
		MsdsExposureControl: c.MsdsExposureControl, MsdsPhysicalChemical: c.MsdsPhysicalChemical, MsdsStabilityReactivity: c.MsdsStabilityReactivity,
		MsdsToxicology: c.MsdsToxicology, MsdsEcology: c.MsdsEcology, MsdsDisposal: c.MsdsDisposal, MsdsTransport: c.MsdsTransport,
		MsdsRegulatory: c.MsdsRegulatory, MsdsOther: c.MsdsOther, Attachments: c.Attachments, CreateTime: ts(c.CreateTime), UpdateTime: ts(c.UpdateTime)}
}

func (s *Records) totals(ctx context.Context, out []*pb.RecordsChemical) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.Id)
	}
	t, err := s.uc.Q.Totals(ctx, ids)
	for _, o := range out {
		o.TotalQuantity = t[o.Id]
	}
	return err
}

func (s *Records) ChemicalPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordsChemicalPage, error) {
	p, err := s.uc.Chemicals.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.RecordsChemicalPage{Records: svc.Map(p.Records, chemicalOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}
	return out, s.totals(ctx, out.Records)
}

func (s *Records) ChemicalDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RecordsChemical, error) {
	c, err := svc.Detail(ctx, q.Id, s.uc.Chemicals.Get, chemicalOut)
	if err != nil {
		return nil, err
	}
	return c, s.totals(ctx, []*pb.RecordsChemical{c})
}

func (s *Records) ChemicalSubmit(ctx context.Context, p *pb.RecordsChemical) (*wrapperspb.BoolValue, error) {
	if p.Category == nil {
		return nil, errs.BadRequest("请填写危险化学品类别(0-7,未分类填 -1)")
	}
	c := &biz.Chemical{Name: p.Name, Alias: p.Alias, Cas: p.Cas, UnNumber: p.UnNumber, Category: *p.Category, StorageMethod: p.StorageMethod,
		ChemicalType: p.ChemicalType, HazardousEffect: p.HazardousEffect, MaterialState: p.MaterialState, Unit: p.Unit, GhsClasses: p.GhsClasses,
		HighlyToxic: p.HighlyToxic, KeySupervised: p.KeySupervised, ExplosivePrecursor: p.ExplosivePrecursor, DrugPrecursor: p.DrugPrecursor,
		CriticalQuantity: p.CriticalQuantity, DeptID: p.DeptId, Attachments: p.Attachments,
		MsdsIdentification: p.MsdsIdentification, MsdsHazards: p.MsdsHazards, MsdsComposition: p.MsdsComposition, MsdsFirstAid: p.MsdsFirstAid,
		MsdsFireFighting: p.MsdsFireFighting, MsdsAccidentalRelease: p.MsdsAccidentalRelease, MsdsHandlingStorage: p.MsdsHandlingStorage,
		MsdsExposureControl: p.MsdsExposureControl, MsdsPhysicalChemical: p.MsdsPhysicalChemical, MsdsStabilityReactivity: p.MsdsStabilityReactivity,
		MsdsToxicology: p.MsdsToxicology, MsdsEcology: p.MsdsEcology, MsdsDisposal: p.MsdsDisposal, MsdsTransport: p.MsdsTransport,
		MsdsRegulatory: p.MsdsRegulatory, MsdsOther: p.MsdsOther}
	c.ID = p.Id
	return svc.OK, s.uc.SubmitChemical(ctx, c)
}

func (s *Records) ChemicalRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveChemicals)
}

var (
	yesNo           = map[bool]string{true: "是", false: "否"}
	categoryNames   = map[int32]string{0: "爆炸品", 1: "压缩气体和液化气体", 2: "易燃液体", 3: "易燃固体、自燃物品和遇湿易燃物品", 4: "氧化剂和有机过氧化物", 5: "有毒品", 6: "放射性物品", 7: "腐蚀品"}
	storageNames    = map[int32]string{1: "储罐储存", 2: "仓库储存", 3: "露天堆放", 4: "钢瓶储存", 5: "其他"}
	typeNames       = map[int32]string{1: "原料", 2: "中间产品", 3: "产品", 4: "副产品", 5: "辅料", 6: "其他"}
	effectNames     = map[int32]string{1: "易燃", 2: "易爆", 3: "有毒", 4: "腐蚀", 5: "氧化", 6: "窒息", 7: "放射性", 8: "其他"}
	stateNamesOfMat = map[int32]string{1: "固态", 2: "液态", 3: "气态", 4: "等离子态"}
)

// ChemicalExport: the filtered ledger as xlsx (texts of the seeded
// dictionaries; the MSDS stays in the detail).
func (s *Records) ChemicalExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Chemicals, svc.Query(q), "危险化学品台账", []xlsx.Column[biz.Chemical]{
		{Header: "化学品名称", Width: 20, Value: func(c biz.Chemical) any { return c.Name }},
		{Header: "别名", Width: 20, Value: func(c biz.Chemical) any { return c.Alias }},
		{Header: "CAS 号", Width: 14, Value: func(c biz.Chemical) any { return c.Cas }},
		{Header: "UN 编号", Value: func(c biz.Chemical) any { return c.UnNumber }},
		{Header: "危险化学品类别", Width: 20, Value: func(c biz.Chemical) any { return categoryNames[c.Category] }},
		{Header: "GHS 危险类别", Width: 40, Value: func(c biz.Chemical) any { return biz.GhsNames(c.GhsClasses) }},
		{Header: "剧毒", Value: func(c biz.Chemical) any { return yesNo[c.HighlyToxic] }},
		{Header: "重点监管", Value: func(c biz.Chemical) any { return yesNo[c.KeySupervised] }},
		{Header: "易制爆", Value: func(c biz.Chemical) any { return yesNo[c.ExplosivePrecursor] }},
		{Header: "易制毒", Value: func(c biz.Chemical) any { return yesNo[c.DrugPrecursor] }},
		{Header: "储存方式", Value: func(c biz.Chemical) any { return storageNames[c.StorageMethod] }},
		{Header: "化学品类型", Value: func(c biz.Chemical) any { return typeNames[c.ChemicalType] }},
		{Header: "危险特性", Value: func(c biz.Chemical) any { return effectNames[c.HazardousEffect] }},
		{Header: "物质形态", Value: func(c biz.Chemical) any { return stateNamesOfMat[c.MaterialState] }},
		{Header: "计量单位", Value: func(c biz.Chemical) any { return biz.UnitNames[c.Unit] }},
		{Header: "临界量(吨)", Value: func(c biz.Chemical) any { return c.CriticalQuantity }},
		{Header: "登记时间", Width: 20, Value: func(c biz.Chemical) any { return ts(c.CreateTime) }},
	})
}

func (s *Records) stockOut(st *biz.Stock) *pb.RecordsStock {
	return &pb.RecordsStock{Id: st.ID, ChemicalId: st.ChemicalID, Location: st.Location, Quantity: st.Quantity, MaxQuantity: st.MaxQuantity,
		Unit: st.Unit, Remark: st.Remark, UpdateTime: ts(st.UpdateTime)}
}

func (s *Records) StockPage(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordsStockPage, error) {
	p, err := s.uc.Stocks.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.RecordsStockPage{Records: svc.Map(p.Records, s.stockOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current),
		Pages: int32(p.Pages())}
	ids := make([]int64, 0, len(out.Records))
	for _, r := range out.Records {
		ids = append(ids, r.ChemicalId)
	}
	var chems []biz.Chemical
	if err := s.uc.Q.ByIDs(ctx, &chems, ids); err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, c := range chems {
		names[c.ID] = c.Name
	}
	for _, r := range out.Records {
		r.ChemicalName = names[r.ChemicalId]
	}
	return out, nil
}

func (s *Records) StockSubmit(ctx context.Context, p *pb.RecordsStock) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.ChemicalId); err != nil {
		return nil, errs.BadRequest("请选择化学品")
	}
	st := &biz.Stock{ChemicalID: p.ChemicalId, Location: p.Location, Quantity: p.Quantity, MaxQuantity: p.MaxQuantity, Unit: p.Unit, Remark: p.Remark}
	st.ID = p.Id
	return svc.OK, s.uc.SubmitStock(ctx, st)
}

func (s *Records) StockRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveStocks)
}

func (s *Records) ChemicalQuantities(ctx context.Context, q *pb.RecordsQuantityQuery) (*pb.RecordsQuantities, error) {
	rows, err := s.uc.Quantities(ctx, q.ChemicalId, q.Cas, q.Location)
	if err != nil {
		return nil, err
	}
	out := &pb.RecordsQuantities{Items: make([]*pb.RecordsQuantity, 0, len(rows))}
	for _, r := range rows {
		out.Items = append(out.Items, &pb.RecordsQuantity{ChemicalId: r.ChemicalID, Name: r.Name, Cas: r.Cas, Category: r.Category,
			Location: r.Location, Quantity: r.Quantity, Unit: r.Unit, UnitName: biz.UnitNames[r.Unit], CriticalQuantity: r.CriticalQuantity})
	}
	return out, nil
}

// ---- documents ----

func documentOut(d *biz.Document) *pb.RecordsDocument {
	return &pb.RecordsDocument{Id: d.ID, Kind: d.Kind, Title: d.Title, DocNo: d.DocNo, Version: d.Version, RootId: d.RootID, DeptId: d.DeptID,
		Post: d.Post, Content: d.Content, ReviseNote: d.ReviseNote, Attachments: d.Attachments, State: d.State, StateName: biz.StateNames[d.State],
		PublishedAt: tsp(d.PublishedAt), PublisherName: d.PublisherName, CreateTime: ts(d.CreateTime), UpdateTime: ts(d.UpdateTime)}
}

func (s *Records) counts(ctx context.Context, out []*pb.RecordsDocument) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.Id)
	}
	n, err := s.uc.Q.ReaderCounts(ctx, ids)
	if err != nil {
		return err
	}
	var pending map[int64]bool
	if id := ident.From(ctx); id != nil {
		if pending, err = s.uc.Q.Pending(ctx, ids, id.UserID); err != nil {
			return err
		}
	}
	for _, o := range out {
		c := n[o.Id]
		o.Readers, o.Confirmed, o.ToConfirm = c[0], c[1], pending[o.Id]
	}
	return nil
}

func (s *Records) DocumentPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordsDocumentPage, error) {
	p, err := s.uc.Documents.Page(ctx, biz.DocumentQuery(ctx, svc.Query(q)))
	if err != nil {
		return nil, err
	}
	out := &pb.RecordsDocumentPage{Records: svc.Map(p.Records, documentOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}
	return out, s.counts(ctx, out.Records)
}

func (s *Records) DocumentDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RecordsDocument, error) {
	d, err := svc.Detail(ctx, q.Id, s.uc.Documents.Get, documentOut)
	if err != nil {
		return nil, err
	}
	if err := biz.Visible(ctx, &biz.Document{Kind: d.Kind, State: d.State, Title: d.Title}); err != nil {
		return nil, err
	}
	return d, s.counts(ctx, []*pb.RecordsDocument{d})
}

func (s *Records) DocumentSubmit(ctx context.Context, p *pb.RecordsDocument) (*wrapperspb.BoolValue, error) {
	d := &biz.Document{Kind: p.Kind, Title: p.Title, DocNo: p.DocNo, DeptID: p.DeptId, Post: p.Post, Content: p.Content, ReviseNote: p.ReviseNote,
		Attachments: p.Attachments}
	d.ID = p.Id
	return svc.OK, s.uc.SubmitDocument(ctx, d)
}

func (s *Records) DocumentRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDocuments)
}

// DocumentExport: the filtered documents (one kind when filtered by kind).
func (s *Records) DocumentExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	name := "安全生产文件"
	if q != nil {
		for k, v := range q.Filters {
			if strings.TrimSuffix(k, "_equal") == "kind" {
				for kind, n := range biz.KindNames {
					if v == strconv.Itoa(int(kind)) {
						name = n
					}
				}
			}
		}
	}
	return svc.Export(ctx, s.uc.Documents, biz.DocumentQuery(ctx, svc.Query(q)), name, []xlsx.Column[biz.Document]{
		{Header: "文件名称", Width: 30, Value: func(d biz.Document) any { return d.Title }},
		{Header: "类别", Width: 16, Value: func(d biz.Document) any { return biz.KindNames[d.Kind] }},
		{Header: "文件编号", Width: 16, Value: func(d biz.Document) any { return d.DocNo }},
		{Header: "版本", Value: func(d biz.Document) any { return d.Version }},
		{Header: "岗位", Width: 16, Value: func(d biz.Document) any { return d.Post }},
		{Header: "状态", Value: func(d biz.Document) any { return biz.StateNames[d.State] }},
		{Header: "发布人", Value: func(d biz.Document) any { return d.PublisherName }},
		{Header: "发布时间", Width: 20, Value: func(d biz.Document) any { return tsp(d.PublishedAt) }},
		{Header: "修订说明", Width: 30, Value: func(d biz.Document) any { return d.ReviseNote }},
	})
}

func (s *Records) DocumentPublish(ctx context.Context, p *pb.RecordsPublish) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Publish(ctx, p.Id, p.UserIds)
}

func (s *Records) DocumentRevise(ctx context.Context, q *commonv1.IdQuery) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Revise(ctx, q.Id)
}

func (s *Records) DocumentConfirm(ctx context.Context, q *commonv1.IdQuery) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Confirm(ctx, q.Id)
}

func readerOut(r *biz.Reader) *pb.RecordsReader {
	return &pb.RecordsReader{Id: r.ID, DocumentId: r.DocumentID, UserId: r.UserID, UserName: r.UserName, Confirmed: r.Confirmed,
		ConfirmedAt: tsp(r.ConfirmedAt), CreateTime: ts(r.CreateTime)}
}

func (s *Records) ReaderPage(ctx context.Context, q *commonv1.PageQuery) (*pb.RecordsReaderPage, error) {
	p, err := s.uc.Readers.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.RecordsReaderPage{Records: svc.Map(p.Records, readerOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current),
		Pages: int32(p.Pages())}, nil
}
