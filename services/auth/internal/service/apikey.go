package service

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/auth/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/auth/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// keyOut describes a key without its secret (status 2 once expired).
func keyOut(k *biz.ApiKey, now time.Time) *pb.ApiKey {
	out := &pb.ApiKey{Id: k.ID, Name: k.Name, Prefix: k.Prefix + "…", UserId: k.UserID, Account: k.Account, UserName: k.UserName,
		ExpireTime: timefmt.Format(k.ExpireTime), CreateTime: timefmt.Format(k.CreateTime), CreateUserName: k.CreateUserName, Status: 1}
	if k.LastUsedTime != nil {
		out.LastUsedTime = timefmt.Format(*k.LastUsedTime)
	}
	if !now.Before(k.ExpireTime) {
		out.Status = 2
	}
	return out
}

func (s *Auth) ApiKeyList(ctx context.Context, q *commonv1.PageQuery) (*pb.ApiKeyPage, error) {
	p, err := s.keys.Page(ctx, paging.Query{Current: int(q.Current), Size: int(q.Size), Ascs: q.Ascs, Descs: q.Descs, Filters: q.Filters})
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := &pb.ApiKeyPage{Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
	for i := range p.Records {
		out.Records = append(out.Records, keyOut(&p.Records[i], now))
	}
	return out, nil
}

func (s *Auth) ApiKeyCreate(ctx context.Context, r *pb.ApiKeyCreateRequest) (*pb.ApiKeySecret, error) {
	k, secret, err := s.keys.Create(ctx, r.UserId, r.Name, int(r.ExpireDays))
	if err != nil {
		return nil, err
	}
	return &pb.ApiKeySecret{Key: keyOut(k, time.Now()), Secret: secret}, nil
}

func (s *Auth) ApiKeyRevoke(ctx context.Context, r *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, good := ident.ParseIDs(r.Ids)
	if !good {
		return nil, errs.BadRequest("ids 参数格式错误")
	}
	return wrapperspb.Bool(true), s.keys.Revoke(ctx, ids)
}

// KeyToken is AuthInternal's: only the gateway (with the internal
// credential) asks.
func (s *Auth) KeyToken(ctx context.Context, r *pb.KeyTokenRequest) (*pb.KeyTokenReply, error) {
	tok, ttl, err := s.keys.Token(ctx, r.Key)
	if err != nil {
		return nil, err
	}
	return &pb.KeyTokenReply{AccessToken: tok, ExpiresIn: int32(ttl)}, nil
}
