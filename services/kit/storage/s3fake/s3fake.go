// Package s3fake is an in-memory S3 store for tests that refuses any
// request whose AWS Signature Version 4 does not verify: the header
// signature of every request, and the chunk signatures of a streamed
// (aws-chunked) upload. It serves what the storage driver calls: put (single
// or multipart), get, head and delete, path-style (/<bucket>/<key>).
//
// The verifier is written from the AWS documentation on purpose, apart from
// the client (minio-go) whose requests it checks; TestVerifierMatchesTheAWS
// Example pins it to the documentation's example.
package s3fake

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Server is the fake store (an http.Handler).
type Server struct {
	AccessKey, Secret, Region string

	mu      sync.Mutex
	objects map[string][]byte
	uploads map[string]map[int][]byte
	seen    []string
}

// New makes a fake store that accepts requests signed with the key pair for region.
func New(accessKey, secret, region string) *Server {
	return &Server{AccessKey: accessKey, Secret: secret, Region: region, objects: map[string][]byte{}, uploads: map[string]map[int][]byte{}}
}

// Object is the stored content under a path ("/<bucket>/<key>").
func (f *Server) Object(path string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.objects[path]
	return b, ok
}

// Paths lists the stored objects' paths.
func (f *Server) Paths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, 0, len(f.objects))
	for p := range f.objects {
		out = append(out, p)
	}
	return out
}

// Pending is the number of multipart uploads begun and neither completed
// nor aborted.
func (f *Server) Pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.uploads)
}

// Seen lists the verified requests as "METHOD /path[?query names]".
func (f *Server) Seen() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.seen...)
}

var authRe = regexp.MustCompile(`^AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/s3/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$`)

const (
	streaming = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD"
	unsigned  = "UNSIGNED-PAYLOAD"
)

