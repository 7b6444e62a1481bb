// Package service is blade-user's gRPC layer: it reads and converts
// requests and answers (including the password transport format) and
// leaves the rules to biz.
package service

import (
	"context"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

// User serves UserService and UserInternal.
type User struct {
	pb.UnimplementedUserServiceServer
	pb.UnimplementedUserInternalServer
	uc *biz.Users
	// passwordKey decrypts passwords the web client sends encrypted.
	passwordKey string
}

// New binds the handlers to the use cases.
func New(uc *biz.Users, passwordKey string) *User { return &User{uc: uc, passwordKey: passwordKey} }

var ok = wrapperspb.Bool(true)

// plain reads a password parameter: the web client's AES transport format
// when it decrypts cleanly, else the value as typed (API clients over TLS
// may switch the encryption off).
func (s *User) plain(p string) string {
	if p == "" {
		return ""
	}
	if v, err := authn.DecryptTransport(s.passwordKey, p); err == nil {
		return v
	}
	return p
}

func ids(s string) ([]int64, error) {
	v, good := ident.ParseIDs(s)
	if !good {
		return nil, errs.BadRequest("ids 参数格式错误")
	}
	if len(v) == 0 {
		return nil, errs.BadRequest("请选择至少一条数据")
	}
	return v, nil
}

func need(id int64) error {
	if id <= 0 {
		return errs.BadRequest("缺少 id 参数")
	}
	return nil
}

func query(q *commonv1.PageQuery) paging.Query {
	if q == nil {
		return paging.Query{}
	}
	return paging.Query{Current: int(q.Current), Size: int(q.Size), Ascs: q.Ascs, Descs: q.Descs, Filters: q.Filters}
}

func pages(total int64, size int) int32 {
	if size <= 0 {
		return 0
	}
	return int32((total + int64(size) - 1) / int64(size))
}

// mapList converts a slice with a function.
func mapList[T any, P any](in []T, f func(*T) P) []P {
	out := make([]P, 0, len(in))
	for i := range in {
		out = append(out, f(&in[i]))
	}
	return out
}

// exportFile answers an xlsx download with its file name.
func exportFile(ctx context.Context, name string, data []byte) (*httpbody.HttpBody, error) {
	_ = grpc.SetHeader(ctx, metadata.Pairs("content-disposition", xlsx.Disposition(name+"_"+time.Now().In(timefmt.Zone).Format("20060102150405")+".xlsx")))
	return &httpbody.HttpBody{ContentType: xlsx.ContentType, Data: data}, nil
}
