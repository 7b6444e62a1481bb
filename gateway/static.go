package gateway

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

//go:embed openapi/anquan.swagger.json
var openapiJSON []byte

//go:embed docs.html
var docsHTML []byte

//go:embed placeholder.html
var placeholderHTML []byte

// spa serves the built web app with the SPA fallback: unknown paths that are
// not API calls get index.html so the client router can take them. Without
// a build it serves a placeholder page that says how to build one.
func spa(dir string) http.Handler {
	index := filepath.Join(dir, "index.html")
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := os.Stat(index); err != nil {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(placeholderHTML)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if p != "/" {
			if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "/static/") || strings.Contains(path.Base(p), ".") && p != "/index.html" {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				fs.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, index)
	})
}

// openapiDoc is the generated document plus the token endpoint, which the
// gateway serves itself and so no proto describes.
var openapiDoc = func() []byte {
	var doc map[string]any
	if err := json.Unmarshal(openapiJSON, &doc); err != nil {
		return openapiJSON
	}
	doc["info"] = map[string]any{"title": "Anquan REST API", "version": "1.9.1", "description": "Blade-style REST: every answer is {code, success, data, msg} except the token endpoint."}
	param := func(name, in, desc string, required bool) map[string]any {
		return map[string]any{"name": name, "in": in, "type": "string", "required": required, "description": desc}
	}
	paths, _ := doc["paths"].(map[string]any)
	if paths != nil {
		paths[tokenPath] = map[string]any{"post": map[string]any{
			"tags": []string{"AuthService"}, "operationId": "AuthService_TokenEndpoint",
			"summary":  "OAuth2 token: grant_type password, captcha, refresh_token or social. Client in Basic auth. Answers the bare OAuth2 object, or {error_code, error_description}.",
			"consumes": []string{"application/x-www-form-urlencoded"},
			"parameters": []any{
				param("Authorization", "header", "Basic base64(client_id:client_secret)", true),
				param("Tenant-Id", "header", "tenant (when tenantId is absent)", false),
				param("Captcha-Key", "header", "captcha key from oauth/captcha", false),
				param("Captcha-Code", "header", "captcha answer", false),
				param("grant_type", "query", "password | captcha | refresh_token | social", true),
				param("tenantId", "query", "six-digit tenant id", false),
				param("username", "query", "account", false),
				param("password", "query", "password (AES transport format for clients that encrypt)", false),
				param("refresh_token", "query", "for grant_type refresh_token", false),
				param("source", "query", "social provider source", false),
				param("code", "query", "social authorization code", false),
				param("scope", "query", "all", false),
			},
			"responses": map[string]any{"200": map[string]any{"description": "access_token, token_type, refresh_token, expires_in, tenant_id, user_id, dept_id, role_id, account, user_name, nick_name, role_name, avatar, expirationInformation"},
				"400": map[string]any{"description": "refused: error_description"}, "401": map[string]any{"description": "bad client"}},
		}}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return openapiJSON
	}
	return out
}()

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(openapiDoc)
}

func serveDocs(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(docsHTML)
}
