// Package sim is the built-in video simulator: for each camera it draws a
// moving scene with a running clock and encodes it as JPEG frames, paced by
// the clock (an MJPEG live stream, playable by any browser in an <img>). A
// camera's frames are drawn once however many viewers watch it, and only
// while someone watches.
package sim

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"sync"
	"time"

	"anquan/kit/timefmt"
	"anquan/video/internal/biz"
)

// Frame size and rate.
const (
	Width  = 480
	Height = 270
	FPS    = 5
)

// Source hands out the frames of simulated cameras.
type Source struct {
	mu      sync.Mutex
	streams map[string]*stream
	// Now is the clock drawn on frames.
	Now func() time.Time
}

// New makes a source.
func New() *Source { return &Source{streams: map[string]*stream{}, Now: time.Now} }

type stream struct {
	subs map[chan []byte]struct{}
	last []byte
	stop chan struct{}
}

// Subscribe returns a channel of the JPEG frames of the camera key (the
// latest frame first, when one exists) and a cancel func. A slow viewer
// skips frames; it never holds up the others.
func (s *Source) Subscribe(key string) (<-chan []byte, func()) {
	c := make(chan []byte, 2)
	s.mu.Lock()
	st := s.streams[key]
	if st == nil {
		st = &stream{subs: map[chan []byte]struct{}{}, stop: make(chan struct{})}
		s.streams[key] = st
		go s.run(key, st)
	}
	st.subs[c] = struct{}{}
	if st.last != nil {
		c <- st.last
	}
	s.mu.Unlock()
	return c, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := st.subs[c]; !ok {
			return
		}
		delete(st.subs, c)
		if len(st.subs) == 0 {
			close(st.stop)
			delete(s.streams, key)
		}
	}
}

// Viewers is the number of streams open on key (for tests and figures).
func (s *Source) Viewers(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.streams[key]; st != nil {
		return len(st.subs)
	}
	return 0
}

func (s *Source) run(key string, st *stream) {
	t := time.NewTicker(time.Second / FPS)
	defer t.Stop()
	sc := newScene(key)
	for n := 0; ; n++ {
		frame := sc.render(n, s.Now())
		s.mu.Lock()
		st.last = frame
		for c := range st.subs {
			select {
			case c <- frame:
			default:
			}
		}
		s.mu.Unlock()
		select {
		case <-st.stop:
			return
		case <-t.C:
		}
	}
}

// Key is the simulator's name of a camera (its frames and colours).
func Key(c *biz.Camera) string { return c.TenantID + "/" + c.ChannelCode }

// Still draws one frame of a camera at time at: an alarm's snapshot.
func Still(c *biz.Camera, at time.Time) []byte {
	return newScene(Key(c)).render(int(at.Unix()%1000), at.In(timefmt.Zone))
}

type scene struct {
	img *image.RGBA
	hue color.RGBA
	buf bytes.Buffer
}

func newScene(key string) *scene {
	h := fnv.New32a()
	_, _ = h.Write([]byte(key))
	v := h.Sum32()
	return &scene{img: image.NewRGBA(image.Rect(0, 0, Width, Height)),
		hue: color.RGBA{R: uint8(60 + v%120), G: uint8(80 + (v>>8)%100), B: uint8(90 + (v>>16)%110), A: 255}}
}

func (sc *scene) fill(x0, y0, x1, y1 int, c color.RGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(sc.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		off := sc.img.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x++ {
			sc.img.Pix[off], sc.img.Pix[off+1], sc.img.Pix[off+2], sc.img.Pix[off+3] = c.R, c.G, c.B, 255
			off += 4
		}
	}
}

// render draws frame n: sky and ground in the camera's colours, two tanks, a
// worker walking across, a scan line, and the time as seven-segment digits.
func (sc *scene) render(n int, now time.Time) []byte {
	sky := color.RGBA{R: sc.hue.R / 3, G: sc.hue.G / 3, B: sc.hue.B/2 + 60, A: 255}
	ground := color.RGBA{R: 70, G: 72, B: 64, A: 255}
	sc.fill(0, 0, Width, Height*3/5, sky)
	sc.fill(0, Height*3/5, Width, Height, ground)
	tank := color.RGBA{R: 210, G: 210, B: 200, A: 255}
	sc.fill(60, 90, 160, 170, tank)
	sc.fill(190, 70, 300, 170, tank)
	sc.fill(60, 120, 300, 126, sc.hue)
	// A worker walking across and back.
	x := (n * 6) % (2 * (Width - 20))
	if x > Width-20 {
		x = 2*(Width-20) - x
	}
	sc.fill(x, 180, x+14, 215, color.RGBA{R: 30, G: 60, B: 160, A: 255})
	sc.fill(x+1, 170, x+13, 181, color.RGBA{R: 250, G: 200, B: 40, A: 255})
	// A scan line sweeping down.
	y := (n * 4) % Height
	sc.fill(0, y, Width, y+2, color.RGBA{R: 255, G: 255, B: 255, A: 255})
	// The time, HH:MM:SS, top left on a dark band.
	sc.fill(0, 0, Width, 34, color.RGBA{R: 10, G: 10, B: 10, A: 255})
	sc.clock(10, 6, now.Format("150405"))
	sc.fill(Width-26, 10, Width-12, 24, color.RGBA{R: 220, G: 30, B: 30, A: 255}) // REC
	sc.buf.Reset()
	_ = jpeg.Encode(&sc.buf, sc.img, &jpeg.Options{Quality: 70}) // an in-memory buffer
	return bytes.Clone(sc.buf.Bytes())
}

// Seven segments a-g of the digits 0-9.
var segs = [10]uint8{0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f}

func (sc *scene) clock(x, y int, digits string) {
	on := color.RGBA{R: 80, G: 255, B: 120, A: 255}
	const w, h, t = 12, 22, 3
	for i := 0; i < len(digits); i++ {
		d := segs[digits[i]-'0']
		dx := x + i*(w+6) + (i/2)*8
		bar := func(bit uint8, x0, y0, x1, y1 int) {
			if d&(1<<bit) != 0 {
				sc.fill(dx+x0, y+y0, dx+x1, y+y1, on)
			}
		}
		bar(0, 0, 0, w, t)
		bar(1, w-t, 0, w, h/2)
		bar(2, w-t, h/2, w, h)
		bar(3, 0, h-t, w, h)
		bar(4, 0, h/2, t, h)
		bar(5, 0, 0, t, h/2)
		bar(6, 0, h/2-1, w, h/2+2)
		if i == 1 || i == 3 {
			sc.fill(dx+w+4, y+5, dx+w+7, y+8, on)
			sc.fill(dx+w+4, y+14, dx+w+7, y+17, on)
		}
	}
}
