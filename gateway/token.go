package gateway

import (
	"cmp"
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"net/url"

	kerrors "github.com/go-kratos/kratos/v2/errors"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"

	"anquan/kit/errs"
	"anquan/kit/ident"
	authv1 "anquan/proto/blade/auth/v1"
)

var tokenJSON = protojson.MarshalOptions{EmitUnpopulated: true}

// tokenHandler serves POST /api/blade-auth/oauth/token: parameters in a
// form body (application/x-www-form-urlencoded or multipart/form-data), the
// client in Basic auth, the bare OAuth2 answer, and
// {"error_code","error_description"} on refusal, as standard OAuth2 clients
// and the Blade web client both expect. GET is refused (405), and so are
// secrets in the query string (400): URLs end up in logs, proxies and
// browser history.
func (g *Gateway) tokenHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		tokenError(w, http.StatusMethodNotAllowed, "invalid_request", "令牌接口只接受 POST 表单请求")
		return
	}
	ip := ident.ClientIP(r.Context())
	if !g.tokenLimit.allow(r.Context(), ip) {
		tokenError(w, http.StatusTooManyRequests, "invalid_request", "请求过于频繁,请稍后再试")
		return
	}
	if name := secretInQuery(r.URL.Query()); name != "" {
		tokenError(w, http.StatusBadRequest, "invalid_request", "请勿在请求地址中传递 "+name+",请将其放在 POST 表单中提交")
		return
	}
	if err := parseTokenForm(r); err != nil {
		tokenError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	clientID, secret, ok := r.BasicAuth()
	if !ok {
		clientID, secret = r.Form.Get("client_id"), r.Form.Get("client_secret")
	}
	if clientID == "" {
		tokenError(w, http.StatusUnauthorized, "invalid_client", "客户端认证失败: 缺少 Authorization 请求头")
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
		ClientIp:    ip, UserAgent: r.UserAgent(),
	}
	resp, err := g.auth.Token(r.Context(), req)
	if err != nil {
		// A kratos error from auth: its message, and Blade's OAuth status.
		code := http.StatusBadRequest
		msg := kerrors.FromError(err).Message
		switch errs.Code(err) {
		case codes.Unauthenticated:
			code = http.StatusUnauthorized
		case codes.ResourceExhausted:
			code = http.StatusBadRequest
		case codes.Unavailable, codes.DeadlineExceeded:
			code, msg = http.StatusServiceUnavailable, "服务暂不可用,请稍后再试"
		case codes.Internal, codes.Unknown:
			code, msg = http.StatusInternalServerError, "服务器异常,请联系管理员"
		}
		tokenError(w, code, oauthError(code), msg)
		return
	}
	b, err := tokenJSON.Marshal(resp)
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", "服务器异常,请联系管理员")
		return
	}
	w.Header().Set("Content-Type", contentTypeJSON)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// secretParams may not travel in a URL.
var secretParams = []string{"password", "client_secret", "refresh_token", "code"}

// secretInQuery names the first secret parameter in the query string, or "".
func secretInQuery(q url.Values) string {
	for _, k := range secretParams {
		if _, ok := q[k]; ok {
			return k
		}
	}
	return ""
}

// parseTokenForm reads the form body; anything but a form is refused.
func parseTokenForm(r *http.Request) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err == nil {
		switch mt {
		case "application/x-www-form-urlencoded":
			if err := r.ParseForm(); err != nil {
				return errors.New("请求参数错误,请检查表单内容")
			}
			return nil
		case "multipart/form-data":
			// limitBody bounds the body; fields only, files are not read.
			if err := r.ParseMultipartForm(1 << 20); err != nil { //nolint:gosec // G120: ParseMultipartForm keeps at most 1 MiB in memory; the rest spills to temp files
				return errors.New("请求参数错误,请检查表单内容")
			}
			if r.MultipartForm != nil {
				if err := r.MultipartForm.RemoveAll(); err != nil {
					slog.Warn("token form: temporary files not removed", "err", err)
				}
			}
			return nil
		}
	}
	return errors.New("请以表单 (application/x-www-form-urlencoded 或 multipart/form-data) 提交令牌请求")
}

func tokenError(w http.ResponseWriter, code int, oauthErr, msg string) {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	// The status line is sent; a failed body write means the client left.
	_ = json.NewEncoder(w).Encode(map[string]any{"error_code": code, "error_description": msg, "error": oauthErr, "success": false, "code": code, "msg": msg})
}

func oauthError(code int) string {
	switch {
	case code == http.StatusUnauthorized:
		return "invalid_client"
	case code >= 500:
		return "server_error"
	}
	return "invalid_grant"
}
