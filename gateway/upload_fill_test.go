package gateway

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"testing"
)

// A file part read to its boundary ends with io.EOF; a body cut in the
// middle of the file is an error, never the end of the file (it was stored
// truncated when a short read counted as the end).
func TestFillEndsOnlyAtTheBoundary(t *testing.T) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "a.png")
	content := bytes.Repeat([]byte("x"), 3000)
	_, _ = fw.Write(content)
	_ = mw.Close()

	read := func(raw []byte) ([]byte, error) {
		part, err := multipart.NewReader(bytes.NewReader(raw), mw.Boundary()).NextPart()
		if err != nil {
			return nil, err
		}
		var got []byte
		for {
			buf := make([]byte, 1024)
			n, err := fill(part, buf)
			got = append(got, buf[:n]...)
			if err != nil {
				return got, err
			}
		}
	}
	got, err := read(body.Bytes())
	if err != io.EOF || !bytes.Equal(got, content) {
		t.Fatalf("whole part: %d bytes, %v", len(got), err)
	}
	cut := body.Bytes()[:body.Len()/2]
	if _, err := read(cut); err == io.EOF || err == nil {
		t.Fatalf("a body cut mid-file ended as a complete file: %v", err)
	} else if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Logf("cut body error: %v", err)
	}
}
