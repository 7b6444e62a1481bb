// Package svc holds the small helpers every service's gRPC layer shares:
// reading ids and paging from requests, shaping pages, and answering xlsx
// downloads.
package svc

import (
	"context"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
)

// MaxIDs bounds one ids list: a page holds at most 1000 rows, so no screen
// selects more, and one statement's parameters stay well inside every
// database's limit.
const MaxIDs = 1000

// IDs reads a non-empty comma list of ids (`remove?ids=1,2`), each once.
func IDs(s string) ([]int64, error) {
	v, good := ident.ParseIDs(s)
	if !good {
		return nil, errs.BadRequest("ids 参数格式错误")
	}
	if len(v) == 0 {
		return nil, errs.BadRequest("请选择至少一条数据")
	}
	if len(v) > MaxIDs {
		return nil, errs.BadRequest("一次最多选择 %d 条数据", MaxIDs)
	}
	seen := make(map[int64]bool, len(v))
	out := v[:0]
	for _, id := range v {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// Need refuses a missing id (`detail?id=`).
func Need(id int64) error {
	if id <= 0 {
		return errs.BadRequest("缺少 id 参数")
	}
	return nil
}

// OK is the answer of a write with nothing more to say (Blade's data: true).
var OK = wrapperspb.Bool(true)

// Detail answers `detail?id=`: the id is required, get reads the record
// (applying its access rules) and out converts it.
func Detail[T, P any](ctx context.Context, id int64, get func(context.Context, int64) (*T, error), out func(*T) P) (P, error) {
	var none P
	if err := Need(id); err != nil {
		return none, err
	}
	v, err := get(ctx, id)
	if err != nil {
		return none, err
	}
	return out(v), nil
}

// Remove answers `remove?ids=`: the list is checked (non-empty, bounded,
// each id once) and remove deletes (applying its access rules).
func Remove(ctx context.Context, ids string, remove func(context.Context, []int64) error) (*wrapperspb.BoolValue, error) {
	v, err := IDs(ids)
	if err != nil {
		return nil, err
	}
	if err := remove(ctx, v); err != nil {
		return nil, err
	}
	return OK, nil
}

// Query converts the proto page request.
func Query(q *commonv1.PageQuery) paging.Query {
	if q == nil {
		return paging.Query{}
	}
	return paging.Query{Current: int(q.Current), Size: int(q.Size), Ascs: q.Ascs, Descs: q.Descs, Filters: q.Filters}
}

// Pages is ceil(total/size).
func Pages(total int64, size int) int32 {
	if size <= 0 {
		return 0
	}
	return int32((total + int64(size) - 1) / int64(size))
}

// Map converts a slice with a function of its elements' addresses.
func Map[T any, P any](in []T, f func(*T) P) []P {
	out := make([]P, 0, len(in))
	for i := range in {
		out = append(out, f(&in[i]))
	}
	return out
}

// File answers an xlsx download named name_<time>.xlsx.
func File(ctx context.Context, name string, data []byte) (*httpbody.HttpBody, error) {
	_ = grpc.SetHeader(ctx, metadata.Pairs("content-disposition", xlsx.Disposition(name+"_"+time.Now().In(timefmt.Zone).Format("20060102150405")+".xlsx")))
	return &httpbody.HttpBody{ContentType: xlsx.ContentType, Data: data}, nil
}

// MaxExportRows bounds one export.
const MaxExportRows = 100000

// Export streams every row matching q into an xlsx download.
func Export[T any](ctx context.Context, st paging.Store[T], q paging.Query, name string, cols []xlsx.Column[T]) (*httpbody.HttpBody, error) {
	return ExportEach(ctx, name, name, cols, func(add func(T) error) error { return st.Each(ctx, q, MaxExportRows, add) })
}

// ExportRows answers rows already in memory (a computed report, bounded by its caller) as an
// xlsx download, like Export does for a store's rows.
func ExportRows[T any](ctx context.Context, name string, cols []xlsx.Column[T], rows []T) (*httpbody.HttpBody, error) {
	return ExportEach(ctx, name, name, cols, Rows(rows))
}

// Rows hands rows in memory to an ExportEach writer.
func Rows[T any](rows []T) func(add func(T) error) error {
	return func(add func(T) error) error {
		for _, r := range rows {
			if err := add(r); err != nil {
				return err
			}
		}
		return nil
	}
}

// ExportEach is the one xlsx writer behind every export: each hands its rows to add (a store's
// cursor, a use case's callback, a hand-built report); the sheet is named sheet and the download
// file (plus the time) file. The caller bounds the rows (MaxExportRows for stored lists).
func ExportEach[T any](ctx context.Context, sheet, file string, cols []xlsx.Column[T], each func(add func(T) error) error) (*httpbody.HttpBody, error) {
	w, err := xlsx.New(sheet, cols)
	if err != nil {
		return nil, err
	}
	if err := each(w.Add); err != nil {
		return nil, err
	}
	b, err := w.Bytes()
	if err != nil {
		return nil, err
	}
	return File(ctx, file, b)
}

// PageOf maps a store page to the fields of a Blade page answer (records,
// total, size, current, pages), converting each record with f.
func PageOf[T any, P any](p *paging.Page[T], f func(*T) P) ([]P, int32, int32, int32, int32) {
	return Map(p.Records, f), int32(p.Total), int32(p.Size), int32(p.Current), int32(p.Pages())
}