func (f *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := f.verify(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	q := r.URL.Query()
	names := make([]string, 0, len(q))
	for k := range q {
		names = append(names, k)
	}
	sort.Strings(names)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, strings.TrimSuffix(r.Method+" "+r.URL.Path+"?"+strings.Join(names, "&"), "?"))
	path := r.URL.Path
	switch {
	case r.Method == http.MethodPost && q.Has("uploads"):
		id := strconv.Itoa(len(f.uploads) + 1)
		f.uploads[id] = map[int][]byte{}
		_, _ = fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><UploadId>%s</UploadId></InitiateMultipartUploadResult>`, id) // test fake: a failed write shows up as a client error
	case r.Method == http.MethodPut && q.Has("uploadId"):
		parts, ok := f.uploads[q.Get("uploadId")]
		n, _ := strconv.Atoi(q.Get("partNumber"))
		if !ok || n < 1 {
			http.Error(w, "NoSuchUpload", http.StatusNotFound)
			return
		}
		parts[n] = body
		w.Header().Set("ETag", fmt.Sprintf(`"%x"`, sha256.Sum256(body)))
	case r.Method == http.MethodPost && q.Has("uploadId"):
		parts, ok := f.uploads[q.Get("uploadId")]
		var done struct {
			Parts []struct{ PartNumber int } `xml:"Part"`
		}
		if !ok || xml.Unmarshal(body, &done) != nil || len(done.Parts) == 0 { //nolint:gosec // G709: test fake S3 server; the XML is a part list decoded into a fixed struct
			http.Error(w, "InvalidPart", http.StatusBadRequest)
			return
		}
		var all []byte
		for _, p := range done.Parts {
			all = append(all, parts[p.PartNumber]...)
		}
		f.objects[path] = all
		delete(f.uploads, q.Get("uploadId"))
		_, _ = fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>b</Bucket><Key>k</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`) // test fake: a failed write shows up as a client error
	case r.Method == http.MethodDelete && q.Has("uploadId"):
		delete(f.uploads, q.Get("uploadId"))
		w.WriteHeader(http.StatusNoContent)
	case r.Method == http.MethodPut:
		f.objects[path] = body
		w.Header().Set("ETag", `"x"`)
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		b, ok := f.objects[path]
		if !ok {
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusNotFound)
			if r.Method == http.MethodGet {
				_, _ = fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`) // test fake: a failed write shows up as a client error
			}
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Header().Set("ETag", `"x"`)
		w.Header().Set("Last-Modified", time.Now().UTC().Format(http.TimeFormat))
		if r.Method == http.MethodGet {
			_, _ = w.Write(b) // test fake: a failed write shows up as a client error
		}
	case r.Method == http.MethodDelete:
		delete(f.objects, path)
		w.WriteHeader(http.StatusNoContent)
	default:
		http.Error(w, "NotImplemented", http.StatusNotImplemented)
	}
}

// verify checks the request's signature and returns its payload (decoded
// from aws-chunked, every chunk's signature checked, when streamed).
func (f *Server) verify(r *http.Request) ([]byte, error) {
	m := authRe.FindStringSubmatch(r.Header.Get("Authorization"))
	if m == nil || m[1] != f.AccessKey || m[3] != f.Region {
		return nil, fmt.Errorf("bad authorization header %q", r.Header.Get("Authorization"))
	}
	at, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
	if err != nil || time.Since(at).Abs() > 15*time.Minute || at.Format("20060102") != m[2] {
		return nil, fmt.Errorf("request time too skewed")
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	payload := r.Header.Get("X-Amz-Content-Sha256")
	sum := sha256.Sum256(raw)
	if payload != streaming && payload != unsigned && payload != hex.EncodeToString(sum[:]) {
		return nil, fmt.Errorf("payload hash mismatch")
	}
	seed := Signature(r.Method, r.URL, r.Host, r.Header, strings.Split(m[4], ";"), payload, f.Secret, f.Region, at)
	if seed != m[5] {
		return nil, fmt.Errorf("SignatureDoesNotMatch")
	}
	if payload != streaming {
		return raw, nil
	}
	return f.chunks(raw, seed, at, r.Header.Get("X-Amz-Decoded-Content-Length"))
}

// chunks decodes an aws-chunked body, checking each chunk's signature
// against the previous one (the seed first).
func (f *Server) chunks(raw []byte, prev string, at time.Time, decoded string) ([]byte, error) {
	br := bufio.NewReader(bytes.NewReader(raw))
	key := signingKey(f.Secret, f.Region, at)
	var out []byte
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("aws-chunked: %v", err)
		}
		size, sig, ok := strings.Cut(strings.TrimSpace(line), ";chunk-signature=")
		n, err := strconv.ParseInt(size, 16, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("aws-chunked header %q", line)
		}
		data := make([]byte, n+2)
		if _, err := io.ReadFull(br, data); err != nil {
			return nil, fmt.Errorf("aws-chunked: %v", err)
		}
		data = data[:n]
		h := sha256.Sum256(data)
		toSign := "AWS4-HMAC-SHA256-PAYLOAD\n" + at.Format("20060102T150405Z") + "\n" + scope(f.Region, at) + "\n" + prev + "\n" + sha256Hex(nil) + "\n" + hex.EncodeToString(h[:])
		if want := hex.EncodeToString(hmacSHA256(key, toSign)); sig != want {
			return nil, fmt.Errorf("chunk SignatureDoesNotMatch")
		}
		prev = sig
		if n == 0 {
			break
		}
		out = append(out, data...)
	}
	if decoded != "" && decoded != strconv.Itoa(len(out)) {
		return nil, fmt.Errorf("decoded length %s, got %d", decoded, len(out))
	}
	return out, nil
}

// Signature is SigV4's signature of a request to S3 over the headers
// named in signed, for a payload hash.
func Signature(method string, u *url.URL, host string, h http.Header, signed []string, payload, secret, region string, at time.Time) string {
	var ch strings.Builder
	for _, k := range signed {
		v := strings.Join(h.Values(k), ",")
		if k == "host" {
			v = host
		}
		ch.WriteString(k + ":" + strings.Join(strings.Fields(v), " ") + "\n")
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	canonical := method + "\n" + path + "\n" + strings.ReplaceAll(u.Query().Encode(), "+", "%20") + "\n" + ch.String() + "\n" + strings.Join(signed, ";") + "\n" + payload
	toSign := "AWS4-HMAC-SHA256\n" + at.Format("20060102T150405Z") + "\n" + scope(region, at) + "\n" + sha256Hex([]byte(canonical))
	return hex.EncodeToString(hmacSHA256(signingKey(secret, region, at), toSign))
}

func scope(region string, at time.Time) string {
	return at.Format("20060102") + "/" + region + "/s3/aws4_request"
}

func signingKey(secret, region string, at time.Time) []byte {
	k := hmacSHA256([]byte("AWS4"+secret), at.Format("20060102"))
	k = hmacSHA256(k, region)
	k = hmacSHA256(k, "s3")
	return hmacSHA256(k, "aws4_request")
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}
