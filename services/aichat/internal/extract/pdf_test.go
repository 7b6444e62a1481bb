package extract

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// pdfOf writes a PDF of pages of lines, shown with a Type0 (Identity-H)
// font whose ToUnicode map gives each code its character, the way Chinese
// office software writes CJK text (the glyphs themselves are not needed to
// read the text, so no font is embedded).
func pdfOf(pages ...[]string) []byte {
	codes := map[rune]int{}
	var order []rune
	for _, lines := range pages {
		for _, l := range lines {
			for _, r := range l {
				if _, ok := codes[r]; !ok {
					codes[r] = len(order) + 1
					order = append(order, r)
				}
			}
		}
	}
	var cmap strings.Builder
	cmap.WriteString("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /U def /CMapType 2 def\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n")
	fmt.Fprintf(&cmap, "%d beginbfchar\n", len(order))
	for _, r := range order {
		fmt.Fprintf(&cmap, "<%04X> <%04X>\n", codes[r], r)
	}
	cmap.WriteString("endbfchar endcmap CMapName currentdict /CMap defineresource pop end end")
	// 1 catalog, 2 pages, 3 font, 4 descendant, 5 cmap, then a page and its content per page
	var kids []string
	for i := range pages {
		kids = append(kids, fmt.Sprintf("%d 0 R", 6+2*i))
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)),
		"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 5 0 R >>",
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /DW 1000 >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", cmap.Len(), cmap.String()),
	}
	for i, lines := range pages {
		var c strings.Builder
		c.WriteString("BT /F1 12 Tf 14 TL 72 720 Td\n")
		for _, l := range lines {
			c.WriteString("<")
			for _, r := range l {
				fmt.Fprintf(&c, "%04X", codes[r])
			}
			c.WriteString("> Tj T*\n")
		}
		c.WriteString("ET")
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 7+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", c.Len(), c.String()))
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.Bytes()
}

func TestPDFText(t *testing.T) {
	data := pdfOf([]string{"三号罐区应急预案", "第五条 动火作业须经总工程师批准。"}, []string{"第六条 Gas test before hot work."})
	k, err := Kind("预案.PDF")
	if err != nil || k != "pdf" {
		t.Fatalf("kind %q %v", k, err)
	}
	text, truncated, err := Text(k, data)
	if err != nil || truncated {
		t.Fatalf("%v %v", err, truncated)
	}
	for _, want := range []string{"三号罐区应急预案\n第五条 动火作业须经总工程师批准。", "第六条 Gas test before hot work."} {
		if !strings.Contains(text, want) {
			t.Fatalf("text %q lacks %q", text, want)
		}
	}
	if strings.ContainsRune(text, '\uFFFD') {
		t.Fatalf("replacement characters left: %q", text)
	}
}

func TestPDFRefusals(t *testing.T) {
	var u ErrUnsupported
	// not a PDF, a cut one, and one past the page cap: refused with what to do, never a panic
	full := pdfOf([]string{"第一条 总则"})
	for name, data := range map[string][]byte{
		"garbage": []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
		"cut":     full[:len(full)/2],
	} {
		if _, _, err := Text("pdf", data); !errors.As(err, &u) || !strings.Contains(u.Msg, "PDF") {
			t.Fatalf("%s: %v", name, err)
		}
	}
	pages := make([][]string, MaxPDFPages+1)
	for i := range pages {
		pages[i] = []string{"页"}
	}
	if _, _, err := Text("pdf", pdfOf(pages...)); !errors.As(err, &u) || !strings.Contains(u.Msg, "最多") {
		t.Fatalf("over the page cap: %v", err)
	}
	// a PDF without a text layer (a scan) reads as empty
	if _, _, err := Text("pdf", pdfOf([]string{})); !errors.Is(err, ErrEmpty) {
		t.Fatalf("no text: %v", err)
	}
}
