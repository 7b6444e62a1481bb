package api

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/conf"
	"anquan/kit/storage/s3fake"
	resourcev1 "anquan/proto/blade/resource/v1"
)

// Uploads and previews stream from the browser to storage and back: these
// tests send files the old single-message path could not carry (over 32
// MiB), generated while they are sent, and check what comes back by hash.

// generated is size bytes of a file: head, then pseudo-random bytes from a
// fixed seed (so the content is not compressible and is the same each run).
type generated struct {
	head []byte
	size int64
	seed byte
	// pause, when set, is called every probeEvery bytes of the upload.
	pause func()
}

func (g generated) reader() io.Reader {
	rest := io.LimitReader(rand.NewChaCha8([32]byte{g.seed}), g.size-int64(len(g.head)))
	return io.MultiReader(strings.NewReader(string(g.head)), rest)
}

func (g generated) sum(t *testing.T) [32]byte {
	t.Helper()
	h := sha256.New()
	if _, err := io.Copy(h, g.reader()); err != nil {
		t.Fatal(err)
	}
	var s [32]byte
	copy(s[:], h.Sum(nil))
	return s
}

var pngHead = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")

// uploadStream posts g as the multipart field "file" named filename with a
// chunked body written while it is sent (never held whole). withLength
// declares the body's length instead (the gateway can refuse it up front).
func (e *env) uploadStream(t *testing.T, tok, filename string, g generated, withLength bool) (int, map[string]any) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, err := mw.CreateFormFile("file", filename)
		if err == nil {
			r := g.reader()
			if g.pause != nil {
				r = &pausing{r: r, pause: g.pause}
			}
			_, err = io.Copy(fw, r)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest("POST", e.base+"/api/upload/put-file", pr)
	if err != nil {
		t.Fatal(err)
	}
	if withLength {
		// The multipart framing of one file field is small; its exact
		// length is the content's plus what a dry run writes around it.
		req.ContentLength = g.size + framing(mw.Boundary(), filename)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Blade-Auth", "bearer "+tok)
	res, err := (&http.Client{Timeout: 5 * time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	_ = pr.CloseWithError(io.ErrClosedPipe) // the gateway may answer before reading everything
	var body map[string]any
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatalf("upload answer (%d) not JSON: %v", res.StatusCode, err)
	}
	return res.StatusCode, body
}

// uploadBroken starts an upload of g and breaks the connection after
// `after` bytes of content, as a browser closed mid-upload.
func (e *env) uploadBroken(t *testing.T, tok, filename string, g generated, after int64) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, err := mw.CreateFormFile("file", filename)
		if err == nil {
			_, err = io.Copy(fw, io.LimitReader(g.reader(), after))
		}
		if err == nil {
			err = errors.New("the user closed the page")
		}
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest("POST", e.base+"/api/upload/put-file", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Blade-Auth", "bearer "+tok)
	res, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err == nil {
		_ = res.Body.Close()
		t.Fatalf("a broken upload was answered: %d", res.StatusCode)
	}
}

// framing is the multipart overhead around one file field.
func framing(boundary, filename string) int64 {
	var n countWriter
	mw := multipart.NewWriter(&n)
	_ = mw.SetBoundary(boundary)
	_, _ = mw.CreateFormFile("file", filename)
	_ = mw.Close()
	return int64(n)
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// download reads a preview through the gateway and returns its hash, size
// and headers (pause, when not nil, is called every probeEvery bytes). It
// asks for the content as stored (no gzip from the gateway), so
// Content-Length reaches the test as the gateway set it.
func (e *env) download(t *testing.T, tok, name string, pause func()) (int, http.Header, [32]byte, int64) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.base+"/api/upload/preview/"+name, nil)
	req.Header.Set("Blade-Auth", "bearer "+tok)
	req.Header.Set("Accept-Encoding", "identity")
	res, err := (&http.Client{Timeout: 5 * time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	h := sha256.New()
	var body io.Reader = res.Body
	if pause != nil {
		body = &pausing{r: body, pause: pause}
	}
	n, err := io.Copy(h, body)
	if err != nil {
		t.Fatalf("download: %v after %d bytes", err, n)
	}
	var s [32]byte
	copy(s[:], h.Sum(nil))
	return res.StatusCode, res.Header, s, n
}

// heapProbe measures the heap the process still holds (after a forced
// collection) at checkpoints where the transfer is paused: the test stops
// feeding (upload) or reading (download), the pipeline fills every buffer
// it has and stalls, and only then is the heap measured. Sampling while
// bytes flow would count the chunks allocated during the collection's own
// mark phase as live, which says when the collector ran, not what the
// process holds.
type heapProbe struct {
	base, peak uint64
	samples    int
}

func newHeapProbe() *heapProbe {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return &heapProbe{base: m.HeapAlloc}
}

func (p *heapProbe) sample() {
	time.Sleep(100 * time.Millisecond)
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	p.samples++
	p.peak = max(p.peak, m.HeapAlloc)
}

// growth is the largest heap at a checkpoint over the level before.
func (p *heapProbe) growth() uint64 {
	if p.peak < p.base {
		return 0
	}
	return p.peak - p.base
}

// probeEvery is the distance between checkpoints.
const probeEvery = 16 << 20

// pausing calls pause each time another probeEvery bytes were read.
type pausing struct {
	r     io.Reader
	n     int64
	pause func()
}

func (p *pausing) Read(b []byte) (int, error) {
	if len(b) > probeEvery-int(p.n%probeEvery) {
		b = b[:probeEvery-int(p.n%probeEvery)]
	}
	n, err := p.r.Read(b)
	p.n += int64(n)
	if n > 0 && p.n%probeEvery == 0 {
		p.pause()
	}
	return n, err
}

// rssPeak is the process's peak resident size (VmHWM), 0 when unknown.
func rssPeak() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			kb, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// storedFiles lists the regular files (objects and temp files) under the
// local store's folder.
func storedFiles(t *testing.T, c *conf.Config) []string {
	t.Helper()
	dir := c.Storage.Dir
	if dir == "" {
		dir = c.Path("files")
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// without is list less the entries of before (files that were there before the test acted).
func without(list, before []string) []string {
	had := make(map[string]bool, len(before))
	for _, p := range before {
		had[p] = true
	}
	var out []string
	for _, p := range list {
		if !had[p] {
			out = append(out, p)
		}
	}
	return out
}

// uploadSizeMB is the large upload's size (ANQUAN_UPLOAD_MB, default 200).
func uploadSizeMB() int64 {
	if v, err := strconv.ParseInt(os.Getenv("ANQUAN_UPLOAD_MB"), 10, 64); err == nil && v > 0 {
		return v
	}
	return 200
}

const mb = 1 << 20

// TestUploadStreamsLargeFileInBoundedMemory: a 200 MB file (generated
// while it is sent) goes through the gateway into local storage and comes
// back identical, and the process (gateway and services in one) holds less
// than 32 MB more heap at any time of the upload or the download.
func TestUploadStreamsLargeFileInBoundedMemory(t *testing.T) {
	for _, b := range backends[:1] {
		t.Run(b.name, func(t *testing.T) {
			size := uploadSizeMB() * mb
			e := start(t, b, func(c *conf.Config) { c.Storage.MaxUpload = size + mb })
			op := e.login("100001", "operator1", "123456")
			g := generated{head: pngHead, size: size, seed: 1}
			want := g.sum(t)

			up := newHeapProbe()
			g.pause = up.sample
			startUp := time.Now()
			code, body := e.uploadStream(t, op, "巡检录像截图.png", g, false)
			upTime := time.Since(startUp) - time.Duration(up.samples)*100*time.Millisecond
			if code != 200 || body["success"] != true {
				t.Fatalf("upload: %d %v", code, body)
			}
			d, _ := body["data"].(map[string]any)
			name, _ := d["name"].(string)
			if d["size"] != float64(size) {
				t.Fatalf("stored size %v, want %d", d["size"], size)
			}

			down := newHeapProbe()
			startDown := time.Now()
			dcode, hdr, got, read := e.download(t, op, name, down.sample)
			downTime := time.Since(startDown) - time.Duration(down.samples)*100*time.Millisecond
			if dcode != 200 || got != want || read != size {
				t.Fatalf("download: %d, %d bytes, same content: %v", dcode, read, got == want)
			}
			if hdr.Get("Content-Type") != "image/png" || hdr.Get("Content-Length") != strconv.FormatInt(size, 10) || !strings.Contains(hdr.Get("Content-Disposition"), "inline") {
				t.Fatalf("download headers: %v", hdr)
			}
			t.Logf("%d MB: upload %.0f MB/s, heap held +%.1f MB (%d checkpoints); download %.0f MB/s, heap held +%.1f MB (%d checkpoints); process peak RSS %.0f MB",
				size/mb, float64(size)/mb/upTime.Seconds(), float64(up.growth())/mb, up.samples, float64(size)/mb/downTime.Seconds(), float64(down.growth())/mb, down.samples, float64(rssPeak())/mb)
			if up.growth() > 32*mb || down.growth() > 32*mb {
				t.Fatalf("heap held grew by %.1f MB (upload) / %.1f MB (download); want under 32 MB", float64(up.growth())/mb, float64(down.growth())/mb)
			}
		})
	}
}

// TestUploadOverLimitOrSpoofedLeavesNothing: a streamed upload over the
// limit is refused with the size message once the limit is passed (or, with
// a declared length over it, by the gateway before reading), an .exe
// renamed .png is refused by its first bytes however long it is, and
// neither leaves an object or a temp file behind.
func TestUploadOverLimitOrSpoofedLeavesNothing(t *testing.T) {
	for _, b := range backends[:1] {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, func(c *conf.Config) { c.Storage.MaxUpload = 8 * mb })
			op := e.login("100001", "operator1", "123456")
			seeded := storedFiles(t, e.cfg) // the demo tenant's course media, stored at start
			refusals(t, e, op, 8)
			if left := without(storedFiles(t, e.cfg), seeded); len(left) != 0 {
				t.Fatalf("refused uploads left files: %v", left)
			}
			e.uploadBroken(t, op, "断开.png", generated{head: pngHead, size: 8 * mb, seed: 6}, 3*mb)
			eventually(t, "a broken upload's temp file to go", func() bool { return len(without(storedFiles(t, e.cfg), seeded)) == 0 })
			// Within the limit the same path stores.
			g := generated{head: pngHead, size: 8 * mb, seed: 3}
			code, body := e.uploadStream(t, op, "a.png", g, false)
			if code != 200 || body["success"] != true {
				t.Fatalf("upload at the limit: %d %v", code, body)
			}
			if left := without(storedFiles(t, e.cfg), seeded); len(left) != 1 {
				t.Fatalf("one upload stored: %v", left)
			}
		})
	}
}

// refusals sends what a store with a limit of limitMB must refuse.
func refusals(t *testing.T, e *env, op string, limitMB int64) {
	t.Helper()
	over := generated{head: pngHead, size: (limitMB + 8) * mb, seed: 2}
	code, body := e.uploadStream(t, op, "over.png", over, false)
	if code != 400 || body["code"] != float64(400) || body["success"] != false || body["msg"] != fmt.Sprintf("文件大小不能超过 %d MB", limitMB) {
		t.Fatalf("over the limit (streamed): %d %v", code, body)
	}
	code, body = e.uploadStream(t, op, "over.png", over, true)
	if code != 413 || body["success"] != false || body["msg"] != "请求体过大" {
		t.Fatalf("over the limit (declared length): %d %v", code, body)
	}
	exe := generated{head: []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), size: 3 * mb, seed: 4}
	code, body = e.uploadStream(t, op, "巡检照片.png", exe, false)
	if code != 400 || body["success"] != false || body["msg"] != "文件内容与扩展名 .png 不符,请上传真实的图片文件" {
		t.Fatalf("exe renamed .png: %d %v", code, body)
	}
}

// TestUploadStreamsToS3: against an S3-compatible store (the
// signature-checking fake) a file larger than a part goes up as a
// multipart upload and comes back identical; refused uploads leave no
// object and no open multipart upload.
func TestUploadStreamsToS3(t *testing.T) {
	fake := s3fake.New("minio", "minio-secret", "us-east-1")
	s3 := httptest.NewServer(fake)
	defer s3.Close()
	e := start(t, backends[0], func(c *conf.Config) {
		c.Storage = conf.Storage{Driver: "s3", Endpoint: s3.URL, Region: "us-east-1", Bucket: "anquan", AccessKey: "minio", SecretKey: "minio-secret", MaxUpload: 20 * mb}
	})
	op := e.login("100001", "operator1", "123456")
	seeded := fake.Paths() // the demo tenant's course media, stored at start
	refusals(t, e, op, 20)
	if p, n := without(fake.Paths(), seeded), fake.Pending(); len(p) != 0 || n != 0 {
		t.Fatalf("refused uploads left objects %v, open multipart uploads %d", p, n)
	}
	// Broken after two parts went up: the multipart upload is aborted.
	e.uploadBroken(t, op, "断开.pdf", generated{head: []byte("%PDF-1.4\n"), size: 20 * mb, seed: 6}, 17*mb)
	eventually(t, "a broken upload's multipart upload to be aborted", func() bool { return len(without(fake.Paths(), seeded)) == 0 && fake.Pending() == 0 })

	// 18 MiB: parts of 8, 8 and 2 MiB.
	g := generated{head: []byte("%PDF-1.4\n"), size: 18 * mb, seed: 5}
	code, body := e.uploadStream(t, op, "整改报告.pdf", g, false)
	if code != 200 || body["success"] != true {
		t.Fatalf("upload to s3: %d %v", code, body)
	}
	name, _ := body["data"].(map[string]any)["name"].(string)
	stored, ok := fake.Object("/anquan/100001/" + name)
	if !ok || sha256.Sum256(stored) != g.sum(t) {
		t.Fatalf("object in the bucket: %v, %d bytes", ok, len(stored))
	}
	if multipart := strings.Join(fake.Seen(), "\n"); !strings.Contains(multipart, "uploadId") {
		t.Fatalf("a file of unknown size did not go up in parts: %s", multipart)
	}
	code, hdr, got, n := e.download(t, op, name, nil)
	if code != 200 || got != g.sum(t) || n != g.size || hdr.Get("Content-Type") != "application/pdf" {
		t.Fatalf("download from s3: %d %d bytes %v", code, n, hdr)
	}
	if fake.Pending() != 0 {
		t.Fatalf("open multipart uploads after a stored file: %d", fake.Pending())
	}
}

// TestResourceStreamsHoldDirectCallersToTheToken: blade-resource's
// streaming methods, reached on its gRPC port without the gateway, refuse
// a call without a valid token before reading any content, validate every
// message, and store a file for the token's tenant (the gateway previews
// it for that tenant's user).
func TestResourceStreamsHoldDirectCallersToTheToken(t *testing.T) {
	e := start(t, backends[0])
	op := e.login("100001", "operator1", "123456")
	conn, err := grpc.NewClient("passthrough:///"+e.stack.Infra.Dialer.Addr("resource"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }() // best-effort cleanup in a test
	rc := resourcev1.NewResourceServiceClient(conn)
	with := func(tok string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	}
	put := func(ctx context.Context, chunks ...[]byte) (*resourcev1.StoredFile, error) {
		st, err := rc.PutFile(ctx)
		if err != nil {
			return nil, err
		}
		msgs := []*resourcev1.PutFileRequest{{Part: &resourcev1.PutFileRequest_Meta{Meta: &resourcev1.PutFileMeta{OriginalName: "直传.png", Size: -1}}}}
		for _, c := range chunks {
			msgs = append(msgs, &resourcev1.PutFileRequest{Part: &resourcev1.PutFileRequest_Chunk{Chunk: c}})
		}
		for _, m := range msgs {
			if err := st.Send(m); err != nil {
				break // the status comes with CloseAndRecv
			}
		}
		return st.CloseAndRecv()
	}
	png := append(append([]byte(nil), pngHead...), make([]byte, 1000)...)
	if _, err := put(context.Background(), png); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("upload without a token: %v, want Unauthenticated", err)
	}
	if _, err := put(with(op+"x"), png); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("upload with a forged token: %v, want Unauthenticated", err)
	}
	if _, err := put(with(op), png, make([]byte, 1<<20+1)); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("a chunk over its bound: %v, want InvalidArgument", err)
	}
	if st, err := rc.PreviewFile(context.Background(), &resourcev1.FileName{FileName: "0123456789abcdef0123456789abcdef.png"}); err == nil {
		if _, err := st.Recv(); status.Code(err) != codes.Unauthenticated {
			t.Fatalf("preview without a token: %v, want Unauthenticated", err)
		}
	}
	f, err := put(with(op), png[:500], png[500:])
	if err != nil || f.Size != int64(len(png)) {
		t.Fatalf("upload with the token: %v %v", f, err)
	}
	if code, ct, body := e.raw(t, "/api/upload/preview/"+f.Name, op); code != 200 || ct != "image/png" || len(body) != len(png) {
		t.Fatalf("the tenant's user previews it through the gateway: %d %s %d bytes", code, ct, len(body))
	}
}
