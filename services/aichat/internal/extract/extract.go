// Package extract turns an uploaded document (plain text, Word .docx or
// PDF) into its text and cuts the text into passages for the full-text
// index. The old binary .doc is refused: it needs a converter.
package extract

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// Bounds of a document.
const (
	// MaxFileBytes is the largest file read.
	MaxFileBytes = 10 << 20
	// MaxXMLBytes bounds the unzipped document.xml of a .docx (a zip bomb
	// stops here).
	MaxXMLBytes = 40 << 20
	// MaxRunes bounds the text kept of one document.
	MaxRunes = 200_000
	// MaxPDFPages bounds the pages of a PDF read: a plan or a procedure
	// has tens; a longer file is a book and is cut into parts by its owner.
	MaxPDFPages = 300
)

// ErrUnsupported: the file's type is not one we can read; the message says
// what to do.
type ErrUnsupported struct{ Msg string }

func (e ErrUnsupported) Error() string { return e.Msg }

// ErrEmpty: the document holds no text.
var ErrEmpty = errors.New("文件中没有可提取的文字")

// Kind is the document kind by the file name's extension: "txt", "docx",
// or "" when unsupported (with the reason).
func Kind(name string) (string, error) {
	switch strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")) {
	case "txt", "md":
		return "txt", nil
	case "docx":
		return "docx", nil
	case "pdf":
		return "pdf", nil
	case "doc":
		return "", ErrUnsupported{"暂不支持旧版 Word（.doc）文件：请另存为 .docx 后上传"}
	}
	return "", ErrUnsupported{"只支持文本（.txt）、Word（.docx）和 PDF 文件"}
}

// Text extracts the text of a file of the given kind, bounded to MaxRunes
// (truncated reports whether text was cut).
func Text(kind string, data []byte) (text string, truncated bool, err error) {
	switch kind {
	case "txt":
		text, err = plain(data)
	case "docx":
		text, err = docx(data)
	case "pdf":
		text, err = pdfText(data)
	default:
		return "", false, ErrUnsupported{"只支持文本（.txt）、Word（.docx）和 PDF 文件"}
	}
	if err != nil {
		return "", false, err
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "", false, ErrEmpty
	}
	if utf8.RuneCountInString(text) > MaxRunes {
		text, truncated = string([]rune(text)[:MaxRunes]), true
	}
	return text, truncated, nil
}

// plain is UTF-8 text (a BOM dropped) or, failing that, GB18030 (what
// Chinese Windows editors save as "ANSI").
func plain(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(data, 0) >= 0 {
		return "", ErrUnsupported{"文本文件的编码无法识别（请保存为 UTF-8 或 GBK 编码）"}
	}
	if utf8.Valid(data) {
		return normalise(string(data)), nil
	}
	out, err := simplifiedchinese.GB18030.NewDecoder().Bytes(data)
	if err != nil || !utf8.Valid(out) {
		return "", ErrUnsupported{"文本文件的编码无法识别（请保存为 UTF-8 或 GBK 编码）"}
	}
	return normalise(string(out)), nil
}

func normalise(s string) string {
	return strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
}

// docx reads word/document.xml of the package: the text of each w:t, a
// tab for w:tab, a line break for w:br and w:cr, and a line per paragraph
// (w:p). Table cells are paragraphs too, so a table reads row by row.
func docx(data []byte) (string, error) {
	bad := ErrUnsupported{"Word 文件已损坏或不是 .docx 格式"}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", bad
	}
	var doc *zip.File
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			doc = f
			break
		}
	}
	if doc == nil {
		return "", bad
	}
	rc, err := doc.Open()
	if err != nil {
		return "", bad
	}
	defer func() { _ = rc.Close() }()
	lr := &io.LimitedReader{R: rc, N: MaxXMLBytes + 1}
	dec := xml.NewDecoder(lr)
	var b strings.Builder
	inText := false
	runes := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if lr.N <= 0 {
				return "", ErrUnsupported{"Word 文件内容过大"}
			}
			return "", bad
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "t":
				inText = true
			case "tab":
				b.WriteByte('\t')
			case "br", "cr":
				b.WriteByte('\n')
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "t":
				inText = false
			case "p":
				b.WriteByte('\n')
			}
		case xml.CharData:
			if inText {
				b.Write(t)
				runes += utf8.RuneCount(t)
			}
		}
		if runes > MaxRunes {
			break // Text cuts to MaxRunes; the rest need not be read
		}
	}
	return b.String(), nil
}

// Passage sizes, in runes: paragraphs are joined up to Target and a longer
// one is cut at a sentence end before Max (or at Max when it has none).
const (
	Target      = 300
	Max         = 500
	MaxPassages = 1000
)

// Split cuts text into passages: paragraphs (lines) joined while the
// passage stays under Target runes, a paragraph longer than Max cut at
// sentence ends. At most MaxPassages are returned.
func Split(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if s := strings.TrimSpace(string(cur)); s != "" {
			out = append(out, s)
		}
		cur = cur[:0]
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			continue
		}
		for _, piece := range sentences([]rune(line)) {
			if len(cur) > 0 && len(cur)+len(piece) > Target {
				flush()
			}
			if len(cur) > 0 {
				cur = append(cur, '\n')
			}
			cur = append(cur, piece...)
		}
		if len(out) >= MaxPassages {
			break
		}
	}
	flush()
	if len(out) > MaxPassages {
		out = out[:MaxPassages]
	}
	return out
}

// sentences cuts a paragraph longer than Max at sentence ends (。！？；),
// each piece at most Max runes.
func sentences(p []rune) [][]rune {
	if len(p) <= Max {
		return [][]rune{p}
	}
	var out [][]rune
	start := 0
	lastEnd := -1
	for i, r := range p {
		if strings.ContainsRune("。！？；!?;", r) {
			lastEnd = i
		}
		if i-start+1 >= Max {
			cut := i
			if lastEnd >= start {
				cut = lastEnd
			}
			out = append(out, p[start:cut+1])
			start, lastEnd = cut+1, -1
		}
	}
	if start < len(p) {
		out = append(out, p[start:])
	}
	return out
}
