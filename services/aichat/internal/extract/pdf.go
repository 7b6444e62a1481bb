package extract

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

// pdfText is the text layer of a PDF, page by page (fonts' ToUnicode maps
// give CJK text its characters). A scanned PDF has no text layer and reads
// as empty; an encrypted or broken one is refused with what to do. Reading
// stops once MaxRunes are gathered.
func pdfText(data []byte) (text string, err error) {
	bad := ErrUnsupported{"PDF 文件已损坏、已加密或无法读取：请另存为 Word（.docx）或文本（.txt）后上传"}
	// The reader panics on some malformed files; an upload must never take the service down.
	defer func() {
		if recover() != nil {
			text, err = "", bad
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", bad
	}
	n := r.NumPage()
	if n > MaxPDFPages {
		return "", ErrUnsupported{fmt.Sprintf("PDF 文件最多 %d 页（本文件 %d 页）：请拆分后上传", MaxPDFPages, n)}
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		t, err := p.GetPlainText(nil)
		if err != nil {
			return "", bad
		}
		// The reader marks a line move (T*, ') with U+FFFD: a line break.
		b.WriteString(strings.ReplaceAll(normalise(t), "\uFFFD", "\n"))
		b.WriteString("\n")
		if b.Len() > utf8.UTFMax*MaxRunes { // surely past MaxRunes, which Text cuts to
			break
		}
	}
	return b.String(), nil
}
