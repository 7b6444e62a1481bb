package storage

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/storage/s3fake"
)

// The fake's verifier against the example of the S3 SigV4 documentation
// ("Example: GET Object"), so the fake below checks minio-go's signatures
// by the documentation, not by minio-go's own code.
func TestVerifierMatchesTheAWSExample(t *testing.T) {
	u, _ := url.Parse("https://examplebucket.s3.amazonaws.com/test.txt")
	h := http.Header{}
	h.Set("Range", "bytes=0-9")
	h.Set("X-Amz-Content-Sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
	h.Set("X-Amz-Date", "20130524T000000Z")
	got := s3fake.Signature("GET", u, u.Host, h, []string{"host", "range", "x-amz-content-sha256", "x-amz-date"},
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC))
	if want := "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"; got != want {
		t.Fatalf("signature\n got %s\nwant %s", got, want)
	}
}

func get(t *testing.T, s Store, key string) ([]byte, error) {
	t.Helper()
	rc, err := s.Get(context.Background(), key)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rc.Close() }() // best-effort cleanup in a test
	return io.ReadAll(rc)
}

// minio-go against a fake store that checks every request's signature (and
// every chunk's, as minio-go streams uploads over plain HTTP).
func TestS3RoundTripWithSignedRequests(t *testing.T) {
	f := s3fake.New("AK", "SECRET", "cn-east-1")
	srv := httptest.NewServer(f)
	defer srv.Close()
	ctx := context.Background()
	s, err := NewS3(srv.URL, "cn-east-1", "anquan", "AK", "SECRET", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "100001/abc.png", strings.NewReader("png-bytes"), 9, "image/png"); err != nil {
		t.Fatalf("put: %v", err)
	}
	if got, err := get(t, s, "100001/abc.png"); err != nil || string(got) != "png-bytes" {
		t.Fatalf("get: %q %v", got, err)
	}
	if err := s.Delete(ctx, "100001/abc.png"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := s.Get(ctx, "100001/abc.png"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get after delete: %v", err)
	}
	if err := s.Delete(ctx, "100001/abc.png"); err != nil {
		t.Fatalf("delete of a missing key: %v", err)
	}
	if got := strings.Join(f.Seen(), ","); got != "PUT /anquan/100001/abc.png,GET /anquan/100001/abc.png,DELETE /anquan/100001/abc.png,GET /anquan/100001/abc.png,DELETE /anquan/100001/abc.png" {
		t.Fatalf("requests: %v", got)
	}
	bad, _ := NewS3(srv.URL, "cn-east-1", "anquan", "AK", "WRONG", nil)
	if err := bad.Put(ctx, "100001/x.png", strings.NewReader("x"), 1, ""); err == nil || !strings.Contains(err.Error(), "Access Denied") {
		t.Fatalf("wrong secret: want a 403 refusal, got %v", err)
	}
	if _, stored := f.Object("/anquan/100001/x.png"); stored {
		t.Fatal("a request with a wrong signature was served")
	}
	if err := s.Put(ctx, "../x", strings.NewReader("x"), 1, ""); err == nil {
		t.Fatal("bad key accepted")
	}
}

// A file larger than the part size goes up in signed parts, read from the
// stream part by part; unknown sizes too.
func TestS3MultipartUpload(t *testing.T) {
	f := s3fake.New("AK", "SECRET", "us-east-1")
	srv := httptest.NewServer(f)
	defer srv.Close()
	s, err := NewS3(srv.URL, "", "anquan", "AK", "SECRET", nil)
	if err != nil {
		t.Fatal(err)
	}
	s.PartSize = 5 << 20
	big := bytes.Repeat([]byte("0123456789abcdef"), (11<<20)/16+3) // 11 MiB and a bit: 3 parts
	for _, size := range []int64{int64(len(big)), -1} {
		if err := s.Put(context.Background(), "100001/big.mp4", io.MultiReader(bytes.NewReader(big)), size, "video/mp4"); err != nil {
			t.Fatalf("put size %d: %v", size, err)
		}
		if got, _ := f.Object("/anquan/100001/big.mp4"); !bytes.Equal(got, big) {
			t.Fatalf("size %d: stored %d bytes, want %d", size, len(got), len(big))
		}
	}
	parts := 0
	for _, r := range f.Seen() {
		if strings.HasPrefix(r, "PUT /anquan/100001/big.mp4?partNumber&uploadId") {
			parts++
		}
	}
	if parts < 6 {
		t.Fatalf("want 3 parts per upload, saw %v", f.Seen())
	}
}

func TestLocalStoreAndKeys(t *testing.T) {
	ctx := context.Background()
	l, err := NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Put(ctx, "100001/a.txt", strings.NewReader("hi"), 2, ""); err != nil {
		t.Fatal(err)
	}
	if b, err := get(t, l, "100001/a.txt"); err != nil || string(b) != "hi" {
		t.Fatalf("get: %q %v", b, err)
	}
	if err := l.Delete(ctx, "100001/a.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Get(ctx, "100001/a.txt"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	for _, k := range []string{"../etc/passwd", "100001/../x", "/abs", "a//b", "100001/.hidden", "a b", "", "a/b\\c"} {
		if err := l.Put(ctx, k, strings.NewReader("x"), 1, ""); err == nil {
			t.Errorf("key %q accepted", k)
		}
	}
}
