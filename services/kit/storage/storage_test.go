package storage

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The example of the S3 SigV4 documentation ("Example: GET Object").
func TestSignMatchesTheAWSExample(t *testing.T) {
	req, _ := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	req.Header.Set("Range", "bytes=0-9")
	Sign(req, nil, "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", "s3", time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC))
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Fatalf("authorization\n got %s\nwant %s", got, want)
	}
}

var authRe = regexp.MustCompile(`^AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/s3/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$`)

// fakeS3 checks every request's signature against the secret it knows and
// keeps objects in memory.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string][]byte
	secret  string
	seen    []string
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m := authRe.FindStringSubmatch(r.Header.Get("Authorization"))
	if m == nil || m[1] != "AK" || m[3] != "cn-east-1" {
		http.Error(w, "bad authorization header", 403)
		return
	}
	sum := sha256.Sum256(body)
	if r.Header.Get("X-Amz-Content-Sha256") != hex.EncodeToString(sum[:]) {
		http.Error(w, "payload hash mismatch", 400)
		return
	}
	at, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
	if err != nil || time.Since(at).Abs() > 15*time.Minute || at.Format("20060102") != m[2] {
		http.Error(w, "request time too skewed", 403)
		return
	}
	// Recompute the signature the way the store does, from what arrived.
	check, _ := http.NewRequest(r.Method, "http://"+r.Host+r.URL.RequestURI(), nil)
	for k, v := range r.Header {
		if k != "Authorization" {
			check.Header[k] = v
		}
	}
	Sign(check, body, "AK", f.secret, "cn-east-1", "s3", at)
	if check.Header.Get("Authorization") != r.Header.Get("Authorization") {
		http.Error(w, "SignatureDoesNotMatch", 403)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, r.Method+" "+r.URL.Path)
	switch r.Method {
	case "PUT":
		f.objects[r.URL.Path] = body
	case "GET":
		b, ok := f.objects[r.URL.Path]
		if !ok {
			http.Error(w, "NoSuchKey", 404)
			return
		}
		w.Write(b)
	case "DELETE":
		delete(f.objects, r.URL.Path)
		w.WriteHeader(204)
	}
}

func TestS3RoundTripWithSignedRequests(t *testing.T) {
	f := &fakeS3{objects: map[string][]byte{}, secret: "SECRET"}
	srv := httptest.NewServer(f)
	defer srv.Close()
	ctx := context.Background()
	s := NewS3(srv.URL, "cn-east-1", "anquan", "AK", "SECRET", srv.Client())
	if err := s.Put(ctx, "100001/abc.png", []byte("png-bytes"), "image/png"); err != nil {
		t.Fatalf("put: %v", err)
	}
	if got, err := s.Get(ctx, "100001/abc.png"); err != nil || string(got) != "png-bytes" {
		t.Fatalf("get: %q %v", got, err)
	}
	if err := s.Delete(ctx, "100001/abc.png"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := s.Get(ctx, "100001/abc.png"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get after delete: %v", err)
	}
	if strings.Join(f.seen, ",") != "PUT /anquan/100001/abc.png,GET /anquan/100001/abc.png,DELETE /anquan/100001/abc.png,GET /anquan/100001/abc.png" {
		t.Fatalf("requests: %v", f.seen)
	}
	bad := NewS3(srv.URL, "cn-east-1", "anquan", "AK", "WRONG", srv.Client())
	if err := bad.Put(ctx, "100001/x.png", []byte("x"), ""); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("wrong secret: want a 403 error, got %v", err)
	}
}

func TestLocalStoreAndKeys(t *testing.T) {
	ctx := context.Background()
	l, err := NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Put(ctx, "100001/a.txt", []byte("hi"), ""); err != nil {
		t.Fatal(err)
	}
	if b, err := l.Get(ctx, "100001/a.txt"); err != nil || string(b) != "hi" {
		t.Fatalf("get: %q %v", b, err)
	}
	if err := l.Delete(ctx, "100001/a.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Get(ctx, "100001/a.txt"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	for _, k := range []string{"../etc/passwd", "100001/../x", "/abs", "a//b", "100001/.hidden", "a b", "", "a/b\\c"} {
		if err := l.Put(ctx, k, []byte("x"), ""); err == nil {
			t.Errorf("key %q accepted", k)
		}
	}
}
