package extract

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// Docx builds a minimal .docx holding body as word/document.xml's body.
func Docx(t *testing.T, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body + `</w:body></w:document>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDocxText(t *testing.T) {
	data := Docx(t, `<w:p><w:r><w:t>第一章 总则</w:t></w:r></w:p>`+
		`<w:p><w:r><w:t xml:space="preserve">储罐区动火</w:t></w:r><w:r><w:t>须经厂长批准</w:t></w:r><w:r><w:tab/><w:t>附表</w:t></w:r></w:p>`+
		`<w:tbl><w:tr><w:tc><w:p><w:r><w:t>单元格一</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>单元格二</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`+
		`<w:p><w:r><w:t>行一</w:t><w:br/><w:t>行二</w:t></w:r></w:p>`)
	got, cut, err := Text("docx", data)
	if err != nil || cut {
		t.Fatal(err, cut)
	}
	want := "第一章 总则\n储罐区动火须经厂长批准\t附表\n单元格一\n单元格二\n行一\n行二"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestDocxRefusals(t *testing.T) {
	var u ErrUnsupported
	if _, _, err := Text("docx", []byte("not a zip")); !errors.As(err, &u) {
		t.Fatalf("not a zip: %v", err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	_, _ = zw.Create("other.xml")
	_ = zw.Close()
	if _, _, err := Text("docx", buf.Bytes()); !errors.As(err, &u) {
		t.Fatalf("no document.xml: %v", err)
	}
	if _, _, err := Text("docx", Docx(t, `<w:p></w:p>`)); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty: %v", err)
	}
}

func TestDocxBounded(t *testing.T) {
	para := `<w:p><w:r><w:t>` + strings.Repeat("安全", 5000) + `</w:t></w:r></w:p>`
	got, cut, err := Text("docx", Docx(t, strings.Repeat(para, 30)))
	if err != nil || !cut || utf8.RuneCountInString(got) != MaxRunes {
		t.Fatalf("cut=%v runes=%d err=%v", cut, utf8.RuneCountInString(got), err)
	}
}

func TestPlainEncodings(t *testing.T) {
	for name, data := range map[string][]byte{
		"utf8":     []byte("动火作业\r\n须审批"),
		"utf8 bom": append([]byte("\xef\xbb\xbf"), []byte("动火作业\n须审批")...),
	} {
		got, _, err := Text("txt", data)
		if err != nil || got != "动火作业\n须审批" {
			t.Fatalf("%s: %q %v", name, got, err)
		}
	}
	gbk, err := simplifiedchinese.GBK.NewEncoder().Bytes([]byte("受限空间作业前应进行气体分析"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := Text("txt", gbk); err != nil || got != "受限空间作业前应进行气体分析" {
		t.Fatalf("gbk: %q %v", got, err)
	}
	if _, _, err := Text("txt", []byte{0x00, 0x01, 0x02}); err == nil {
		t.Fatal("binary accepted")
	}
}

func TestKind(t *testing.T) {
	for name, want := range map[string]string{"a.txt": "txt", "B.DOCX": "docx", "预案.md": "txt"} {
		if k, err := Kind(name); err != nil || k != want {
			t.Fatalf("%s: %q %v", name, k, err)
		}
	}
	for _, name := range []string{"a.doc", "a.exe", "noext"} {
		var u ErrUnsupported
		if _, err := Kind(name); !errors.As(err, &u) || u.Msg == "" {
			t.Fatalf("%s accepted: %v", name, err)
		}
	}
	if _, err := Kind("x.exe"); !strings.Contains(err.Error(), "PDF") {
		t.Fatalf("the message does not name PDF among the kinds: %v", err)
	}
}

func TestSplit(t *testing.T) {
	// short paragraphs join up to Target; a long one is cut at sentence ends
	long := strings.Repeat("动火作业前应进行气体分析。", 100) // 1300 runes
	ps := Split("标题\n\n第一条 短段落。\n" + long + "\n结尾")
	if len(ps) < 4 {
		t.Fatalf("passages: %d", len(ps))
	}
	if !strings.HasPrefix(ps[0], "标题\n第一条 短段落。") {
		t.Fatalf("first: %q", ps[0])
	}
	total := 0
	for _, p := range ps {
		n := utf8.RuneCountInString(p)
		if n > Max+Target {
			t.Fatalf("passage of %d runes", n)
		}
		total += n
	}
	if !strings.HasSuffix(ps[len(ps)-1], "结尾") {
		t.Fatalf("last: %q", ps[len(ps)-1])
	}
	for _, p := range ps[1 : len(ps)-1] {
		if !strings.HasSuffix(strings.TrimSuffix(p, "\n结尾"), "。") {
			t.Fatalf("cut inside a sentence: %q", p)
		}
	}
	if got := Split(strings.Repeat("x\n", 10)); len(got) != 1 {
		t.Fatalf("joined: %d", len(got))
	}
}
