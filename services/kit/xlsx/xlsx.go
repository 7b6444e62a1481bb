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

// Read returns the rows of the first sheet (imports).
func Read(data []byte) ([][]string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("不是有效的 xlsx 文件")
	}
	defer f.Close()
	return f.GetRows(f.GetSheetName(0))
}
