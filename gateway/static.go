package gateway

import (
	_ "embed"
	"encoding/json"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
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
			if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p))); err == nil && !st.IsDir() { //nolint:gosec // G703: p is a cleaned URL path (no ..) joined under the operator's web dir
				if strings.HasPrefix(p, "/static/") || strings.Contains(path.Base(p), ".") && p != "/index.html" {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				w.Header().Add("Vary", "Accept-Encoding")
				if file, enc, cst := precompressed(dir, p, r.Header.Get("Accept-Encoding")); file != "" {
					// the build's .br/.gz sibling (web/scripts/precompress.mjs): smaller than the
					// on-the-fly gzip and no CPU per request; the gzip wrapper leaves it alone
					if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
						w.Header().Set("Content-Type", ct)
					}
					w.Header().Set("Content-Encoding", enc)
					w.Header().Set("ETag", etag(cst, enc))
					http.ServeFile(w, r, file)
					return
				}
				w.Header().Set("ETag", etag(st, ""))
				fs.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		if st, err := os.Stat(index); err == nil {
			w.Header().Set("ETag", etag(st, ""))
		}
		if hashes := pageHashes.of(index); len(hashes) > 0 {
			w.Header().Set("Content-Security-Policy", csp(hashes...))
		}
		http.ServeFile(w, r, index)
	})
}

// etag is a strong validator of one stored representation: the file's
// modification time and size, and the coding of a precompressed sibling (the
// br, gzip and plain bodies of one URL differ, so their tags differ too).
// http.ServeFile answers If-None-Match with 304 from it.
func etag(st os.FileInfo, coding string) string {
	tag := strconv.FormatInt(st.ModTime().UnixNano(), 36) + "-" + strconv.FormatInt(st.Size(), 36)
	if coding != "" {
		tag += "-" + coding
	}
	return `"` + tag + `"`
}

// precompressed is the brotli (.br) or gzip (.gz) sibling of the file at the
// cleaned URL path p that the request accepts, its coding and its file info;
// "" when none.
func precompressed(dir, p, accept string) (string, string, os.FileInfo) {
	for _, c := range []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsCoding(accept, c.coding) {
			continue
		}
		f := filepath.Join(dir, filepath.FromSlash(p)) + c.ext
		if st, err := os.Stat(f); err == nil && !st.IsDir() { //nolint:gosec // G703: p is a cleaned URL path (no ..) joined under the operator's web dir
			return f, c.coding, st
		}
	}
	return "", "", nil
}

// acceptsCoding reports whether an Accept-Encoding value takes the coding
// (listed without q=0).
func acceptsCoding(accept, coding string) bool {
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// pageHashes remembers the inline-script hashes of index.html until the
// file changes (a new web build), so the policy follows the build.
var pageHashes = &hashCache{}

type hashCache struct {
	mu     sync.Mutex
	mod    time.Time
	size   int64
	hashes []string
}

func (c *hashCache) of(file string) []string {
	st, err := os.Stat(file)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st.ModTime().Equal(c.mod) && st.Size() == c.size {
		return c.hashes
	}
	b, err := os.ReadFile(file) //nolint:gosec // G304: file is index.html in the operator-configured web dir
	if err != nil {
		// ServeFile answers the error; the default policy stays.
		return nil
	}
	c.mod, c.size, c.hashes = st.ModTime(), st.Size(), inlineScriptHashes(b)
	return c.hashes
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
			"summary":  "OAuth2 token: grant_type password, captcha, refresh_token or social, as a POST form (GET and secrets in the query string are refused). Client in Basic auth. Answers the bare OAuth2 object, or {error_code, error_description}.",
			"consumes": []string{"application/x-www-form-urlencoded", "multipart/form-data"},
			"parameters": []any{
				param("Authorization", "header", "Basic base64(client_id:client_secret)", true),
				param("Tenant-Id", "header", "tenant (when tenantId is absent)", false),
				param("Captcha-Key", "header", "captcha key from oauth/captcha", false),
				param("Captcha-Code", "header", "captcha answer", false),
				param("grant_type", "formData", "password | captcha | refresh_token | social", true),
				param("tenantId", "formData", "six-digit tenant id", false),
				param("username", "formData", "account", false),
				param("password", "formData", "password (AES transport format for clients that encrypt)", false),
				param("refresh_token", "formData", "for grant_type refresh_token", false),
				param("source", "formData", "social provider source", false),
				param("code", "formData", "social authorization code", false),
				param("scope", "formData", "all", false),
			},
			"responses": map[string]any{"200": map[string]any{"description": "access_token, token_type, refresh_token, expires_in, tenant_id, user_id, dept_id, role_id, account, user_name, nick_name, role_name, avatar, expirationInformation"},
				"400": map[string]any{"description": "refused: error_description"}, "401": map[string]any{"description": "bad client"}, "405": map[string]any{"description": "not a POST"}},
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

// docsCSP allows the docs page's own inline script, by hash.
var docsCSP = csp(inlineScriptHashes(docsHTML)...)

func serveDocs(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Security-Policy", docsCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(docsHTML)
}
