package captcha

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"strings"
	"testing"
)

func TestImageIsAPNGDataURLOfTheLoginSize(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 5; i++ {
		code := Code(4)
		if len(code) != 4 || strings.Trim(code, Alphabet) != "" {
			t.Fatalf("code %q", code)
		}
		u, err := Image(code)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(u, "data:image/png;base64,"))
		if !strings.HasPrefix(u, "data:image/png;base64,") || err != nil {
			t.Fatalf("data URL %.40s: %v", u, err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil || img.Bounds().Dx() != 120 || img.Bounds().Dy() != 40 {
			t.Fatalf("png: %v %v", img.Bounds(), err)
		}
		seen[u] = true
	}
	if len(seen) != 5 {
		t.Fatal("images repeat")
	}
}
