package biz

import (
	"bytes"
	"testing"
)

// FuzzCheck: any name and content is accepted with a known extension and
// matching content, or refused with a message; never a panic. Whatever is
// accepted as an image starts with that image format's signature, so a
// program renamed to .png cannot pass.
func FuzzCheck(f *testing.F) {
	r := &Resource{MaxSize: 1 << 20}
	f.Add("photo.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	f.Add("scan.JPG", []byte{0xFF, 0xD8, 0xFF, 0xE0})
	f.Add("virus.png", []byte("MZ\x90\x00\x03"))
	f.Add("a.docx", []byte("PK\x03\x04\x14\x00"))
	f.Add("notes.txt", []byte("巡检记录\n"))
	f.Add("a.pdf", []byte("%PDF-1.7\n"))
	f.Add("../../etc/passwd", []byte("root:x:0:0"))
	f.Add("noext", []byte("x"))
	f.Fuzz(func(t *testing.T, name string, content []byte) {
		ext, err := r.Check(name, content)
		if err != nil {
			return
		}
		if ClassOf(ext) == "" {
			t.Fatalf("accepted extension %q of %q", ext, name)
		}
		sig := map[string][]byte{"png": []byte("\x89PNG\r\n\x1a\n"), "jpg": {0xFF, 0xD8, 0xFF}, "jpeg": {0xFF, 0xD8, 0xFF}, "gif": []byte("GIF8"), "pdf": []byte("%PDF-")}
		if s, ok := sig[ext]; ok && !bytes.HasPrefix(content, s) {
			t.Fatalf("%q accepted without the %s signature: % x", name, ext, content[:min(len(content), 8)])
		}
	})
}
