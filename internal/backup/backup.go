// Package backup copies the state of an embedded (one-host) Anquan while it
// runs: every SQLite database with VACUUM INTO, which reads one consistent
// snapshot (committed WAL pages included) without stopping the writers, and
// the attachment and key folders. PostgreSQL and MySQL have their own tools
// (pg_dump, mysqldump; see docs/OPERATIONS.md); the event stream is left out
// (events before the copy were delivered or are dropped as duplicates by id).
package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver (pure Go)
)

// Folders copied beside the databases, when present.
var Folders = []string{"files", "keys"}

// Report says what was copied.
type Report struct {
	Databases []string
	Folders   []string
	Bytes     int64
}

// Embedded copies dataDir's databases and folders into to, which must not
// exist or be empty.
func Embedded(ctx context.Context, dataDir, to string) (Report, error) {
	var r Report
	if entries, err := os.ReadDir(to); err == nil && len(entries) > 0 {
		return r, fmt.Errorf("backup folder %s is not empty", to)
	}
	if err := os.MkdirAll(to, 0o700); err != nil {
		return r, err
	}
	dbs, err := filepath.Glob(filepath.Join(dataDir, "*.db"))
	if err != nil {
		return r, err
	}
	if len(dbs) == 0 {
		return r, fmt.Errorf("no databases (*.db) in %s: is it the data folder (--data)?", dataDir)
	}
	sort.Strings(dbs)
	for _, src := range dbs {
		dst := filepath.Join(to, filepath.Base(src))
		if err := vacuumInto(ctx, src, dst); err != nil {
			return r, fmt.Errorf("%s: %w", filepath.Base(src), err)
		}
		r.Databases = append(r.Databases, filepath.Base(src))
		if fi, err := os.Stat(dst); err == nil {
			r.Bytes += fi.Size()
		}
	}
	for _, f := range Folders {
		src := filepath.Join(dataDir, f)
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		n, err := copyTree(src, filepath.Join(to, f))
		if err != nil {
			return r, fmt.Errorf("%s: %w", f, err)
		}
		r.Folders = append(r.Folders, f)
		r.Bytes += n
	}
	return r, nil
}

func vacuumInto(ctx context.Context, src, dst string) error {
	// Read-only and waiting out a writer's lock; the copy is one transaction.
	db, err := sql.Open("sqlite", "file:"+src+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", dst)
	return err
}

// copyTree copies a folder's regular files, keeping their permissions.
func copyTree(src, dst string) (int64, error) {
	var total int64
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if strings.HasPrefix(rel, "..") {
			return fmt.Errorf("%s is outside %s", p, src)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(out, info.Mode().Perm()|0o700)
		case !info.Mode().IsRegular():
			return nil // sockets, links: not state
		}
		n, err := copyFile(p, out, info.Mode().Perm())
		total += n
		return err
	})
	return total, err
}

func copyFile(src, dst string, perm fs.FileMode) (int64, error) {
	in, err := os.Open(src) //nolint:gosec // G304: files of the operator's own data folder
	if err != nil {
		return 0, err
	}
	defer func() { _ = in.Close() }()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm) //nolint:gosec // G304: inside the new backup folder
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return n, err
}
