package iox

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"testing"
	"testing/iotest"
)

// readAll reads r in chunks of size with Fill, as an upload or a download does.
func readAll(r io.Reader, size int) ([]byte, error) {
	var got []byte
	for {
		buf := make([]byte, size)
		n, err := Fill(r, buf)
		got = append(got, buf[:n]...)
		if err != nil {
			return got, err
		}
	}
}

// A file part read to its boundary ends with io.EOF; a body cut in the
// middle of the file is an error, never the end of the file.
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
		return readAll(part, 1024)
	}
	got, err := read(body.Bytes())
	if err != io.EOF || !bytes.Equal(got, content) {
		t.Fatalf("whole part: %d bytes, %v", len(got), err)
	}
	if _, err := read(body.Bytes()[:body.Len()/2]); err == io.EOF || err == nil {
		t.Fatalf("a body cut mid-file ended as a complete file: %v", err)
	}
}

// A reader that fails with io.ErrUnexpectedEOF itself (an HTTP body shorter
// than its Content-Length, a storage read cut off) is an error, and a reader
// that hands out one byte at a time still fills whole chunks.
func TestFillPassesErrorsAndFillsChunks(t *testing.T) {
	cut := io.MultiReader(bytes.NewReader([]byte("abc")), iotest.ErrReader(io.ErrUnexpectedEOF))
	if got, err := readAll(cut, 2); !errors.Is(err, io.ErrUnexpectedEOF) || string(got) != "abc" {
		t.Fatalf("cut read: %q, %v", got, err)
	}
	n, err := Fill(iotest.OneByteReader(bytes.NewReader([]byte("abcdef"))), make([]byte, 4))
	if n != 4 || err != nil {
		t.Fatalf("one byte at a time: %d, %v", n, err)
	}
}
