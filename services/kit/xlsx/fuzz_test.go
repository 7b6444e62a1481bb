package xlsx

import (
	"archive/zip"
	"bytes"
	"testing"
)

type row struct {
	Name  string
	Count int
}

func sample(t testing.TB) []byte {
	w, err := New("样表", []Column[row]{{Header: "名称", Value: func(r row) any { return r.Name }}, {Header: "数量", Value: func(r row) any { return r.Count }}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []row{{"阀门", 3}, {"<img src=x onerror=alert(1)>", 0}, {"😀\u202E", -1}} {
		if err := w.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	b, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadRoundTrip: what Writer writes, Read reads back.
func TestReadRoundTrip(t *testing.T) {
	rows, err := Read(sample(t))
	if err != nil || len(rows) != 4 || rows[0][0] != "名称" || rows[2][0] != "<img src=x onerror=alert(1)>" || rows[3][0] != "😀\u202E" {
		t.Fatalf("rows %q, err %v", rows, err)
	}
}

// FuzzRead: an imported workbook of any bytes is rows or an error, never
// a panic or a runaway allocation (zip bombs hit the unzip limits).
func FuzzRead(f *testing.F) {
	good := sample(f)
	f.Add(good)
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Add(good[:len(good)/2])
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	w, _ := zw.Create("xl/workbook.xml")
	_, _ = w.Write([]byte(`<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`))
	_ = zw.Close()
	f.Add(z.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := Read(data)
		if err == nil && len(rows) > MaxImportRows {
			t.Fatalf("%d rows read", len(rows))
		}
	})
}
