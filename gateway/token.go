package gateway

import (
	"cmp"
	"encoding/json"
	"net/http"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	"anquan/kit/ident"
	authv1 "anquan/proto/blade/auth/v1"
)

var tokenJSON = protojson.MarshalOptions{EmitUnpopulated: true}

// tokenHandler serves POST /api/blade-auth/oauth/token: parameters from the
// query string or a form body, the client in Basic auth, the bare OAuth2
// answer, and {"error_code","error_description"} on refusal, as standard
// OAuth2 clients and the Blade web client both expect.
func (g *Gateway) tokenHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost && r.Method != http.MethodGet {
		tokenError(w, http.StatusMethodNotAllowed, "请使用 POST 请求")
		return
	}
	if !g.tokenLimit.allow(clientIP(r)) {
		tokenError(w, http.StatusTooManyRequests, "请求过于频繁,请稍后再试")
		return
	}
	if err := r.ParseForm(); err != nil {
		tokenError(w, http.StatusBadRequest, "请求参数错误")
		return
	}
	clientID, secret, ok := r.BasicAuth()
	if !ok {
		clientID, secret = r.Form.Get("client_id"), r.Form.Get("client_secret")
	}
	if clientID == "" {
		tokenError(w, http.StatusUnauthorized, "客户端认证失败: 缺少 Authorization 请求头")
		return
	}
	tenant := r.Form.Get("tenantId")
	if tenant == "" {
		tenant = r.Form.Get("tenant_id")
	}
	if tenant == "" {
		tenant = r.Header.Get("Tenant-Id")
	}
	req := &authv1.TokenRequest{
		ClientId: clientID, ClientSecret: secret, TenantId: tenant,
		Username: r.Form.Get("username"), Password: r.Form.Get("password"),
		GrantType: r.Form.Get("grant_type"), Scope: r.Form.Get("scope"), Type: r.Form.Get("type"),
		RefreshToken: r.Form.Get("refresh_token"),
		CaptchaKey:   cmp.Or(r.Header.Get("Captcha-Key"), r.Form.Get("captcha_key")),
		CaptchaCode:  cmp.Or(r.Header.Get("Captcha-Code"), r.Form.Get("captcha_code")),
		Source:       r.Form.Get("source"), Code: r.Form.Get("code"), State: r.Form.Get("state"),
		RedirectUri: r.Form.Get("redirect_uri"),
		ClientIp:    clientIP(r), UserAgent: r.UserAgent(),
	}
	ctx := ident.WithClientIP(r.Context(), clientIP(r))
	resp, err := g.auth.Token(ctx, req)
	if err != nil {
		st := status.Convert(err)
		code := http.StatusBadRequest
		msg := st.Message()
		switch st.Code() {
		case codes.Unauthenticated:
			code = http.StatusUnauthorized
		case codes.ResourceExhausted:
			code = http.StatusBadRequest
		case codes.Unavailable, codes.DeadlineExceeded:
			code, msg = http.StatusServiceUnavailable, "服务暂不可用,请稍后再试"
		case codes.Internal, codes.Unknown:
			code, msg = http.StatusInternalServerError, "服务器异常,请联系管理员"
		}
		tokenError(w, code, msg)
		return
	}
	b, err := tokenJSON.Marshal(resp)
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "服务器异常,请联系管理员")
		return
	}
	w.Header().Set("Content-Type", contentTypeJSON)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

func tokenError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]any{"error_code": code, "error_description": msg, "error": oauthError(code), "success": false, "code": code, "msg": msg})
}

func oauthError(code int) string {
	if code == http.StatusUnauthorized {
		return "invalid_client"
	}
	return "invalid_grant"
}
