package conf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadLayersDefaultsFileAndEnvironment: the file overrides the embedded
// defaults, ANQUAN_* variables override the file, a variable that shares a
// section's name changes nothing, and any file name is read as YAML.
func TestLoadLayersDefaultsFileAndEnvironment(t *testing.T) {
	file := filepath.Join(t.TempDir(), "anquan.conf")
	yml := "http: 127.0.0.1:9001\ndata: /from/file\ndb:\n  maxOpen: 3\nredis:\n  password: 123456\nlog:\n  level: debug\nservices:\n  user: 10.0.0.2:9000\n"
	if err := os.WriteFile(file, []byte(yml), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ANQUAN_HTTP", "127.0.0.1:9002")
	t.Setenv("ANQUAN_DB", "not a section")
	t.Setenv("ANQUAN_SYSTEM_ADDR", "10.0.0.1:9000")
	c, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTP != "127.0.0.1:9002" || c.Data != "/from/file" || c.DB.MaxOpen != 3 || c.DB.Driver != "sqlite" ||
		c.Log.Level != "debug" || c.Redis.Password != "123456" || c.Gateway.TokenRate != 60 || c.Services["user"] != "10.0.0.2:9000" || c.Services["system"] != "10.0.0.1:9000" {
		t.Fatalf("layers: %+v", c)
	}
	if err := os.WriteFile(file, []byte("db: [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(file); err == nil || !strings.Contains(err.Error(), "parse config") {
		t.Fatalf("broken YAML: %v", err)
	}
	if _, err := Load(file + ".missing"); err == nil || !strings.Contains(err.Error(), "read config") {
		t.Fatalf("missing file: %v", err)
	}
}
