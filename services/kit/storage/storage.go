// Package storage keeps uploaded files: a local folder by default, an
// S3-compatible object store in production, chosen by configuration. Keys
// are "<tenant>/<name>" paths made by the caller from safe characters only.
package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"

	"anquan/kit/conf"
)

// ErrNotFound: no object under the key.
var ErrNotFound = errors.New("storage: object not found")

// Store is a flat object store. Content goes in and out as streams, so a
// backend never needs a whole file in memory.
type Store interface {
	// Put stores size bytes read from r (size -1: unknown).
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Get opens an object; the caller closes it. ErrNotFound when missing.
	Get(ctx context.Context, key string) (io.ReadCloser, error)
	Delete(ctx context.Context, key string) error
}

// keyPattern keeps keys inside their folder on every backend: segments of
// letters, digits, dot, dash and underscore, never "." or "..".
var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,3}$`)

// CheckKey refuses keys that could escape their folder or need escaping.
func CheckKey(key string) error {
	if !keyPattern.MatchString(key) {
		return fmt.Errorf("storage: invalid key %q", key)
	}
	return nil
}

// Open makes the store c.Storage describes.
func Open(c *conf.Config) (Store, error) {
	s := c.Storage
	switch s.Driver {
	case "", "local":
		dir := s.Dir
		if dir == "" {
			dir = c.Path("files")
		}
		return NewLocal(dir)
	case "s3":
		if s.Endpoint == "" || s.Bucket == "" || s.AccessKey == "" || s.SecretKey == "" {
			return nil, errors.New("storage.driver s3 needs endpoint, bucket, accessKey and secretKey")
		}
		return NewS3(s.Endpoint, s.Region, s.Bucket, s.AccessKey, s.SecretKey, nil)
	}
	return nil, fmt.Errorf("storage.driver %q: use local or s3", s.Driver)
}
