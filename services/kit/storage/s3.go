package storage

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 keeps objects in an S3-compatible store (MinIO and the like) through
// minio-go: path-style URLs (<endpoint>/<bucket>/<key>), SigV4, uploads
// streamed from the reader (multipart above PartSize, so a large file is
// never held whole in memory).
type S3 struct {
	c      minio.Core
	bucket string
	// PartSize is the size above which an upload goes in parts, and the
	// part buffer minio-go holds per upload (at least 5 MiB, S3's minimum
	// part). An upload of unknown size always goes in parts: without it
	// minio-go would size them for a 5 TiB object (over 500 MiB each).
	PartSize uint64
}

// DefaultPartSize is NewS3's PartSize: 10,000 parts make 80 GiB at most.
const DefaultPartSize = 8 << 20

// NewS3 makes the driver for endpoint (http:// or https://). The region is
// given, so minio-go never asks the store for the bucket's location;
// transport nil means minio-go's default.
func NewS3(endpoint, region, bucket, accessKey, secretKey string, transport http.RoundTripper) (*S3, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("storage s3: endpoint %q: want http(s)://host[:port]", endpoint)
	}
	if region == "" {
		region = "us-east-1"
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(accessKey, secretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       region,
		BucketLookup: minio.BucketLookupPath,
		Transport:    transport,
	})
	if err != nil {
		return nil, fmt.Errorf("storage s3: %w", err)
	}
	return &S3{c: minio.Core{Client: c}, bucket: bucket, PartSize: DefaultPartSize}, nil
}

func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	// A read error from r (over the limit, a cancelled upload) fails the
	// put; minio-go then aborts the multipart upload, on a context of its
	// own, so no incomplete upload is left behind for a caller that went away.
	if _, err := s.c.Client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: contentType, PartSize: s.PartSize}); err != nil {
		return fmt.Errorf("storage s3 put: %w", err)
	}
	return nil
}

func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	// Core's GetObject sends the GET at once (Client's waits for the first
	// read or a HEAD), so a missing key is known before anything is served.
	o, _, _, err := s.c.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		if minio.ToErrorResponse(err).StatusCode == http.StatusNotFound {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("storage s3 get: %w", err)
	}
	return o, nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	err := s.c.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
	if err != nil && minio.ToErrorResponse(err).StatusCode != http.StatusNotFound {
		return fmt.Errorf("storage s3 delete: %w", err)
	}
	return nil
}
