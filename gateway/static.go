package gateway

import (
	_ "embed"
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

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(openapiJSON)
}

func serveDocs(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(docsHTML)
}
