package gateway

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestSPAServesPrecompressedSiblings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<html></html>")
	write("umi.js", "plain")
	write("umi.js.br", "brotli")
	write("umi.js.gz", "gzip")
	write("other.js", "only plain")
	h := spa(dir)
	get := func(path, accept string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for _, c := range []struct{ path, accept, body, enc string }{
		{"/umi.js", "gzip, deflate, br, zstd", "brotli", "br"},
		{"/umi.js", "gzip", "gzip", "gzip"},
		{"/umi.js", "br;q=0, gzip", "gzip", "gzip"},
		{"/umi.js", "", "plain", ""},
		{"/other.js", "br", "only plain", ""},
	} {
		w := get(c.path, c.accept)
		if w.Body.String() != c.body || w.Header().Get("Content-Encoding") != c.enc {
			t.Errorf("%s with %q: body %q encoding %q", c.path, c.accept, w.Body.String(), w.Header().Get("Content-Encoding"))
		}
		if ct := w.Header().Get("Content-Type"); c.body != "" && ct != "text/javascript; charset=utf-8" && ct != "application/javascript" {
			t.Errorf("%s with %q: content type %q", c.path, c.accept, ct)
		}
	}
}
