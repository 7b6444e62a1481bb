package gateway

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/rs/cors"
)

// contentSecurityPolicy fits the built web app (umi + antd): scripts and
// everything they fetch come from the gateway's own origin; antd's CSS-in-JS
// writes <style> elements, hence 'unsafe-inline' for styles only; images
// may be data: and blob: URLs (previews, downloads); /myiframe embeds the
// external pages a menu names, so frames may load http(s) pages, while
// nobody may frame Anquan (frame-ancestors 'none', clickjacking). The 3D map's Cesium decodes
// compressed meshes and textures (Draco, meshopt, KTX2) with WebAssembly, in the page and in its
// workers: 'wasm-unsafe-eval' allows compiling WebAssembly and nothing else ('unsafe-eval', string
// evaluation, stays forbidden).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'%s 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
	"frame-src 'self' http: https:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// csp is the policy with extra script sources (hashes of inline scripts).
func csp(scripts ...string) string {
	extra := ""
	for _, s := range scripts {
		extra += " " + s
	}
	return strings.Replace(contentSecurityPolicy, "%s", extra, 1)
}

var defaultCSP = csp()

// securityHeaders puts the browser protections on every answer of the
// gateway: API envelopes, errors, the token endpoint, the web app and its
// files. A handler serving a page with inline scripts (the API docs, an
// index.html with an inline script) replaces the policy with one naming
// their hashes. The gateway sets no cookies.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", defaultCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

var inlineScript = regexp.MustCompile(`(?is)<script(\s[^>]*)?>(.*?)</script>`)

// inlineScriptHashes are the CSP sources ('sha256-...') of the inline
// scripts of an HTML page; scripts with a src are not inline.
func inlineScriptHashes(html []byte) []string {
	var out []string
	for _, m := range inlineScript.FindAllSubmatch(html, -1) {
		attrs, body := strings.ToLower(string(m[1])), m[2]
		if strings.Contains(attrs, "src=") || len(body) == 0 {
			continue
		}
		sum := sha256.Sum256(body)
		src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !slices.Contains(out, src) {
			out = append(out, src)
		}
	}
	return out
}

// withCORS lets the configured other origins call the API. None by default:
// the web app is served by the gateway itself, same-origin, and needs no
// CORS (rs/cors would treat an empty list as "any origin", so no handler is
// installed at all). Credentials are never allowed: Anquan authenticates
// with the Blade-Auth and Authorization headers, not cookies, and "*" must
// never go with credentials.
func withCORS(origins []string, next http.Handler) http.Handler {
	var list []string
	for _, o := range origins {
		if o = strings.TrimSpace(o); o != "" {
			list = append(list, o)
		}
	}
	if len(list) == 0 {
		return next
	}
	if slices.Contains(list, "*") {
		list = []string{"*"}
	}
	return cors.New(cors.Options{
		AllowedOrigins:   list,
		AllowedMethods:   []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete},
		AllowedHeaders:   []string{"Authorization", "Blade-Auth", "Tenant-Id", "Captcha-Key", "Captcha-Code", "Content-Type", "X-Request-Id"},
		ExposedHeaders:   []string{"Content-Disposition", "X-Request-Id"},
		MaxAge:           86400,
		AllowCredentials: false,
	}).Handler(next)
}
