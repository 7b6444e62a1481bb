// Package iox holds the one chunked read the services share.
package iox

import "io"

// Fill reads into buf until it is full (nil) or the reader ends (io.EOF,
// with the bytes read before it). Any other error comes back as it is, with
// the bytes read before it.
//
// io.ReadFull is not used for chunking because it reports a short last chunk
// as io.ErrUnexpectedEOF, the same error that a multipart part cut mid-file
// or an HTTP body shorter than its Content-Length returns: taking it as the
// end stored or sent a truncated file as if it were complete.
func Fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
