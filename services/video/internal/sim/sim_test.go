package sim

import (
	"bytes"
	"image/jpeg"
	"testing"
	"time"

	"anquan/video/internal/biz"
)

func TestFramesAreJPEGAndShared(t *testing.T) {
	s := New()
	a, cancelA := s.Subscribe("100001/1")
	b, cancelB := s.Subscribe("100001/1")
	if s.Viewers("100001/1") != 2 {
		t.Fatalf("viewers %d", s.Viewers("100001/1"))
	}
	var first []byte
	for i, c := range []<-chan []byte{a, b} {
		select {
		case f := <-c:
			img, err := jpeg.Decode(bytes.NewReader(f))
			if err != nil {
				t.Fatalf("viewer %d: not a JPEG: %v", i, err)
			}
			if img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
				t.Fatalf("size %v", img.Bounds())
			}
			if first == nil {
				first = f
			}
		case <-time.After(3 * time.Second):
			t.Fatal("no frame")
		}
	}
	// The next frame differs (the scene moves).
	select {
	case f := <-a:
		if bytes.Equal(f, first) {
			if f2 := <-a; bytes.Equal(f2, first) {
				t.Fatal("frames do not change")
			}
		}
	case <-time.After(3 * time.Second):
		t.Fatal("no second frame")
	}
	cancelA()
	cancelB()
	cancelB() // twice is harmless
	if s.Viewers("100001/1") != 0 {
		t.Fatal("stream kept after its last viewer")
	}
}

// An alarm's snapshot is a whole frame of its camera, and the frames of two
// moments differ (the clock and the scene move).
func TestStillIsAFrameOfTheCamera(t *testing.T) {
	c := &biz.Camera{ChannelCode: "SIM-TANK-01"}
	c.TenantID = "100001"
	at := time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC)
	a, b := Still(c, at), Still(c, at.Add(3*time.Second))
	img, err := jpeg.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatalf("not a JPEG: %v", err)
	}
	if img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
		t.Fatalf("size %v", img.Bounds())
	}
	if bytes.Equal(a, b) {
		t.Fatal("two moments drew the same frame")
	}
}
