package storage

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// S3 talks to an S3-compatible store with path-style URLs
// (<endpoint>/<bucket>/<key>) and AWS Signature Version 4, written on
// net/http: the three calls it needs do not justify an SDK.
type S3 struct {
	Endpoint  string
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
	Client    *http.Client
	// Now is the clock (tests fix it).
	Now func() time.Time
}

// NewS3 makes the driver; client nil means a client with a 60 s timeout.
func NewS3(endpoint, region, bucket, accessKey, secretKey string, client *http.Client) *S3 {
	if client == nil {
		client = &http.Client{Timeout: 60 * time.Second}
	}
	if region == "" {
		region = "us-east-1"
	}
	return &S3{Endpoint: strings.TrimRight(endpoint, "/"), Region: region, Bucket: bucket, AccessKey: accessKey, SecretKey: secretKey, Client: client, Now: time.Now}
}

func (s *S3) do(ctx context.Context, method, key string, body []byte, contentType string) (*http.Response, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	u, err := url.Parse(s.Endpoint + "/" + s.Bucket + "/" + key)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if body == nil {
		req.Body = http.NoBody
	}
	req.ContentLength = int64(len(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	Sign(req, body, s.AccessKey, s.SecretKey, s.Region, "s3", s.Now().UTC())
	return s.Client.Do(req)
}

func (s *S3) Put(ctx context.Context, key string, data []byte, contentType string) error {
	res, err := s.do(ctx, http.MethodPut, key, data, contentType)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		return s3Error("put", res)
	}
	return nil
}

func (s *S3) Get(ctx context.Context, key string) ([]byte, error) {
	res, err := s.do(ctx, http.MethodGet, key, nil, "")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return nil, ErrNotFound
	}
	if res.StatusCode/100 != 2 {
		return nil, s3Error("get", res)
	}
	return io.ReadAll(res.Body)
}

func (s *S3) Delete(ctx context.Context, key string) error {
	res, err := s.do(ctx, http.MethodDelete, key, nil, "")
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 && res.StatusCode != http.StatusNotFound {
		return s3Error("delete", res)
	}
	return nil
}

func s3Error(op string, res *http.Response) error {
	b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	return fmt.Errorf("storage s3 %s: HTTP %d %s", op, res.StatusCode, strings.TrimSpace(string(b)))
}

// Sign adds the AWS Signature Version 4 headers (x-amz-date,
// x-amz-content-sha256, Authorization) to req for body.
func Sign(req *http.Request, body []byte, accessKey, secretKey, region, service string, now time.Time) {
	amzDate := now.Format("20060102T150405Z")
	day := now.Format("20060102")
	payload := sha256Hex(body)
	req.Header.Set("X-Amz-Date", amzDate)
	req.Header.Set("X-Amz-Content-Sha256", payload)
	if req.Host == "" {
		req.Host = req.URL.Host
	}
	canonical, signed := CanonicalRequest(req, payload)
	scope := day + "/" + region + "/" + service + "/aws4_request"
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + sha256Hex([]byte(canonical))
	key := hmacSHA256([]byte("AWS4"+secretKey), day)
	key = hmacSHA256(key, region)
	key = hmacSHA256(key, service)
	key = hmacSHA256(key, "aws4_request")
	sig := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+accessKey+"/"+scope+", SignedHeaders="+signed+", Signature="+sig)
}

// CanonicalRequest is SigV4's canonical form of req; it signs host and the
// headers below. A server (or a test) recomputes it from
// the request it received.
// Signed: host, content-type, content-md5, range and every x-amz-* header.
func CanonicalRequest(req *http.Request, payloadHash string) (canonical, signedHeaders string) {
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	headers := map[string]string{"host": host}
	for k, v := range req.Header {
		lk := strings.ToLower(k)
		if strings.HasPrefix(lk, "x-amz-") || lk == "content-type" || lk == "content-md5" || lk == "range" {
			headers[lk] = strings.TrimSpace(strings.Join(v, ","))
		}
	}
	names := make([]string, 0, len(headers))
	for k := range headers {
		names = append(names, k)
	}
	sort.Strings(names)
	var ch strings.Builder
	for _, k := range names {
		ch.WriteString(k + ":" + headers[k] + "\n")
	}
	signedHeaders = strings.Join(names, ";")
	path := req.URL.EscapedPath()
	if path == "" {
		path = "/"
	}
	canonical = req.Method + "\n" + path + "\n" + canonicalQuery(req.URL.Query()) + "\n" + ch.String() + "\n" + signedHeaders + "\n" + payloadHash
	return canonical, signedHeaders
}

func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		vs := append([]string(nil), q[k]...)
		sort.Strings(vs)
		for _, v := range vs {
			parts = append(parts, awsEscape(k)+"="+awsEscape(v))
		}
	}
	return strings.Join(parts, "&")
}

func awsEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
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
