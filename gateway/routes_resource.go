package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	"anquan/kit/ident"
	"anquan/kit/iox"
	resourcev1 "anquan/proto/blade/resource/v1"
)

// uploadChunk is the content of one upload message to blade-resource: the
// gateway holds one such buffer per upload in flight, never the file.
const uploadChunk = 256 << 10

// uploadSlack is what an upload's body may hold beyond the file size limit
// (see limitBody in New).
const uploadSlack = 4 << 20

// blade-resource: attachments (/api/upload). Multipart upload and file
// download are not proto mappings, so they are plain handlers here.
func init() {
	addRoute(Route{
		Service:  "resource",
		Register: func(context.Context, *runtime.ServeMux, grpc.ClientConnInterface) error { return nil },
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"/api/upload/put-file": func(c grpc.ClientConnInterface) http.Handler {
				return putFile(resourcev1.NewResourceServiceClient(c))
			},
			"/api/upload/preview/": func(c grpc.ClientConnInterface) http.Handler {
				return previewFile(resourcev1.NewResourceServiceClient(c))
			},
			"/api/upload/delete": func(c grpc.ClientConnInterface) http.Handler {
				return removeFile(resourcev1.NewResourceServiceClient(c))
			},
		},
	})
}

// signedIn answers 401 unless the request carried a valid token (header or,
// for <img> tags, ?blade-auth=; authenticate already read both).
func signedIn(w http.ResponseWriter, r *http.Request) bool {
	if ident.From(r.Context()) == nil {
		writeBlade(w, http.StatusUnauthorized, "请求未授权")
		return false
	}
	return true
}

func writeData(w http.ResponseWriter, data any) {
	w.Header().Set("Content-Type", contentTypeJSON)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": 200, "success": true, "data": data, "msg": "操作成功"})
}

func putFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		mr, err := r.MultipartReader()
		if err != nil {
			writeBlade(w, http.StatusBadRequest, "请使用 multipart/form-data 上传文件 (字段 file)")
			return
		}
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				writeBlade(w, http.StatusBadRequest, "缺少上传文件 (字段 file)")
				return
			}
			if err != nil {
				uploadReadError(w, err)
				return
			}
			if part.FormName() != "file" {
				continue
			}
			f, err := streamUpload(r, c, part)
			if err != nil {
				var re readError
				if errors.As(err, &re) {
					uploadReadError(w, re.error)
					return
				}
				errorHandler(r.Context(), nil, nil, w, r, err)
				return
			}
			writeData(w, map[string]any{"name": f.Name, "link": f.Link, "originalName": f.OriginalName, "size": f.Size, "domain": "", "attachId": ""})
			return
		}
	})
}

// readError: the upload's body could not be read (client gone, body over
// the gateway's limit).
type readError struct{ error }

// streamUpload forwards the file part to blade-resource as it is read: the
// meta message, then chunks of uploadChunk bytes, then the half-close that
// ends the file. When the body cannot be read the call is cancelled, not
// half-closed, so the service stores nothing; when the service refuses
// (type, size) it ends the stream and its answer is returned.
func streamUpload(r *http.Request, c resourcev1.ResourceServiceClient, part *multipart.Part) (*resourcev1.StoredFile, error) {
	ctx, cancel := context.WithCancel(OutgoingContext(r))
	defer cancel()
	st, err := c.PutFile(ctx)
	if err != nil {
		return nil, err
	}
	meta := &resourcev1.PutFileMeta{OriginalName: part.FileName(), DeclaredType: part.Header.Get("Content-Type"), Size: -1}
	if err := st.Send(&resourcev1.PutFileRequest{Part: &resourcev1.PutFileRequest_Meta{Meta: meta}}); err != nil {
		return closeUpload(st, err)
	}
	for {
		// A fresh buffer per message: a sent message is not to be modified.
		buf := make([]byte, uploadChunk)
		n, rerr := iox.Fill(part, buf) // io.EOF only at the part's boundary
		if n > 0 {
			if err := st.Send(&resourcev1.PutFileRequest{Part: &resourcev1.PutFileRequest_Chunk{Chunk: buf[:n]}}); err != nil {
				return closeUpload(st, err)
			}
		}
		if rerr == io.EOF {
			return st.CloseAndRecv()
		}
		if rerr != nil {
			cancel()
			return nil, readError{rerr}
		}
	}
}

// closeUpload: Send fails with io.EOF when the service has ended the call
// (a refusal); its status comes with the answer.
func closeUpload(st resourcev1.ResourceService_PutFileClient, err error) (*resourcev1.StoredFile, error) {
	if err != io.EOF {
		return nil, err
	}
	return st.CloseAndRecv()
}

func uploadReadError(w http.ResponseWriter, err error) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeBlade(w, http.StatusRequestEntityTooLarge, "上传文件过大")
		return
	}
	writeBlade(w, http.StatusBadRequest, "上传文件读取失败")
}

func previewFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/api/upload/preview/")
		ctx, cancel := context.WithCancel(OutgoingContext(r))
		defer cancel()
		st, err := c.PreviewFile(ctx, &resourcev1.FileName{FileName: name})
		var first *resourcev1.FileChunk
		if err == nil {
			first, err = st.Recv()
		}
		if err == nil && first.GetFile() == nil {
			err = errors.New("preview stream without the file's description")
		}
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		f := first.GetFile()
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		h.Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": f.OriginalName}))
		h.Set("X-Content-Type-Options", "nosniff")
		// A tenant's file behind a token: private caches only.
		h.Set("Cache-Control", "private, max-age=3600")
		if r.Method == http.MethodHead {
			return
		}
		// The content as it arrives, one chunk at a time. A failure now
		// cannot change the status: the connection ends short of
		// Content-Length, which the client sees as a broken download.
		for {
			m, err := st.Recv()
			if err == io.EOF {
				return
			}
			if err != nil {
				slog.Warn("preview stream broken", "file", name, "err", err, "request_id", ident.RequestID(r.Context()))
				return
			}
			if _, err := w.Write(m.GetData()); err != nil {
				return
			}
		}
	})
}

func removeFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		name := r.URL.Query().Get("fileName")
		if name == "" {
			if err := r.ParseForm(); err != nil {
				writeBlade(w, http.StatusBadRequest, "请求参数错误,请检查表单内容")
				return
			}
			name = r.PostForm.Get("fileName")
		}
		if _, err := c.RemoveFile(OutgoingContext(r), &resourcev1.FileName{FileName: name}); err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		writeData(w, true)
	})
}
