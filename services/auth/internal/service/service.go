// Package service is blade-auth's gRPC layer.
package service

import (
	"cmp"
	"context"
	"strconv"
	"strings"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/auth/internal/biz"
	"anquan/auth/internal/captcha"
	"anquan/kit/crud"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/auth/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// Auth serves AuthService and AuthInternal.
type Auth struct {
	pb.UnimplementedAuthServiceServer
	pb.UnimplementedAuthInternalServer
	uc        *biz.Auth
	providers *crud.Repo[biz.SocialProvider]
	profile   func(ctx context.Context) (*pb.UserProfile, error)
	// checkURL refuses a provider address the server may not call; its
	// error is a message for the user.
	checkURL func(ctx context.Context, raw string) error
	keys     *biz.ApiKeys
}

// New binds handlers; profile reads the caller's profile from blade-user;
// checkURL checks a social provider's tokenUrl and userInfoUrl when saved.
func New(uc *biz.Auth, providers *crud.Repo[biz.SocialProvider], keys *biz.ApiKeys, profile func(ctx context.Context) (*pb.UserProfile, error), checkURL func(ctx context.Context, raw string) error) *Auth {
	return &Auth{uc: uc, providers: providers, keys: keys, profile: profile, checkURL: checkURL}
}

func (s *Auth) Token(ctx context.Context, r *pb.TokenRequest) (*pb.TokenResponse, error) {
	ip := r.ClientIp
	if ip == "" {
		ip = ident.ClientIP(ctx)
	}
	res, err := s.uc.Token(ctx, &biz.TokenRequest{ClientID: r.ClientId, ClientSecret: r.ClientSecret, TenantID: r.TenantId,
		Username: r.Username, Password: r.Password, GrantType: r.GrantType, RefreshToken: r.RefreshToken,
		CaptchaKey: r.CaptchaKey, CaptchaCode: r.CaptchaCode, Source: r.Source, Code: r.Code, State: r.State,
		RedirectURI: r.RedirectUri, IP: ip, UserAgent: r.UserAgent})
	if err != nil {
		return nil, err
	}
	u := res.User
	dept := u.DeptIDs
	if i := strings.LastIndexByte(dept, ','); i >= 0 {
		dept = dept[i+1:]
	}
	scope := r.Scope
	if scope == "" {
		scope = "all"
	}
	return &pb.TokenResponse{
		AccessToken: res.AccessToken, TokenType: "bearer", RefreshToken: res.RefreshToken, ExpiresIn: int32(res.ExpiresIn),
		Scope: scope, TenantId: res.Tenant.ID, UserId: strconv.FormatInt(u.ID, 10), DeptId: dept, PostId: u.PostID,
		RoleId: res.RoleIDs, OauthId: res.OAuthID, Account: u.Account, UserName: cmp.Or(u.RealName, u.Name, u.Account),
		NickName: cmp.Or(u.NickName, u.Name, u.Account), RealName: u.RealName, RoleName: res.RoleNames, Avatar: u.Avatar,
		License: "powered by anquan", ExpirationInformation: res.Expiration,
	}, nil
}

func (s *Auth) Captcha(ctx context.Context, _ *commonv1.Empty) (*pb.CaptchaReply, error) {
	code := captcha.Code(4)
	img, err := captcha.Image(code)
	if err != nil {
		return nil, err
	}
	key, err := s.uc.NewCaptcha(ctx, code)
	if err != nil {
		return nil, err
	}
	return &pb.CaptchaReply{Key: key, Image: img, Enabled: s.uc.Captcha}, nil
}

func (s *Auth) Logout(ctx context.Context, r *pb.LogoutRequest) (*wrapperspb.BoolValue, error) {
	return wrapperspb.Bool(true), s.uc.Logout(ctx, r.RefreshToken)
}

func (s *Auth) UserInfo(ctx context.Context, _ *commonv1.Empty) (*pb.UserProfile, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	if id.UserID <= 0 {
		// A social login not yet registered: only what the token knows.
		return &pb.UserProfile{Id: id.UserID, TenantId: id.TenantID, Account: id.Account, Name: id.UserName, OauthId: id.OAuthID}, nil
	}
	return s.profile(ctx)
}

func (s *Auth) ClearCache(ctx context.Context, _ *commonv1.Empty) (*wrapperspb.BoolValue, error) {
	return wrapperspb.Bool(true), s.uc.ClearCache(ctx)
}

func providerOut(p *biz.SocialProvider) *pb.SocialProvider {
	secret := ""
	if p.ClientSecret != "" {
		secret = "******"
	}
	return &pb.SocialProvider{Id: p.ID, TenantId: p.TenantID, Source: p.Source, Name: p.Name, ClientId: p.ClientID, ClientSecret: secret,
		AuthUrl: p.AuthURL, TokenUrl: p.TokenURL, UserInfoUrl: p.UserInfoURL, RedirectUri: p.RedirectURI, Scope: p.Scope,
		Status: p.Status, CreateTime: timefmt.Format(p.CreateTime)}
}

func (s *Auth) SocialProviderList(ctx context.Context, q *commonv1.PageQuery) (*pb.SocialProviderPage, error) {
	p, err := s.providers.Page(ctx, paging.Query{Current: int(q.Current), Size: int(q.Size), Ascs: q.Ascs, Descs: q.Descs, Filters: q.Filters})
	if err != nil {
		return nil, err
	}
	out := &pb.SocialProviderPage{Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
	for i := range p.Records {
		out.Records = append(out.Records, providerOut(&p.Records[i]))
	}
	return out, nil
}

func (s *Auth) SocialProviderSubmit(ctx context.Context, r *pb.SocialProvider) (*wrapperspb.BoolValue, error) {
	p := &biz.SocialProvider{Source: strings.TrimSpace(r.Source), Name: r.Name, ClientID: r.ClientId, ClientSecret: r.ClientSecret,
		AuthURL: r.AuthUrl, TokenURL: r.TokenUrl, UserInfoURL: r.UserInfoUrl, RedirectURI: r.RedirectUri, Scope: r.Scope}
	p.ID, p.Status = r.Id, r.Status
	if p.Status == 0 {
		p.Status = 1
	}
	if p.Source == "" || p.ClientID == "" {
		return nil, errs.BadRequest("请输入来源和客户端 ID")
	}
	// The server calls these two (the browser only visits authUrl): no
	// internal address unless the deployment allows private providers.
	for _, u := range []string{p.TokenURL, p.UserInfoURL} {
		if err := s.checkURL(ctx, u); err != nil {
			return nil, errs.BadRequest("%s", err.Error())
		}
	}
	if dup, err := s.providers.Exists(ctx, p.ID, "source = ?", p.Source); err != nil {
		return nil, err
	} else if dup {
		return nil, errs.Duplicate("该来源已配置")
	}
	if p.ID == 0 {
		if p.ClientSecret == "" {
			return nil, errs.BadRequest("请输入客户端密钥")
		}
		return wrapperspb.Bool(true), s.providers.Create(ctx, p)
	}
	cols := []string{"source", "name", "client_id", "auth_url", "token_url", "user_info_url", "redirect_uri", "scope", "status", "update_time", "update_user"}
	if p.ClientSecret != "" && p.ClientSecret != "******" {
		cols = append(cols, "client_secret")
	}
	return wrapperspb.Bool(true), s.providers.Update(ctx, p.ID, p, cols...)
}

func (s *Auth) SocialProviderRemove(ctx context.Context, r *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, good := ident.ParseIDs(r.Ids)
	if !good {
		return nil, errs.BadRequest("ids 参数格式错误")
	}
	return wrapperspb.Bool(true), s.providers.Remove(ctx, ids)
}
