package backup

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// A database being written in WAL mode is copied whole while it stays open,
// beside the key and attachment folders; a non-empty target is refused.
func TestEmbeddedCopiesDatabasesWhileOpen(t *testing.T) {
	data, to := t.TempDir(), filepath.Join(t.TempDir(), "b")
	live, err := sql.Open("sqlite", "file:"+filepath.Join(data, "prevention.db")+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = live.Close() }()
	if _, err := live.Exec("CREATE TABLE hazard (id INTEGER PRIMARY KEY, name TEXT)"); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if _, err := live.Exec("INSERT INTO hazard (name) VALUES (?)", "隐患"+string(rune('A'+i%26))); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"keys/jwt_ed25519.pem", "files/100001/a.pdf"} {
		p := filepath.Join(data, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Embedded(context.Background(), data, to)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Databases) != 1 || len(r.Folders) != 2 || r.Bytes == 0 {
		t.Fatalf("report: %+v", r)
	}
	copyDB, _ := sql.Open("sqlite", "file:"+filepath.Join(to, "prevention.db")+"?mode=ro")
	defer func() { _ = copyDB.Close() }()
	var n int
	if err := copyDB.QueryRow("SELECT count(*) FROM hazard").Scan(&n); err != nil || n != 100 {
		t.Fatalf("copied rows: %d %v", n, err)
	}
	if fi, err := os.Stat(filepath.Join(to, "keys/jwt_ed25519.pem")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key copy: %v %v", fi, err)
	}
	if _, err := Embedded(context.Background(), data, to); err == nil {
		t.Fatal("a non-empty backup folder must be refused")
	}
	if _, err := Embedded(context.Background(), t.TempDir(), filepath.Join(t.TempDir(), "c")); err == nil {
		t.Fatal("a folder without databases is not a data folder")
	}
}
