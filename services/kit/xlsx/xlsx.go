// Package xlsx writes exports with excelize's stream writer, so memory stays
// bounded by one row whatever the row count.
package xlsx

import (
	"bytes"
	"fmt"
	"net/url"
	"path"

	"github.com/xuri/excelize/v2"
)

// Column of an export: a header and how to read a row's cell.
type Column[T any] struct {
	Header string
	Width  float64
	Value  func(T) any
}

// Writer streams rows into one sheet.
type Writer[T any] struct {
	f    *excelize.File
	sw   *excelize.StreamWriter
	cols []Column[T]
	row  int
}

// New starts a workbook with the header row.
func New[T any](sheet string, cols []Column[T]) (*Writer[T], error) {
	f := excelize.NewFile()
	if sheet != "Sheet1" {
		if err := f.SetSheetName("Sheet1", sheet); err != nil {
			return nil, err
		}
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	for i, c := range cols {
		w := c.Width
		if w == 0 {
			w = 18
		}
		_ = sw.SetColWidth(i+1, i+1, w)
	}
	head := make([]any, len(cols))
	for i, c := range cols {
		head[i] = c.Header
	}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, err
	}
	return &Writer[T]{f: f, sw: sw, cols: cols, row: 1}, nil
}

// Add writes one row.
func (w *Writer[T]) Add(v T) error {
	w.row++
	vals := make([]any, len(w.cols))
	for i, c := range w.cols {
		vals[i] = c.Value(v)
	}
	cell, _ := excelize.CoordinatesToCellName(1, w.row)
	return w.sw.SetRow(cell, vals)
}

// Bytes finishes the workbook.
func (w *Writer[T]) Bytes() ([]byte, error) {
	if err := w.sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := w.f.WriteTo(&buf); err != nil {
		return nil, err
	}
	_ = w.f.Close()
	return buf.Bytes(), nil
}

// ContentType of xlsx files.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Disposition is the Content-Disposition of a download named name (UTF-8 safe).
func Disposition(name string) string {
	// The ASCII fallback keeps the real extension (a JSON package is not an xlsx).
	return fmt.Sprintf("attachment; filename=%q; filename*=UTF-8''%s", "export"+path.Ext(name), url.PathEscape(name))
}

// Import bounds: an uploaded workbook is a zip, and a small zip can unpack
// to gigabytes (excelize's own default allows 16 GB).
const (
	MaxUnzipped    = 200 << 20
	MaxSheetXML    = 64 << 20
	MaxImportRows  = 100000
	maxImportCells = 2_000_000
)

// Read returns the rows of the first sheet (imports). A malformed or
// oversized workbook is an error, never a panic or a runaway allocation.
func Read(data []byte) (rows [][]string, err error) {
	defer func() {
		if p := recover(); p != nil {
			rows, err = nil, fmt.Errorf("不是有效的 xlsx 文件")
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnzipped, UnzipXMLSizeLimit: MaxSheetXML})
	if err != nil {
		return nil, fmt.Errorf("不是有效的 xlsx 文件")
	}
	defer func() { _ = f.Close() }() // reading an in-memory workbook; nothing to flush
	it, err := f.Rows(f.GetSheetName(0))
	if err != nil {
		return nil, fmt.Errorf("不是有效的 xlsx 文件")
	}
	defer func() { _ = it.Close() }() // reading an in-memory workbook; nothing to flush
	// As excelize's GetRows: empty rows between rows kept, trailing ones cut.
	cells, last := 0, 0
	for it.Next() {
		r, err := it.Columns()
		if err != nil {
			return nil, fmt.Errorf("不是有效的 xlsx 文件")
		}
		cells += len(r)
		if len(rows) >= MaxImportRows || cells > maxImportCells {
			return nil, fmt.Errorf("导入文件过大: 最多 %d 行", MaxImportRows)
		}
		rows = append(rows, r)
		if len(r) > 0 {
			last = len(rows)
		}
	}
	if err := it.Error(); err != nil {
		return nil, fmt.Errorf("不是有效的 xlsx 文件")
	}
	return rows[:last], nil
}
