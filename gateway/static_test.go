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

func TestSPACacheHeadersAndETags(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<html></html>")
	write("umi.3f2a9c1d.js", "plain body")
	write("umi.3f2a9c1d.js.br", "brotli body")
	write("umi.3f2a9c1d.js.gz", "gzip body")
	write("style.css", "body{}")
	h := spa(dir)
	get := func(path, accept, ifNoneMatch string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		if ifNoneMatch != "" {
			r.Header.Set("If-None-Match", ifNoneMatch)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}

	br, gz, plain := get("/umi.3f2a9c1d.js", "br", ""), get("/umi.3f2a9c1d.js", "gzip", ""), get("/umi.3f2a9c1d.js", "", "")
	tags := map[string]bool{}
	for name, w := range map[string]*httptest.ResponseRecorder{"br": br, "gzip": gz, "plain": plain} {
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d", name, w.Code)
		}
		if cc := w.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", name, cc)
		}
		if v := w.Header().Get("Vary"); v != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", name, v)
		}
		if ct := w.Header().Get("Content-Type"); ct != "text/javascript; charset=utf-8" && ct != "application/javascript" {
			t.Errorf("%s: Content-Type %q", name, ct)
		}
		tag := w.Header().Get("ETag")
		if len(tag) < 3 || tag[0] != '"' || tag[len(tag)-1] != '"' {
			t.Errorf("%s: ETag %q", name, tag)
		}
		tags[tag] = true
	}
	if len(tags) != 3 {
		t.Errorf("the br, gzip and plain bodies share an ETag: %v", tags)
	}
	if br.Body.String() != "brotli body" || br.Header().Get("Content-Encoding") != "br" {
		t.Errorf("br: encoding %q body %q", br.Header().Get("Content-Encoding"), br.Body.String())
	}

	// revalidation: the tag of the coding the request gets answers 304, another coding's does not
	if w := get("/umi.3f2a9c1d.js", "br", br.Header().Get("ETag")); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Errorf("br revalidation: status %d, %d bytes", w.Code, w.Body.Len())
	}
	if w := get("/umi.3f2a9c1d.js", "gzip", br.Header().Get("ETag")); w.Code != http.StatusOK || w.Body.String() != "gzip body" {
		t.Errorf("gzip with the br tag: status %d body %q", w.Code, w.Body.String())
	}
	if w := get("/umi.3f2a9c1d.js", "", plain.Header().Get("ETag")); w.Code != http.StatusNotModified {
		t.Errorf("plain revalidation: status %d", w.Code)
	}

	// a file without siblings is served plain with its type, whatever the request accepts
	if w := get("/style.css", "br, gzip", ""); w.Header().Get("Content-Encoding") != "" || w.Body.String() != "body{}" ||
		w.Header().Get("Content-Type") != "text/css; charset=utf-8" || w.Header().Get("ETag") == "" {
		t.Errorf("style.css: encoding %q type %q etag %q body %q", w.Header().Get("Content-Encoding"), w.Header().Get("Content-Type"), w.Header().Get("ETag"), w.Body.String())
	}

	// the page itself (and every client route) is revalidated each time, never immutable
	for _, p := range []string{"/", "/login", "/system/user"} {
		w := get(p, "br", "")
		if w.Code != http.StatusOK || w.Body.String() != "<html></html>" {
			t.Errorf("%s: status %d body %q", p, w.Code, w.Body.String())
		}
		if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
		if w.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: Content-Encoding %q on the page", p, w.Header().Get("Content-Encoding"))
		}
		if tag := w.Header().Get("ETag"); tag == "" {
			t.Errorf("%s: no ETag", p)
		} else if w := get(p, "", tag); w.Code != http.StatusNotModified {
			t.Errorf("%s revalidation: status %d", p, w.Code)
		}
	}
}
