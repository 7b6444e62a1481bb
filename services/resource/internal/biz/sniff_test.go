package biz

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"anquan/kit/xlsx"

	"google.golang.org/grpc/status"
)

func officeFile(t *testing.T, folder string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, n := range []string{"[Content_Types].xml", folder + "document.xml"} {
		w, _ := z.Create(n)
		if _, err := w.Write([]byte("<x/>")); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// export is a workbook as the platform's exports write it (excelize).
func export(t *testing.T) []byte {
	t.Helper()
	w, err := xlsx.New("台账", []xlsx.Column[string]{{Header: "名称", Value: func(s string) any { return s }}})
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Add("阀门")
	b, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCheck: the type classes of spec section 5, content sniffing (a program
// renamed to an accepted extension is refused) and the size limit.
func TestCheck(t *testing.T) {
	r := &Resource{MaxSize: 1 << 20}
	pad := func(b []byte) []byte { return append(b, make([]byte, 40)...) }
	exe := pad([]byte("MZ\x90\x00"))
	tests := []struct {
		name    string
		file    string
		content []byte
		msg     string
	}{
		{"png", "a.PNG", pad([]byte("\x89PNG\r\n\x1a\n")), ""},
		{"jpeg", "a.jpeg", pad([]byte{0xFF, 0xD8, 0xFF, 0xE0}), ""},
		{"gif", "a.gif", pad([]byte("GIF89a")), ""},
		{"bmp", "a.bmp", pad([]byte("BM\x46\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00")), ""},
		{"bmp without a DIB header", "a.bmp", pad([]byte("BM")), "不符"},
		{"pdf", "a.pdf", []byte("%PDF-1.7\n"), ""},
		{"doc", "a.doc", pad([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}), ""},
		{"docx", "a.docx", officeFile(t, "word/"), ""},
		{"xlsx", "a.xlsx", officeFile(t, "xl/"), ""},
		{"xlsx of the exports", "a.xlsx", export(t), ""},
		{"xlsx of the exports renamed docx", "a.docx", export(t), "不符"},
		{"xlsx with word parts", "a.xlsx", officeFile(t, "word/"), "不符"},
		{"txt utf-8", "a.txt", []byte("动火作业\r\n\t措施"), ""},
		{"txt gb18030", "a.txt", []byte{0xB6, 0xAF, 0xBB, 0xF0, '\n'}, ""},
		{"mp4", "a.mp4", pad([]byte("\x00\x00\x00\x18ftypmp42")), ""},
		{"mkv", "a.mkv", pad([]byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x88matroska")), ""},
		{"mp3", "a.mp3", pad([]byte("ID3\x04\x00\x00\x00\x00\x00\x0a")), ""},
		{"wav", "a.wav", pad([]byte("RIFF\x00\x00\x00\x00WAVEfmt ")), ""},
		{"exe", "setup.exe", exe, "不支持的文件类型: .exe"},
		{"bat", "run.bat", []byte("echo"), "不支持的文件类型: .bat"},
		{"svg (scripts)", "a.svg", []byte("<svg/>"), "不支持的文件类型: .svg"},
		{"html", "a.html", []byte("<html>"), "不支持的文件类型: .html"},
		{"no extension", "README", []byte("x"), "没有扩展名"},
		{"exe renamed png", "a.png", exe, "文件内容与扩展名 .png 不符"},
		{"exe renamed txt", "a.txt", exe, "不符"},
		{"exe renamed pdf", "a.pdf", exe, "不符"},
		{"elf renamed txt", "a.txt", []byte("\x7fELF\x02\x01\x01"), "不符"},
		{"zip renamed docx", "a.docx", pad([]byte("PK\x03\x04")), "不符"},
		{"empty", "a.png", nil, "文件内容为空"},
		{"too large", "a.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 1<<20)...), "文件大小不能超过 1 MB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.Check(tt.file, tt.content)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(status.Convert(err).Message(), tt.msg) {
				t.Fatalf("want %q, got %v", tt.msg, err)
			}
		})
	}
}

func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		n := randomName("png")
		if !namePattern.MatchString(n) || seen[n] {
			t.Fatalf("name %q", n)
		}
		seen[n] = true
	}
	if Ext(" A.Tar.GZ ") != "gz" || Ext("x") != "" {
		t.Fatal("Ext")
	}
}
